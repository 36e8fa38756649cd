// The public entry: the names the issue promises, their types, and a platform-neutral module
// graph (no msw, no static node: import).
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  ApiError,
  Client,
  FulfillmentResult,
  Order,
  OrderCursor,
  OrderDetail,
  OrderItemList,
  OrderPage,
  ProductList,
  RateLimitError,
  ValidationError,
  ValidationIssue,
  WebhookSubscription,
} from '../src/index.js';
import * as sdk from '../src/index.js';

describe('the public entry', () => {
  it('exports the promised names', () => {
    for (const name of [
      'createClient',
      'ProductsClient',
      'OrdersClient',
      'WebhooksClient',
      'FulfillmentClient',
      'signWmsPayload',
      'verifyWmsSignature',
      'ApiError',
      'AuthenticationError',
      'PlanRequiredError',
      'PermissionDeniedError',
      'NotFoundError',
      'ValidationError',
      'RateLimitError',
      'SignatureVerificationError',
      'ConflictError',
      'ServerError',
      'ConnectionError',
      'TimeoutError',
      'ResponseValidationError',
      'ConfigurationError',
      'OrderSchema',
      'OrderCursorPageSchema',
      'ORIGIN_CURSOR',
      'APIPromise',
      'AbortError',
      'SDK_VERSION',
      'signWmsPayloadAsync',
      'verifyWmsSignatureAsync',
    ]) {
      expect(sdk, name).toHaveProperty(name);
    }
  });

  it('types every call from the schemas', () => {
    const client = sdk.createClient({ hostUrl: 'https://shop.example.test', apiKey: 'k' });
    expectTypeOf(client).toEqualTypeOf<Client>();
    expectTypeOf(client.products.list).returns.resolves.toEqualTypeOf<ProductList>();
    expectTypeOf(client.orders.list).returns.resolves.toEqualTypeOf<OrderPage>();
    expectTypeOf(client.orders.get).returns.resolves.toEqualTypeOf<OrderDetail>();
    expectTypeOf(client.orders.items).returns.resolves.toEqualTypeOf<OrderItemList>();
    expectTypeOf(client.webhooks.create).returns.resolves.toEqualTypeOf<WebhookSubscription>();
    expectTypeOf(
      client.fulfillment.notifyShipped,
    ).returns.resolves.toEqualTypeOf<FulfillmentResult>();
    expectTypeOf(client.orders.iterate()).toMatchTypeOf<AsyncIterable<Order>>();
    expectTypeOf(client.orders.iterate().checkpoint).toEqualTypeOf<OrderCursor>();
    expectTypeOf(client.orders.pages().cursor).toEqualTypeOf<OrderCursor>();
    expectTypeOf(client.fulfillment.notifyShipped)
      .parameter(0)
      .toEqualTypeOf<{ inbound_order_id: string } | { source: string; external_ref: string }>();
    // @ts-expect-error: query parameters keep the wire's snake_case names
    const misspelt = () => client.products.list({ pageSize: 10 });
    expectTypeOf(misspelt).toBeFunction();
  });

  it('types the errors', () => {
    expectTypeOf<RateLimitError['status']>().toEqualTypeOf<429>();
    expectTypeOf<RateLimitError['retryAfter']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ValidationError['issues']>().toEqualTypeOf<ValidationIssue[]>();
    expectTypeOf<ApiError['cursor']>().toEqualTypeOf<OrderCursor | undefined>();
    expectTypeOf<RateLimitError['name']>().toEqualTypeOf<'RateLimitError'>();
  });

  it('imports neither msw nor a node: module', () => {
    const seen = new Set<string>();
    const pending = [new URL('../src/index.ts', import.meta.url)];
    const imported: string[] = [];
    while (pending.length > 0) {
      const file = pending.pop() as URL;
      if (seen.has(file.href)) continue;
      seen.add(file.href);
      const source = readFileSync(file, 'utf8');
      for (const [, specifier] of source.matchAll(/^(?:import|export)[^'";]*from '([^']+)'/gm)) {
        if (!specifier) continue;
        if (specifier.startsWith('.'))
          pending.push(new URL(specifier.replace(/\.js$/, '.ts'), file));
        else imported.push(specifier);
      }
    }
    expect(imported.filter((name) => name.startsWith('node:') || name.startsWith('msw'))).toEqual(
      [],
    );
    // zod/v4/core is the core zod/mini itself is built on (the same module instance): the
    // SDK takes one builder from it directly rather than through the z.iso namespace.
    expect(new Set(imported)).toEqual(new Set(['ky', 'zod/mini', 'zod/v4/core']));
  });
});
