// Messages as a new user meets them: a refused connection names the code and the address,
// a client without apiKey names it before sending, and the package's version is the one
// its User-Agent states.
import { readFileSync } from 'node:fs';
import {
  type ClientConfig,
  ConfigurationError,
  ConnectionError,
  createClient,
  NotFoundError,
  SDK_VERSION,
} from 'order-fulfillment-sdk';
import { createMockService, MOCK_API_KEY } from 'order-fulfillment-sdk/mock';
import { describe, expect, it, onTestFinished } from 'vitest';
import { closedPort } from '../support/closed-port.js';
import { fakeFetch, json } from '../support/fake-fetch.js';

describe('what a refused connection says', () => {
  it('reads ConnectionError: GET /orders → ECONNREFUSED 127.0.0.1:<port>', async () => {
    const port = await closedPort();
    const client = createClient({ hostUrl: `http://127.0.0.1:${port}`, apiKey: 'k', retry: 0 });
    const error = await client.orders.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(String(error)).toBe(`ConnectionError: GET /orders → ECONNREFUSED 127.0.0.1:${port}`);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('names the host a lookup did not find: GET /orders → ENOTFOUND shop.invalid', async () => {
    // What undici rejects with when DNS knows no such name.
    const lookup = Object.assign(new Error('getaddrinfo ENOTFOUND shop.invalid'), {
      code: 'ENOTFOUND',
      hostname: 'shop.invalid',
    });
    const service = fakeFetch(() => new TypeError('fetch failed', { cause: lookup }));
    const client = createClient({
      hostUrl: 'https://shop.invalid',
      apiKey: 'k',
      retry: 0,
      fetch: service.fetch,
    });
    const error = await client.orders.list().catch((caught: unknown) => caught);
    expect(String(error)).toBe('ConnectionError: GET /orders → ENOTFOUND shop.invalid');
  });
});

describe('a hostUrl that is not the service’s address', () => {
  it('gives 404s whose message shows the URL each went to', async () => {
    const mock = createMockService({ orders: 3 });
    const running = await mock.listen();
    onTestFinished(() => running.close());
    const client = createClient({
      hostUrl: `${running.hostUrl}/web-api`,
      apiKey: MOCK_API_KEY,
      retry: 0,
    });
    const error = await client.orders.get('1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe(
      `GET /orders/1 → 404: Not Found at ${running.hostUrl}/web-api/api/v1/web-api/v1/orders/1; if every call answers this, hostUrl is not the service's address`,
    );
    // An order the service does not have reads as before.
    const right = createClient({ hostUrl: running.hostUrl, apiKey: MOCK_API_KEY, retry: 0 });
    const missing = await right.orders.get('nope').catch((caught: unknown) => caught);
    expect((missing as Error).message).not.toContain(' at ');
  });
});

describe('an id holding "/", which a FastAPI service cannot route', () => {
  it('gets a 404 whose message names the "/" instead of hostUrl', async () => {
    const mock = createMockService({ orders: 3 });
    // What Starlette answers once it has decoded /orders/TY%2F123 into /orders/TY/123.
    const notFound = { status: 404, body: { detail: 'Not Found' } };
    mock.faults.add({ path: '/api/v1/web-api/v1/orders/TY*', ...notFound });
    mock.faults.add({ path: '/api/v1/web-api/v1/orders', ...notFound });
    const running = await mock.listen();
    onTestFinished(() => running.close());
    const client = createClient({ hostUrl: running.hostUrl, apiKey: MOCK_API_KEY, retry: 0 });
    const error = await client.orders.get('TY/123').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe(
      `GET /orders/TY%2F123 → 404: Not Found at ${running.hostUrl}/api/v1/web-api/v1/orders/TY%2F123; the path holds an id with "/" (sent as %2F), which a FastAPI service decodes before routing, so no route matches it`,
    );
    // A "/" in the query is no part of the route: the hostUrl hint stays.
    const listed = await client.orders
      .list({ platform: 'shop/eu' })
      .catch((caught: unknown) => caught);
    expect((listed as Error).message).toContain("hostUrl is not the service's address");
    // Nor is a %2F in hostUrl's own path: the call holds no id.
    const prefixed = createClient({
      hostUrl: `${running.hostUrl}/gw%2Ftenant`,
      apiKey: MOCK_API_KEY,
      retry: 0,
    });
    const routed = await prefixed.orders.list().catch((caught: unknown) => caught);
    expect(routed).toBeInstanceOf(NotFoundError);
    expect((routed as Error).message).toBe(
      `GET /orders → 404: Not Found at ${running.hostUrl}/gw%2Ftenant/api/v1/web-api/v1/orders; if every call answers this, hostUrl is not the service's address`,
    );
  });
});

describe('a client without apiKey', () => {
  it('refuses an API call naming apiKey, sending nothing', async () => {
    const service = fakeFetch(() => json({}));
    const client = createClient({
      hostUrl: 'https://x.test',
      fetch: service.fetch,
    } as ClientConfig);
    for (const call of [
      () => client.orders.get('1'),
      () => client.webhooks.create({ url: 'https://h.test', events: ['order.created'] }),
    ]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe('apiKey');
    }
    expect(service.requests).toHaveLength(0);
  });
});

describe('the version', () => {
  it('is package.json’s', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(SDK_VERSION).toBe(pkg.version);
  });
});
