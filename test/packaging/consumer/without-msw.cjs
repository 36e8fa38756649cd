// Run from a scratch project without msw, or with one older than the peer range, given the
// line the mock must fail with: the SDK entry works, requiring the mock fails at once with it.
const assert = require('node:assert/strict');

const expected = process.argv[2];
assert.ok(expected, 'usage: node without-msw.cjs <expected message>');

const { createClient } = require('order-fulfillment-sdk');
const client = createClient({ hostUrl: 'https://shop.example.com', apiKey: 'key' });
assert.equal(typeof client.orders.list, 'function');

assert.throws(() => require('order-fulfillment-sdk/mock'), { message: expected });
console.log(`CJS: the SDK loads; require('order-fulfillment-sdk/mock') throws\n  ${expected}`);
