// The public types of order-fulfillment-sdk/mock, checked at compile time.
import type { RequestHandler } from 'msw';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createMockService,
  type DeliveryAttempt,
  type MockOrder,
  type MockServer,
  type MockServiceOptions,
  type MockSubscription,
  type Scope,
} from '../../mock/index.js';

describe('mock public types', () => {
  it('types the service', () => {
    const mock = createMockService();
    expectTypeOf(createMockService).parameter(0).toEqualTypeOf<MockServiceOptions | undefined>();
    expectTypeOf(mock.handlers).toEqualTypeOf<RequestHandler[]>();
    expectTypeOf(mock.listen).returns.toEqualTypeOf<Promise<MockServer>>();
    expectTypeOf(mock.orders.get).returns.toEqualTypeOf<MockOrder | undefined>();
    expectTypeOf(mock.orders.create).returns.toEqualTypeOf<MockOrder>();
    expectTypeOf(mock.deliveries).toEqualTypeOf<readonly DeliveryAttempt[]>();
    expectTypeOf(mock.subscriptions).toEqualTypeOf<readonly MockSubscription[]>();
    expectTypeOf<Scope>().toEqualTypeOf<
      'orders:read' | 'webhooks:manage' | 'products:read' | 'shipping:read'
    >();
    expectTypeOf<MockOrder['status']>().toEqualTypeOf<string>();
    expectTypeOf<MockOrder['shipments']>().not.toBeUndefined();
  });
});
