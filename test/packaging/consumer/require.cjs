// Run from a scratch project that installed the packed tarball: the CJS entries work at runtime,
// and requiring the SDK entry alone loads no msw.
const assert = require('node:assert/strict');
const { createClient } = require('order-fulfillment-sdk');

const msw = Object.keys(require.cache).filter((path) =>
  /[\\/]node_modules[\\/](msw|@mswjs)[\\/]/.test(path),
);
assert.deepEqual(msw, [], 'require("order-fulfillment-sdk") must not load msw');

const { createMockService, MOCK_API_KEY } = require('order-fulfillment-sdk/mock');

(async () => {
  const mock = createMockService({ orders: 3 });
  const server = await mock.listen({ port: 0 });
  try {
    const client = createClient({ hostUrl: server.hostUrl, apiKey: MOCK_API_KEY });
    const page = await client.orders.list({ limit: 2 });
    assert.equal(page.items.length, 2);
    console.log(
      `CJS require: listed ${page.items.length} of ${page.total} orders; msw not loaded by the SDK entry`,
    );
  } finally {
    await server.close();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
