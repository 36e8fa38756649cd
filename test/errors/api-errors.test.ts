// The status factory, and the typed error a non-2xx response becomes: its message, detail,
// issues, Retry-After and headers.
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/errors/retry-after.js';
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  createApiError,
  createClient,
  NotFoundError,
  OrderFulfillmentError,
  PermissionDeniedError,
  PlanRequiredError,
  RateLimitError,
  ServerError,
  ValidationError,
} from '../../src/index.js';
import { failure } from '../support/failure.js';
import { fakeFetch, json, NO_RETRY } from '../support/fake-fetch.js';

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
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
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
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
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
    // A loc that is no list (a proxy's, another framework's): a string or number still says where.
    [422, [{ loc: 'query', msg: 'm', type: 't' }], ValidationError, 'query: m'],
    [422, [{ loc: 0, msg: 'm', type: 't' }], ValidationError, '0: m'],
    [422, [{ loc: '', msg: 'm', type: 't' }], ValidationError, 'm'],
    [422, [{ loc: { at: 'query' }, msg: 'm', type: 't' }], ValidationError, 'm'],
  ])(
    'gives a %i whose detail list has another shape a typed error, not a crash',
    async (status, detail, ErrorClass, text) => {
      const service = fakeFetch(() => json({ detail }, status));
      const client = createClient({ ...NO_RETRY, fetch: service.fetch });
      const error = (await failure(client.orders.list())) as ApiError;
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error.status).toBe(status);
      expect(error.detail).toEqual(detail);
      expect(error.message).toBe(`GET /orders → ${status}: ${text}`);
    },
  );

  it("gives each 422 issue of another shape the service's { loc, msg, type }, keeping its fields", async () => {
    const detail = [
      'limit must be <= 200',
      null,
      { code: 7 },
      { loc: 'query', msg: 'm' },
      { loc: 2, msg: 'n' },
      { loc: true, msg: 'o' },
      { loc: '', msg: 'p' },
      // Partly the service's shape: what is missing or of another type is filled in.
      { type: 'missing', code: 1 },
      { msg: 'm', type: 't' },
      { loc: ['body', 'x'], msg: 5, type: 't' },
      { loc: ['query', 'limit'], msg: 'too big' },
    ];
    const service = fakeFetch(() => json({ detail }, 422));
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(client.orders.list())) as ValidationError;
    expect(error.issues).toEqual([
      { loc: [], msg: 'limit must be <= 200', type: 'unknown' },
      { loc: [], msg: 'null', type: 'unknown' },
      { code: 7, loc: [], msg: '{"code":7}', type: 'unknown' },
      { loc: ['query'], msg: 'm', type: 'unknown' },
      { loc: [2], msg: 'n', type: 'unknown' },
      { loc: [], msg: 'o', type: 'unknown' },
      { loc: [], msg: 'p', type: 'unknown' },
      { code: 1, loc: [], msg: '{"type":"missing","code":1}', type: 'missing' },
      { loc: [], msg: 'm', type: 't' },
      { loc: ['body', 'x'], msg: '{"loc":["body","x"],"msg":5,"type":"t"}', type: 't' },
      { loc: ['query', 'limit'], msg: 'too big', type: 'unknown' },
    ]);
    // What an error handler does with them: no TypeError.
    expect(error.issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`)).toHaveLength(11);
  });

  it('gives a 422 whose detail is no list no issues', async () => {
    const service = fakeFetch(() => json({ detail: 'limit must be <= 200' }, 422));
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(client.orders.list())) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([]);
  });

  it('shows a detail of another shape in the message, as it came', async () => {
    const detail = { code: 'plan_required', message: 'Upgrade to a plan with API access' };
    const service = fakeFetch(() => json({ detail }, 402));
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(client.orders.list())) as PlanRequiredError;
    expect(error).toBeInstanceOf(PlanRequiredError);
    expect(error.detail).toBeUndefined();
    expect(error.body).toEqual({ detail });
    expect(error.message).toBe(`GET /orders → 402: ${JSON.stringify(detail)}`);
  });

  it('gives a 429 its Retry-After in seconds', async () => {
    const service = fakeFetch(() =>
      json({ detail: 'Too many requests' }, 429, { 'retry-after': '7' }),
    );
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(client.products.list())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(7);
    expect(error.message).toContain('retry after 7 s');
  });

  it('gives a 503 its Retry-After, which past the cap is thrown at once', async () => {
    const service = fakeFetch(() =>
      json({ detail: 'Down for maintenance' }, 503, { 'retry-after': '3600' }),
    );
    // The default retry policy: a wait past its cap is not waited for.
    const client = createClient({ ...NO_RETRY, retry: undefined, fetch: service.fetch });
    const error = (await failure(client.orders.list())) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(service.requests).toHaveLength(1);
    expect(error.retryAfter).toBe(3600);
    expect(error.message).toBe('GET /orders → 503: Down for maintenance (retry after 3600 s)');
    const plain = fakeFetch(() => json({ detail: 'Down' }, 503));
    const without = (await failure(
      createClient({ ...NO_RETRY, fetch: plain.fetch }).orders.list(),
    )) as ServerError;
    expect(without.retryAfter).toBeUndefined();
    expect(without.message).toBe('GET /orders → 503: Down');
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
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(client.products.list())) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.body).toBe('<html>bad gateway</html>');
    expect(error.detail).toBeUndefined();
    expect(error.message).toBe('GET /products → 502: Bad Gateway');
  });

  // Error bodies of frameworks and middleware other than FastAPI's own handlers, answered
  // without a reason phrase (HTTP/2 has none): the message says what the body says.
  it.each([
    [
      'slowapi',
      { error: 'Rate limit exceeded: 5 per 1 minute' },
      'Rate limit exceeded: 5 per 1 minute',
    ],
    ['a custom handler', { message: 'Order store offline', code: 'E42' }, 'Order store offline'],
    ['Starlette', 'Internal Server Error', 'Internal Server Error'],
  ])('reads the reason of %s when the body has no detail', async (_, body, reason) => {
    const service = fakeFetch(() =>
      typeof body === 'string' ? new Response(body, { status: 500 }) : json(body, 500),
    );
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(client.products.list())) as ServerError;
    expect(error.message).toBe(`GET /products → 500: ${reason}`);
    expect(error.detail).toBeUndefined();
    expect(error.body).toEqual(body);
  });

  it('does not quote an HTML page or a long text as the reason', async () => {
    for (const body of ['<html><body>Bad gateway</body></html>', 'x'.repeat(201), 'two\nlines']) {
      const service = fakeFetch(() => new Response(body, { status: 500 }));
      const client = createClient({ ...NO_RETRY, fetch: service.fetch });
      const error = (await failure(client.products.list())) as ServerError;
      expect(error.message).toBe('GET /products → 500: (no detail)');
      expect(error.body).toBe(body);
    }
  });
});
