// Called with the URL the mock CLI printed: one authenticated request and one without a key.
import assert from 'node:assert/strict';
import { MOCK_API_KEY } from 'order-fulfillment-sdk/mock';

const hostUrl = process.argv[2];
assert.ok(hostUrl, 'usage: node cli-request.mjs <host url>');
const url = `${hostUrl}/api/v1/web-api/v1/orders?limit=1`;

const ok = await fetch(url, { headers: { 'X-API-Key': MOCK_API_KEY } });
assert.equal(ok.status, 200, `GET ${url} with the mock key`);
const page = await ok.json();
assert.ok(Array.isArray(page.items), 'the order page has items');

const denied = await fetch(url);
assert.equal(denied.status, 401, `GET ${url} without a key`);
assert.equal(typeof (await denied.json()).detail, 'string');
console.log(`mock CLI at ${hostUrl}: 200 with the key (${page.items.length} order), 401 without`);
