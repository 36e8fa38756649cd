// Raw responses (withResponse) and the options every call takes over the client's settings:
// timeout, totalTimeout, retry, headers; a call's signal is in call-signals.test.ts.

import {
  APIPromise,
  ConfigurationError,
  createClient,
  type RequestOptions,
  TimeoutError,
} from 'order-fulfillment-sdk';
import { MOCK_API_KEY, MOCK_SIGNING_SECRET } from 'order-fulfillment-sdk/mock';
import { describe, expect, it } from 'vitest';
import { FAST_RETRY, fakeFetch, HOST, hangingFetch, json, KEY } from '../support/fake-fetch.js';
import { TRANSPORTS, useMock } from '../support/mock.js';

const EMPTY_PAGE = { items: [], total: 0, page: 1, page_size: 50 };

describe.each(TRANSPORTS)('against the mock (%s)', (transport) => {
  const { start } = useMock(transport);

  it('gives the data when awaited, and data, Response and request id from withResponse()', async () => {
    const { mock, hostUrl } = await start({ orders: 3 });
    const client = createClient({
      hostUrl,
      apiKey: MOCK_API_KEY,
      signingSecret: MOCK_SIGNING_SECRET,
      now: () => mock.clock.now(),
    });
    const id = mock.orders.all()[0]?.id ?? '';
    const call = client.orders.get(id);
    expect(call).toBeInstanceOf(APIPromise);
    expect(call).toBeInstanceOf(Promise);
    const { data, response, requestId } = await call.withResponse();
    expect(data.id).toBe(id);
    expect(await call).toBe(data); // parsed once
    expect(response.status).toBe(200);
    expect(requestId).toBe(response.headers.get('x-request-id') ?? undefined);
    for (const raw of [
      await client.products.list().withResponse(),
      await client.orders.items(id).withResponse(),
      await client.orders.list({ limit: 1 }).withResponse(),
      await client.webhooks
        .create({ url: 'https://wms.example.test/h', events: ['order.created'] })
        .withResponse(),
      await client.fulfillment.notifyShipped({ inbound_order_id: id }).withResponse(),
    ]) {
      expect(raw.response.ok).toBe(true);
      expect(raw.data).toBeTypeOf('object');
    }
  });

  it('sends a call’s own headers, and takes a hostUrl that ends in the base path', async () => {
    const { hostUrl } = await start({ orders: 1 });
    const seen: Headers[] = [];
    const client = createClient({
      hostUrl: `${hostUrl}/api/v1/web-api/v1`,
      apiKey: MOCK_API_KEY,
      fetch: (request) => {
        seen.push(request.headers);
        return globalThis.fetch(request);
      },
    });
    const page = await client.orders.list({}, { headers: { 'X-Correlation-Id': 'c-1' } });
    expect(page.items).toHaveLength(1);
    expect(seen[0]?.get('x-correlation-id')).toBe('c-1');
    expect(seen[0]?.get('user-agent')).toMatch(/^order-fulfillment-sdk\/\d+\.\d+\.\d+ \(node\//);
  });
});

describe('withResponse() on a failure', () => {
  it('rejects with the same typed error, carrying the request id', async () => {
    const service = fakeFetch(() => json({ detail: 'gone' }, 404, { 'x-request-id': 'req_9' }));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    await expect(client.orders.get('x').withResponse()).rejects.toMatchObject({
      status: 404,
      requestId: 'req_9',
    });
  });

  it('works with catch() and finally() like any promise', async () => {
    const service = fakeFetch(() => json({ detail: 'gone' }, 404));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    let settled = false;
    const caught = await client.orders
      .get('x')
      .finally(() => {
        settled = true;
      })
      .catch((error: unknown) => error);
    expect(settled).toBe(true);
    expect(caught).toMatchObject({ status: 404 });
    await expect(client.orders.get('x').catch(() => 'handled')).resolves.toBe('handled');
  });

  it('reports the X-Request-Id of a success', async () => {
    const service = fakeFetch(() => json(EMPTY_PAGE, 200, { 'x-request-id': 'req_1' }));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    const { requestId } = await client.products.list().withResponse();
    expect(requestId).toBe('req_1');
  });
});

/** A client whose every request answers 503, retried without waiting. */
function unavailable() {
  const service = fakeFetch(() => new Response('', { status: 503 }));
  const client = createClient({
    hostUrl: HOST,
    apiKey: KEY,
    fetch: service.fetch,
    retry: FAST_RETRY,
  });
  return { client, service };
}

describe('per-call options', () => {
  it('overrides the retry policy for one call', async () => {
    const { client, service } = unavailable();
    await client.products.list({}, { retry: 1 }).catch(() => undefined);
    expect(service.requests).toHaveLength(2);
    await client.products.list({}, { retry: false }).catch(() => undefined);
    expect(service.requests).toHaveLength(3);
  });

  it('retries webhooks.create only when the call asks', async () => {
    const { client, service } = unavailable();
    const create = { url: 'https://wms.example.test/h', events: ['order.created' as const] };
    await client.webhooks.create(create).catch(() => undefined);
    expect(service.requests).toHaveLength(1);
    await client.webhooks.create(create, { retry: { limit: 2 } }).catch(() => undefined);
    expect(service.requests).toHaveLength(4);
  });

  it('ends a call at its attempt timeout, saying so', async () => {
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: hangingFetch, retry: 0 });
    const error = await client.products
      .list({}, { timeout: 20 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ limit: 'attempt', timeout: 20 });
    expect((error as Error).message).toContain('(timeout, per attempt)');
  });

  it('ends a call at totalTimeout across attempts and waits, saying so', async () => {
    const service = fakeFetch(() => new Response('', { status: 503 }));
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      fetch: service.fetch,
      retry: { limit: 10, delay: () => 1000, jitter: false },
      logLevel: 'off',
    });
    const error = await client.products
      .list({}, { totalTimeout: 50 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ limit: 'total', timeout: 50 });
    expect((error as Error).message).toBe(
      'GET /products → not done within 50 ms (totalTimeout, across every attempt and wait)',
    );
    expect(service.requests).toHaveLength(1);
  });

  it('sends no header given as undefined, and takes headers as a list of pairs', async () => {
    const service = fakeFetch(() => json(EMPTY_PAGE));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    const correlation: string | undefined = undefined;
    await client.products.list(
      {},
      { headers: { 'X-Correlation-Id': correlation, 'X-Trace': 't' } },
    );
    await client.products.list({}, { headers: [['X-Trace', 'pairs']] });
    const sent = service.requests.map((request) => [
      request.headers.get('x-correlation-id'),
      request.headers.get('x-trace'),
    ]);
    expect(sent).toEqual([
      [null, 't'],
      [null, 'pairs'],
    ]);
  });

  it.each([
    ['X-API-Key', { 'X-API-Key': 'other' }],
    ['x-api-key in lower case', { 'x-api-key': 'other' }],
    ['X-WMS-Signature', { 'x-WMS-signature': 't=1,v1=00' }],
    ['a Headers object', new Headers({ 'X-Api-Key': 'other' })],
    ['a list of pairs', [['X-API-Key', 'other']] as [string, string][]],
  ])('refuses %s in per-call headers before sending', async (_, headers) => {
    const service = fakeFetch(() => json(EMPTY_PAGE));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    const error = await client.products.list({}, { headers }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('headers');
    expect((error as Error).message).toMatch(/cannot set X-(API-Key|WMS-Signature)/);
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    ['timeout', { timeout: -5 }],
    ['totalTimeout', { totalTimeout: 0 }],
    ['retry.limit', { retry: { limit: -1 } }],
  ])('refuses a malformed %s, naming it', async (option, options) => {
    const service = fakeFetch(() => json(EMPTY_PAGE));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    const error = await client.products.list({}, options).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ConfigurationError', option });
    expect(service.requests).toHaveLength(0);
  });

  // zod's own words, "expected int, received number", said nothing of which number.
  it.each([
    [{ totalTimeout: Number.POSITIVE_INFINITY }, 'expected a finite number, received Infinity'],
    [{ totalTimeout: 1.5 }, 'expected a whole number, received 1.5'],
  ])('says which number a call option refused: %o', async (options, message) => {
    const service = fakeFetch(() => json(EMPTY_PAGE));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    await expect(client.products.list({}, options)).rejects.toThrow(
      `Invalid option \`totalTimeout\`: ${message}.`,
    );
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    ['timeOut', '; did you mean `timeout`?'],
    ['retries', '; did you mean `retry`?'],
    ['header', '; did you mean `headers`?'],
    // Configuration options given to a call: not close to a call's own, so they are listed.
    ['apikey', ' (signal, timeout, totalTimeout, retry, headers).'],
    ['hostURL', ' (signal, timeout, totalTimeout, retry, headers).'],
  ])('names the call option meant by an unknown %s, or else lists them', async (option, hint) => {
    const service = fakeFetch(() => json(EMPTY_PAGE));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    const error = await client.orders
      .list({}, { [option]: 1 } as RequestOptions)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      `Invalid option \`${option}\`: is not an option of a call${hint}`,
    );
    expect(service.requests).toHaveLength(0);
  });

  it('refuses an option a call does not have (a typo, or parameters in its place), naming it', async () => {
    const service = fakeFetch(() => json(EMPTY_PAGE));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    const calls: [string, () => Promise<unknown>][] = [
      ['tiemout', () => client.orders.list({ limit: 1 }, { tiemout: 5 } as RequestOptions)],
      ['limit', () => client.orders.get('1', { limit: 4 } as RequestOptions)],
      ['shipped', () => client.orders.iterate({}, { shipped: true } as RequestOptions).next()],
    ];
    for (const [option, call] of calls) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ option });
      expect((error as Error).message).toContain('is not an option of a call');
    }
    expect(service.requests).toHaveLength(0);
    // notifyShipped's own option stays its own.
    const signed = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      signingSecret: 's',
      fetch: service.fetch,
    });
    await signed.fulfillment.notifyShipped(
      { inbound_order_id: '1' },
      { shipped_at: new Date(0), timeout: 1_000 },
    );
    expect(JSON.parse(service.requests[0]?.body ?? '')).toMatchObject({
      shipped_at: '1970-01-01T00:00:00.000Z',
    });
  });
});
