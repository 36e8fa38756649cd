// Run from a scratch project without msw, or with one older than the peer range, given the
// line the mock must fail with: the SDK entry works, importing the mock fails at once with it.
import assert from 'node:assert/strict';

const expected = process.argv[2];
assert.ok(expected, 'usage: node without-msw.mjs <expected message>');

const { createClient } = await import('order-fulfillment-sdk');
const client = createClient({ hostUrl: 'https://shop.example.com', apiKey: 'key' });
assert.equal(typeof client.orders.list, 'function');

await assert.rejects(import('order-fulfillment-sdk/mock'), (error) => {
  assert.equal(error.message, expected);
  return true;
});
console.log(`ESM: the SDK loads; import('order-fulfillment-sdk/mock') throws\n  ${expected}`);
