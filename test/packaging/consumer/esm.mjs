// Run from a scratch project that installed the packed tarball: the ESM entries work at runtime.
import assert from 'node:assert/strict';
import { createClient } from 'order-fulfillment-sdk';
import { createMockService, MOCK_API_KEY } from 'order-fulfillment-sdk/mock';

assert.equal(typeof createClient, 'function');
const mock = createMockService({ orders: 3 });
const server = await mock.listen({ port: 0 });
try {
  const client = createClient({ hostUrl: server.hostUrl, apiKey: MOCK_API_KEY });
  const page = await client.orders.list({ limit: 2 });
  assert.equal(page.items.length, 2);
  assert.equal(typeof page.items[0].id, 'string');
  console.log(`ESM import: listed ${page.items.length} of ${page.total} orders`);
} finally {
  await server.close();
}
