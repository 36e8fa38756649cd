// Type-checked in a scratch project against the published declarations, in the configurations
// scripts/pack-smoke-types.ts lists. Fails if an export resolves to `any`: each Expect<IsAny>
// fails, and each @ts-expect-error is left unused (an error), when its type reads as any.
import {
  createClient,
  createMemorySeenStore,
  createWebhookHandler,
  type OffsetOrder,
  type Order,
  type OrderPage,
  signWmsPayloadAsync,
  toNodeListener,
} from 'order-fulfillment-sdk';
import { createMockService, MOCK_API_KEY } from 'order-fulfillment-sdk/mock';

type IsAny<T> = 0 extends 1 & T ? true : false;
type Expect<T extends false> = T;

export type Checks = [
  Expect<IsAny<typeof createClient>>,
  Expect<IsAny<typeof createMockService>>,
  Expect<IsAny<OrderPage>>,
  Expect<IsAny<Order['id']>>,
  Expect<IsAny<OffsetOrder['id']>>,
  Expect<IsAny<Awaited<ReturnType<ReturnType<typeof createClient>['orders']['list']>>>>,
];

// Under `declaration: true` (tsc --init's), every inferred type here must be nameable from the
// package's own entries, not from its internal chunks.
export const mock = createMockService({ orders: 1 });
export const client = createClient({ hostUrl: mock.hostUrl, apiKey: MOCK_API_KEY });
export const pages = client.orders.pages({ limit: 10 });
// MSW's own layout: a handlers module that the tests and the browser worker share.
export const handlers = [...mock.handlers];
export const orders = client.orders.iterate({ prefetch: 2 });
export const products = client.products.iterate({ page_size: 50 });
export const firstPage = client.orders.list({ limit: 1 }).withResponse();
export const signature = signWmsPayloadAsync('{}', 'secret', new Date());
export const events = createWebhookHandler({
  secret: 'secret',
  on: { 'order.updated': () => {} },
  seen: createMemorySeenStore(),
});
export const slowOrders = mock.faults.add({ path: '/orders', delayMs: 10 });
export const listener = toNodeListener(
  createWebhookHandler({ secret: 'secret', on: { 'order.updated': () => {} } }),
);

export async function firstOrderId(): Promise<string | undefined> {
  const server = await mock.listen({ port: 0 });
  try {
    const client = createClient({ hostUrl: server.hostUrl, apiKey: MOCK_API_KEY });
    const page: OrderPage = await client.orders.list({ limit: 1 });
    // An offset page's orders may lack updated_at, which only cursor mode relies on.
    const first: OffsetOrder | undefined = page.items[0];
    // @ts-expect-error an order id is a string
    await client.orders.get(1042);
    // @ts-expect-error headers are a Headers, [name, value] pairs or a record of strings
    await client.orders.get('1042', { headers: 42 });
    // @ts-expect-error a listener takes node:http's request and response
    await listener(1, 2);
    return first?.id;
  } finally {
    await server.close();
  }
}
