import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MOCK_API_KEY, MOCK_SIGNING_SECRET } from '../../mock/index.js';
import { parseRetryAfter } from '../../src/errors/rate-limit-error.js';
import {
  AbortError,
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  createApiError,
  createClient,
  NotFoundError,
  OrderFulfillmentError,
  PermissionDeniedError,
  PlanRequiredError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '../../src/index.js';
import { BASE, fakeFetch, HOST, hangingFetch, json, KEY } from '../support/fake-fetch.js';
import { TRANSPORTS, useMock } from '../support/mock.js';

const noRetry = { hostUrl: HOST, apiKey: KEY, retry: 0 } as const;

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('createApiError', () => {
  it.each([
    [401, AuthenticationError],
    [402, PlanRequiredError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, ValidationError],
    [429, RateLimitError],
    [500, ServerError],
    [503, ServerError],
    [418, ApiError],
  ])('maps %i to %o', (status, ErrorClass) => {
    const error = createApiError({ status, body: { detail: 'x' }, method: 'GET', path: '/orders' });
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(OrderFulfillmentError);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.status).toBe(status);
  });
});

describe('errors from responses', () => {
  it('reads `METHOD /path → status: detail` and keeps status, detail, headers and request id', async () => {
    const service = fakeFetch(() =>
      json({ detail: 'Invalid API key' }, 401, { 'x-request-id': 'req_42' }),
    );
    const client = createClient({ ...noRetry, fetch: service.fetch });
    const error = await failure(client.orders.list({ status: 'Created' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    const apiError = error as AuthenticationError;
    expect(apiError.message).toBe('GET /orders → 401: Invalid API key');
    expect(apiError.detail).toBe('Invalid API key');
    expect(apiError.body).toEqual({ detail: 'Invalid API key' });
    expect(apiError.method).toBe('GET');
    expect(apiError.path).toBe('/orders');
    expect(apiError.requestId).toBe('req_42');
    expect(apiError.headers?.get('content-type')).toBe('application/json');
    expect(apiError.cursor).toBeUndefined();
  });

  it('gives a 422 its issues', async () => {
    const detail = [{ loc: ['query', 'since'], msg: 'must carry an offset', type: 'value_error' }];
    const service = fakeFetch(() => json({ detail }, 422));
    const client = createClient({ ...noRetry, fetch: service.fetch });
    const error = (await failure(client.orders.list())) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual(detail);
    expect(error.requestSent).toBe(true);
    expect(error.message).toBe('GET /orders → 422: query.since: must carry an offset');
  });

  it.each([
    [422, ['limit must be <= 200'], ValidationError, 'limit must be <= 200'],
    [400, [{ msg: 'bad' }], ApiError, 'bad'],
    [422, [null, { code: 7 }], ValidationError, 'null; {"code":7}'],
    [422, [{ loc: 'query', msg: 'm', type: 't' }], ValidationError, 'm'],
  ])(
    'gives a %i whose detail list has another shape a typed error, not a crash',
    async (status, detail, ErrorClass, text) => {
      const service = fakeFetch(() => json({ detail }, status));
      const client = createClient({ ...noRetry, fetch: service.fetch });
      const error = (await failure(client.orders.list())) as ApiError;
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error.status).toBe(status);
      expect(error.detail).toEqual(detail);
      expect(error.message).toBe(`GET /orders → ${status}: ${text}`);
    },
  );

  it('gives a 429 its Retry-After in seconds', async () => {
    const service = fakeFetch(() =>
      json({ detail: 'Too many requests' }, 429, { 'retry-after': '7' }),
    );
    const client = createClient({ ...noRetry, fetch: service.fetch });
    const error = (await failure(client.products.list())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(7);
    expect(error.message).toContain('retry after 7 s');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    // ky waits 1.5 s for this one; the error reports the whole seconds to wait.
    expect(parseRetryAfter('1.5', now)).toBe(2);
    for (const garbage of ['-5', '1e3', '12:00']) {
      expect(parseRetryAfter(garbage, now)).toBeUndefined();
    }
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('keeps a non-JSON error body as text and falls back to the status text', async () => {
    const service = fakeFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const client = createClient({ ...noRetry, fetch: service.fetch });
    const error = (await failure(client.products.list())) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.body).toBe('<html>bad gateway</html>');
    expect(error.detail).toBeUndefined();
    expect(error.message).toBe('GET /products → 502: Bad Gateway');
  });

  it('wraps a network failure in ConnectionError with the cause', async () => {
    const service = fakeFetch(() => new TypeError('fetch failed'));
    const client = createClient({ ...noRetry, fetch: service.fetch });
    const error = (await failure(client.products.list())) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.message).toBe('GET /products → network error: fetch failed');
  });

  it('throws TimeoutError when no response arrives in time', async () => {
    const client = createClient({
      ...noRetry,
      timeout: 20,
      fetch: hangingFetch,
    });
    const error = (await failure(client.products.list())) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.timeout).toBe(20);
  });

  it('rejects an aborted call with AbortError, an OrderFulfillmentError with the reason as cause', async () => {
    const controller = new AbortController();
    const client = createClient({
      ...noRetry,
      fetch: hangingFetch,
    });
    const pending = client.products.list({}, { signal: controller.signal });
    const reason = new Error('shutting down');
    controller.abort(reason);
    const error = await failure(pending);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toBeInstanceOf(OrderFulfillmentError);
    expect(error.name).toBe('AbortError');
    expect(error.cause).toBe(reason);
    expect(error.message).toBe('GET /products → aborted by the caller: shutting down');
  });

  it('raises ResponseValidationError naming the field when a 2xx breaks the schema', async () => {
    const order = {
      id: 'o1',
      status: 'Created',
      platform: 'web',
      order_date: '2026-01-01T00:00:00.000Z',
      updated_at: 42,
    };
    const service = fakeFetch(() => json({ items: [order], total: 1, page: 1, page_size: 50 }));
    const client = createClient({ ...noRetry, fetch: service.fetch });
    const error = (await failure(client.orders.list())) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.issues).toEqual([
      { path: 'items.0.updated_at', message: 'expected string, received number' },
    ]);
    expect(error.message).toContain('items.0.updated_at: expected string, received number');
  });

  it('keeps unknown fields of loose objects', async () => {
    const product = {
      id: 1,
      sku: 'S',
      name: 'N',
      barcode: 'B',
      stock: 1,
      price: 1.5,
      currency: 'EUR',
      warehouse: 'W1',
    };
    const service = fakeFetch(() =>
      json({ items: [product], page: 1, page_size: 50, total: 1, next: null }),
    );
    const page = await createClient({ ...noRetry, fetch: service.fetch }).products.list();
    expect(page.items[0]).toEqual(product);
    expect(page).toHaveProperty('next', null);
  });

  it('rejects a non-JSON 2xx body as a ResponseValidationError', async () => {
    const service = fakeFetch(() => new Response('OK', { status: 200 }));
    const client = createClient({ ...noRetry, fetch: service.fetch });
    const error = await failure(client.products.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
  });
});

describe('input validation', () => {
  it('rejects bad parameters with a ValidationError before sending anything', async () => {
    const service = fakeFetch(() => json({}));
    const client = createClient({ ...noRetry, fetch: service.fetch });
    const error = (await failure(
      client.orders.list({ limit: 500, offset: -1 }),
    )) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.requestSent).toBe(false);
    expect(error.issues.map((issue) => issue.loc)).toEqual([
      ['query', 'limit'],
      ['query', 'offset'],
    ]);
    expect(error.message).toBe(
      'GET /orders → not sent, the SDK refused the input: query.limit: must be at most 200; query.offset: must be at least 0',
    );
    await expect(client.products.list({ page: 0 })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.orders.get('')).rejects.toBeInstanceOf(ValidationError);
    await expect(
      client.webhooks.create({ url: 'not a url', events: ['order.created'] }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      client.webhooks.create({
        url: 'https://wms.example.com/h',
        events: ['order.deleted' as never],
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(() => client.orders.pages({ since: '2026-01-01T00:00:00' })).toThrow(ValidationError);
    expect(() => client.orders.iterate({ since: '2026-01-01T00:00:00Z' })).toThrow(ValidationError);
    expect(() => client.products.iterate({ page_size: 1000 })).toThrow(ValidationError);
    expect(service.requests).toHaveLength(0);
  });

  it('takes null options as none, and refuses null parameters with a ValidationError', async () => {
    const service = fakeFetch(() => json({ detail: 'gone' }, 404));
    const client = createClient({
      ...noRetry,
      signingSecret: 'whsec_x',
      fetch: service.fetch,
    });
    const none = null as never;
    for (const call of [
      client.orders.get('1', none),
      client.orders.items('1', none),
      client.orders.list({}, none),
      client.orders.pages({}, none).next(),
      client.products.list({}, none),
      client.webhooks.create({ url: 'https://wms.example.com/h', events: ['order.created'] }, none),
      client.fulfillment.notifyShipped({ inbound_order_id: 'o' }, none),
    ]) {
      await expect(call).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(service.requests).toHaveLength(7);
    for (const call of [
      () => client.orders.list(none),
      () => client.products.list(none),
      () => client.webhooks.create(none),
    ]) {
      const error = (await failure(call())) as ValidationError;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.requestSent).toBe(false);
    }
    expect(service.requests).toHaveLength(7);
  });

  it('refuses the order ids "." and "..", which a URL resolves to another endpoint', async () => {
    const service = fakeFetch(() => json({}));
    const client = createClient({ ...noRetry, fetch: service.fetch });
    for (const id of ['.', '..']) {
      for (const call of [client.orders.get(id), client.orders.items(id)]) {
        const error = (await failure(call)) as ValidationError;
        expect(error).toBeInstanceOf(ValidationError);
        expect(error.requestSent).toBe(false);
        expect(error.issues).toEqual([
          { loc: ['path', 'order_id'], msg: `must not be "${id}"`, type: 'invalid_type' },
        ]);
      }
    }
    // Dots inside an id are an ordinary segment.
    await client.orders.get('a..b').catch(() => undefined);
    expect(service.requests.map((request) => request.url.pathname)).toEqual([
      '/api/v1/web-api/v1/orders/a..b',
    ]);
  });

  it('rejects a misspelt parameter instead of dropping it', async () => {
    const client = createClient({ ...noRetry, fetch: fakeFetch(() => json({})).fetch });
    const error = (await failure(client.orders.list({ pageSize: 10 } as never))) as ValidationError;
    expect(error.issues[0]?.loc).toEqual(['query', 'pageSize']);
    expect(error.issues[0]?.msg).toBe(
      'is not a parameter; expected one of status, platform, limit, offset',
    );
    // Named like an Object method, it is still not a parameter.
    const inherited = (await failure(
      client.orders.list({ constructor: 1 } as never),
    )) as ValidationError;
    expect(inherited.issues.map((issue) => issue.loc)).toEqual([['query', 'constructor']]);
  });
});

describe('the API key', () => {
  it('travels only in the X-API-Key header', async () => {
    const service = fakeFetch(() => json({ items: [], page: 1, page_size: 50, total: 0 }));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    await client.products.list({ page: 2 });
    const [request] = service.requests;
    expect(request?.headers.get('x-api-key')).toBe(KEY);
    expect(request?.url.href.startsWith(`${BASE}/products`)).toBe(true);
    expect(request?.url.href).not.toContain(KEY);
    expect(request?.body).not.toContain(KEY);
  });

  it('is seen by no hook, error, message, toString or inspection', async () => {
    const seenByHooks: string[] = [];
    const record = (request: Request) => {
      seenByHooks.push(
        request.url,
        ...[...request.headers].map(([name, value]) => `${name}: ${value}`),
      );
    };
    const service = fakeFetch(() => json({ detail: 'Invalid API key' }, 401));
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      fetch: service.fetch,
      retry: { limit: 1, statusCodes: [401], delay: () => 0 },
      hooks: {
        beforeRequest: [
          (request, options) => {
            record(request);
            seenByHooks.push(inspect(options));
          },
        ],
        beforeRetry: [
          ({ request, error }) => {
            record(request);
            seenByHooks.push(inspect(error));
          },
        ],
        afterResponse: [(request) => record(request)],
        beforeError: [
          (error) => {
            seenByHooks.push(inspect(error, { depth: 5 }));
            return error;
          },
        ],
      },
    });
    const error = await failure(client.orders.get('ord_1'));
    expect(service.requests).toHaveLength(2);
    expect(service.requests.every((request) => request.headers.get('x-api-key') === KEY)).toBe(
      true,
    );
    expect(seenByHooks.length).toBeGreaterThan(4);
    expect(seenByHooks.join('\n')).not.toContain(KEY);
    expect(error.message).not.toContain(KEY);
    expect(String(error)).not.toContain(KEY);
    expect(error.stack).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(KEY);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(KEY);
  });
});

describe.each(TRANSPORTS)('every error class from the mock over %s', (transport) => {
  const { start } = useMock(transport);

  it('401 for an unknown key, without echoing it', async () => {
    const { hostUrl } = await start();
    const client = createClient({ hostUrl, apiKey: KEY });
    const error = await failure(client.orders.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toMatch(/^GET \/orders → 401: /);
    expect(JSON.stringify((error as ApiError).body)).not.toContain(KEY);
    expect(inspect(error, { depth: 10 })).not.toContain(KEY);
  });

  it('402 when the plan lacks apiAccess', async () => {
    const { hostUrl } = await start({ plan: { apiAccess: false } });
    const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
    await expect(client.products.list()).rejects.toBeInstanceOf(PlanRequiredError);
  });

  it('403 for a missing scope and for an address outside allowedIps', async () => {
    const { hostUrl } = await start({
      apiKeys: [
        { key: 'k_orders', scopes: ['orders:read'] },
        { key: 'k_office', scopes: ['orders:read', 'products:read'], allowedIps: ['10.0.0.0/8'] },
      ],
    });
    await expect(
      createClient({ hostUrl, apiKey: 'k_orders' }).products.list(),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(
      createClient({ hostUrl, apiKey: 'k_office' }).orders.list(),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('404 for an unknown order', async () => {
    const { hostUrl } = await start();
    const error = (await failure(
      createClient({ hostUrl, apiKey: MOCK_API_KEY }).orders.get('ord_missing'),
    )) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.path).toBe('/orders/ord_missing');
  });

  it('409 for an ambiguous inbound match', async () => {
    const { mock, hostUrl } = await start({ orders: 0 });
    mock.orders.create({ source: 'amazon', external_ref: 'R', business_id: 'b1' });
    mock.orders.create({ source: 'amazon', external_ref: 'R', business_id: 'b2' });
    const client = createClient({
      hostUrl,
      apiKey: MOCK_API_KEY,
      signingSecret: MOCK_SIGNING_SECRET,
    });
    await expect(
      client.fulfillment.notifyShipped({ source: 'amazon', external_ref: 'R' }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it('422 from the service, with its issues, when a hook rewrites the query', async () => {
    const { hostUrl } = await start();
    const client = createClient({
      hostUrl,
      apiKey: MOCK_API_KEY,
      hooks: {
        beforeRequest: [
          (request) => new Request(request.url.replace('limit=10', 'limit=ten'), request),
        ],
      },
    });
    const error = (await failure(client.orders.list({ limit: 10 }))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.requestSent).toBe(true);
    expect(error.issues[0]?.loc).toEqual(['query', 'limit']);
  });

  it('429 with Retry-After: retried after the wait, or thrown at once beyond maxRetryAfter', async () => {
    const short = await start({ rateLimit: { limit: 2, windowMs: 1000 } });
    const client = createClient({ hostUrl: short.hostUrl, apiKey: MOCK_API_KEY });
    for (let call = 0; call < 3; call++) await client.products.list();

    const long = await start({ rateLimit: { limit: 1, windowMs: 3_600_000 } });
    const limited = createClient({ hostUrl: long.hostUrl, apiKey: MOCK_API_KEY });
    await limited.products.list();
    const error = (await failure(limited.products.list())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(3600);
  });
});
