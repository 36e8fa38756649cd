// Type-checked in a scratch project against the published declarations, under moduleResolution
// node16 (as ESM and as CJS) and bundler. Fails if an export resolves to `any`.
import { createClient, type OffsetOrder, type Order, type OrderPage } from 'order-fulfillment-sdk';
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

export async function firstOrderId(): Promise<string | undefined> {
  const mock = createMockService({ orders: 1 });
  const server = await mock.listen({ port: 0 });
  try {
    const client = createClient({ hostUrl: server.hostUrl, apiKey: MOCK_API_KEY });
    const page: OrderPage = await client.orders.list({ limit: 1 });
    // An offset page's orders may lack updated_at, which only cursor mode relies on.
    const first: OffsetOrder | undefined = page.items[0];
    return first?.id;
  } finally {
    await server.close();
  }
}
