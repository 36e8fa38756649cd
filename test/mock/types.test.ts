// The public types of order-fulfillment-sdk/mock, checked at compile time.
import type { HttpHandler, RequestHandler } from 'msw';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createMockService,
  type DeliveryAttempt,
  type FaultRule,
  type MockOrder,
  type MockRequest,
  type MockServer,
  type MockServiceOptions,
  type MockSubscription,
  type Scope,
  type StoredFaultRule,
} from '../../mock/index.js';
import type { FetchLike, OrderStatus, Platform } from '../../src/index.js';

describe('mock public types', () => {
  it('types the service', () => {
    const mock = createMockService();
    expectTypeOf(createMockService).parameter(0).toEqualTypeOf<MockServiceOptions | undefined>();
    // HttpHandler, not RequestHandler: with RequestHandler's defaults the type names one that
    // msw does not export, so `export const handlers = mock.handlers` failed under `declaration`.
    expectTypeOf(mock.handlers).toEqualTypeOf<HttpHandler[]>();
    expectTypeOf(mock.handlers).toExtend<RequestHandler[]>();
    expectTypeOf(mock.listen).returns.toEqualTypeOf<Promise<MockServer>>();
    // A client's fetch, and a plain fetch for any other code.
    expectTypeOf(mock.fetch).toExtend<FetchLike>();
    expectTypeOf(mock.fetch).toEqualTypeOf<
      (input: Request | string | URL, init?: RequestInit) => Promise<Response>
    >();
    expectTypeOf(mock.fetch).parameters.toEqualTypeOf<Parameters<typeof fetch>>();
    expectTypeOf(mock.orders.get).returns.toEqualTypeOf<MockOrder | undefined>();
    expectTypeOf(mock.orders.create).returns.toEqualTypeOf<MockOrder>();
    expectTypeOf(mock.deliveries).toEqualTypeOf<readonly DeliveryAttempt[]>();
    expectTypeOf(mock.subscriptions).toEqualTypeOf<readonly MockSubscription[]>();
    expectTypeOf<Scope>().toEqualTypeOf<
      'orders:read' | 'webhooks:manage' | 'products:read' | 'shipping:read'
    >();
    // The SDK's types: the editor offers the known values, and any string is still taken.
    expectTypeOf<MockOrder['status']>().toEqualTypeOf<OrderStatus>();
    expectTypeOf<MockOrder['platform']>().toEqualTypeOf<Platform>();
    expectTypeOf<'OnHold'>().toExtend<MockOrder['status']>();
    expectTypeOf<MockOrder['shipments']>().not.toBeUndefined();
  });

  it('types the fault rules and the journal', () => {
    const mock = createMockService();
    expectTypeOf(mock.faults.add).parameter(0).toEqualTypeOf<FaultRule>();
    expectTypeOf(mock.faults.add).returns.toEqualTypeOf<string>();
    expectTypeOf(mock.faults.list).returns.toEqualTypeOf<StoredFaultRule[]>();
    expectTypeOf<FaultRule['error']>().toEqualTypeOf<'reset' | 'truncate' | 'stall' | undefined>();
    expectTypeOf(mock.requests).toExtend<readonly MockRequest[]>();
    expectTypeOf(mock.requests.clear).toEqualTypeOf<() => void>();
    expectTypeOf<MockRequest['status']>().toEqualTypeOf<number | null>();
    expectTypeOf<MockRequest['keyId']>().toEqualTypeOf<string | null>();
    // Compiled, not run: a misspelt effect does not compile.
    // @ts-expect-error: the field is `delayMs`
    const misspelt = () => mock.faults.add({ path: '/x', delay: 5 });
    expectTypeOf(misspelt).returns.toEqualTypeOf<string>();
  });
});
