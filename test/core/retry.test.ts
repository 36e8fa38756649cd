// Retries: which requests, on what, and how many times (ky underneath, SDK policy on top);
// how long each waits is retry-wait.test.ts.
import ky from 'ky';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ConnectionError,
  createClient,
  NotFoundError,
  RateLimitError,
  ServerError,
} from '../../src/index.js';
import {
  clientOver,
  FAST_RETRY,
  fakeFetch,
  HOST,
  hangingFetch,
  json,
  KEY,
  productPage,
  tooMany,
} from '../support/fake-fetch.js';

const subscription = {
  id: 'wh_1',
  url: 'https://wms.example.com/h',
  events: ['order.created'],
  created_at: '2026-01-01T00:00:00.000Z',
  secret: 'whsec_1',
};

describe('retries', () => {
  it('retries a GET 3 times by default (4 attempts) on the documented statuses only', async () => {
    // Only the backoff is overridden: every other setting is the default policy's.
    const failing = (status: number) => fakeFetch(() => json({ detail: 'no' }, status));
    for (const status of [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524]) {
      const service = failing(status);
      const client = clientOver(service, { retry: { delay: () => 0 } });
      await expect(client.products.list()).rejects.toThrow();
      expect([status, service.requests.length]).toEqual([status, 4]);
    }
    for (const status of [400, 501, 505, 525, 526]) {
      const service = failing(status);
      await expect(clientOver(service).products.list()).rejects.toThrow();
      expect([status, service.requests.length]).toEqual([status, 1]);
    }
  });

  it('gives up after retry.limit and throws the last 429', async () => {
    const service = fakeFetch(() => tooMany('0'));
    const client = clientOver(service, { retry: { limit: 2 } });
    await expect(client.products.list()).rejects.toBeInstanceOf(RateLimitError);
    expect(service.requests).toHaveLength(3);
  });

  it.each([500, 502, 503, 504, 408])('retries a GET after %i with backoff', async (status) => {
    const service = fakeFetch((_, index) =>
      index < 2 ? json({ detail: 'unavailable' }, status) : json(productPage),
    );
    const client = clientOver(service, { retry: FAST_RETRY });
    await expect(client.products.list()).resolves.toEqual(productPage);
    expect(service.requests).toHaveLength(3);
  });

  it('retries a GET after a network error', async () => {
    const service = fakeFetch((_, index) =>
      index === 0 ? new TypeError('fetch failed') : json(productPage),
    );
    const client = clientOver(service, { retry: FAST_RETRY });
    await expect(client.products.list()).resolves.toEqual(productPage);
    expect(service.requests).toHaveLength(2);
  });

  it('retries a GET after a network error that is not a TypeError (workerd rejects with Error)', async () => {
    const lost = new Error('Network connection lost.');
    const service = fakeFetch((_, index) => (index === 0 ? lost : json(productPage)));
    const client = clientOver(service, { retry: FAST_RETRY });
    await expect(client.products.list()).resolves.toEqual(productPage);
    expect(service.requests).toHaveLength(2);
  });

  it('ends a pull failing so in ConnectionError, with the cursor to resume from', async () => {
    const service = fakeFetch(() => new Error('Network connection lost.'));
    const client = clientOver(service, { retry: { ...FAST_RETRY, limit: 1 } });
    const error = await client.orders
      .iterate({ since: '2026-01-01T00:00:00Z', since_id: '7' })
      .toArray({ limit: 10 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(String(error)).toBe(
      'ConnectionError: GET /orders → network error: Network connection lost.',
    );
    expect(error).toMatchObject({ cursor: { since: '2026-01-01T00:00:00Z', since_id: '7' } });
    expect(service.requests).toHaveLength(2);
  });

  it.each([
    ['a bug in a custom fetch', () => new ReferenceError('tokn is not defined')],
    ['an abort of its own', () => new DOMException('This operation was aborted', 'AbortError')],
  ])('surfaces %s as itself, once: no network error to retry', async (_, failure) => {
    const thrown = failure();
    const service = fakeFetch(() => thrown);
    const client = clientOver(service, { retry: FAST_RETRY });
    const error = await client.products.list().catch((caught: unknown) => caught);
    expect(error).toBe(thrown);
    expect(service.requests).toHaveLength(1);
  });

  it('takes a fetch that fails after the caller aborted for the abort: AbortError, not retried', async () => {
    const controller = new AbortController();
    const service = fakeFetch(() => {
      controller.abort(new Error('shutting down'));
      return new Error('Network connection lost.');
    });
    const client = clientOver(service, { retry: FAST_RETRY });
    const error = await client.products
      .list({}, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).cause).toEqual(new Error('shutting down'));
    expect(service.requests).toHaveLength(1);
  });

  it('throws ConnectionError once network retries are used up', async () => {
    const service = fakeFetch(() => new TypeError('fetch failed'));
    const client = clientOver(service, { retry: { ...FAST_RETRY, limit: 1 } });
    await expect(client.products.list()).rejects.toBeInstanceOf(ConnectionError);
    expect(service.requests).toHaveLength(2);
  });

  it('surfaces a bug in a hook at once, as itself: not a network error, not retried', async () => {
    const service = fakeFetch(() => json(productPage));
    let calls = 0;
    const client = clientOver(service, {
      retry: FAST_RETRY,
      hooks: {
        beforeRequest: [
          () => {
            calls++;
            (undefined as unknown as { traceId: string }).traceId;
          },
        ],
      },
    });
    const error = await client.products.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect((error as TypeError).message).toContain('traceId');
    expect(calls).toBe(1);
    expect(service.requests).toHaveLength(0);
  });

  it('ends with the failure a caller’s beforeRetry hook stopped the retries on (ky.stop)', async () => {
    const service = fakeFetch(() => json({ detail: 'Service Unavailable' }, 503));
    const client = clientOver(service, {
      retry: FAST_RETRY,
      hooks: { beforeRetry: [() => ky.stop] },
    });
    const error = await client.products.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, detail: 'Service Unavailable' });
    expect(service.requests).toHaveLength(1);
  });

  it('does not retry a 404', async () => {
    const service = fakeFetch(() => json({ detail: 'Order not found' }, 404));
    const client = clientOver(service, { retry: FAST_RETRY });
    await expect(client.orders.get('nope')).rejects.toBeInstanceOf(NotFoundError);
    expect(service.requests).toHaveLength(1);
  });

  it('turns retries off with retry: 0', async () => {
    const service = fakeFetch(() => json({ detail: 'down' }, 503));
    const client = clientOver(service, { retry: 0 });
    await expect(client.products.list()).rejects.toBeInstanceOf(ServerError);
    expect(service.requests).toHaveLength(1);
  });

  // Even when a configured shouldRetry would say yes: the answer may be lost, not refused.
  it.each([
    ['a 503', () => json({ detail: 'down' }, 503)],
    ['a network error', () => new TypeError('fetch failed')],
  ])('does not retry POST /webhooks after %s', async (_, failure) => {
    const service = fakeFetch(failure);
    for (const retry of [FAST_RETRY, { ...FAST_RETRY, shouldRetry: () => true }]) {
      const client = clientOver(service, { retry });
      await expect(
        client.webhooks.create({ url: subscription.url, events: ['order.created'] }),
      ).rejects.toThrow();
    }
    expect(service.requests).toHaveLength(2);
  });

  it('retries POST /webhooks after a 429, a refusal, unless the call passes retry: false', async () => {
    const service = fakeFetch((_, index) => (index === 0 ? tooMany('0') : json(subscription, 201)));
    const client = clientOver(service, { retry: FAST_RETRY });
    const create = { url: subscription.url, events: ['order.created' as const] };
    await expect(client.webhooks.create(create)).resolves.toEqual(subscription);
    expect(service.requests).toHaveLength(2);
    const refused = fakeFetch(() => tooMany('0'));
    await expect(
      clientOver(refused, { retry: FAST_RETRY }).webhooks.create(create, { retry: false }),
    ).rejects.toBeInstanceOf(RateLimitError);
    expect(refused.requests).toHaveLength(1);
  });

  it('retries POST /webhooks when the caller opts in', async () => {
    const service = fakeFetch((_, index) =>
      index === 0 ? json({ detail: 'down' }, 503) : json(subscription, 201),
    );
    const client = clientOver(service, { retry: FAST_RETRY });
    await expect(
      client.webhooks.create({ url: subscription.url, events: ['order.created'] }, { retry: true }),
    ).resolves.toEqual(subscription);
    expect(service.requests).toHaveLength(2);
    expect(service.requests.map((request) => request.body)).toEqual([
      JSON.stringify({ url: subscription.url, events: ['order.created'] }),
      JSON.stringify({ url: subscription.url, events: ['order.created'] }),
    ]);
  });

  it('retries a timed-out GET', async () => {
    let calls = 0;
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      timeout: 20,
      retry: FAST_RETRY,
      fetch: (request) =>
        calls++ === 0 ? hangingFetch(request) : Promise.resolve(json(productPage)),
    });
    await expect(client.products.list()).resolves.toEqual(productPage);
    expect(calls).toBe(2);
  });

  it('retries an error answer that has no body', async () => {
    const service = fakeFetch((_, index) =>
      index === 0 ? new Response(null, { status: 503 }) : json(productPage),
    );
    const client = clientOver(service, { retry: FAST_RETRY });
    await expect(client.products.list()).resolves.toEqual(productPage);
    expect(service.requests).toHaveLength(2);
  });
});
