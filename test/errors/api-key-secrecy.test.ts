// The API key travels only in its header and shows up in no hook, error or inspection.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { failure } from '../support/failure.js';
import { BASE, clientOver, fakeFetch, json, KEY } from '../support/fake-fetch.js';

describe('the API key', () => {
  it('travels only in the X-API-Key header', async () => {
    const service = fakeFetch(() => json({ items: [], page: 1, page_size: 50, total: 0 }));
    const client = clientOver(service);
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
    const client = clientOver(service, {
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

  it.each([
    // pydantic's 422 carries the value it refused as `input`.
    ['a 422 that echoes it', 422, { detail: [{ loc: ['header', 'x-api-key'], input: KEY }] }],
    ['a 401 that names it', 401, { detail: `Invalid API key ${KEY}` }],
    ['a text body that holds it', 403, `forbidden for ${KEY}`],
  ])('is hidden in %s, in the error body and message', async (_, status, body) => {
    const service = fakeFetch(() =>
      typeof body === 'string' ? new Response(body, { status }) : json(body, status),
    );
    const error = await failure(clientOver(service, { retry: 0 }).orders.get('ord_1'));
    expect((error as { status?: number }).status).toBe(status);
    expect(JSON.stringify((error as { body?: unknown }).body)).toContain('[redacted]');
    expect(error.message).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(KEY);
  });

  it('is hidden in the headers an error keeps, a redirect’s Location in its message included', async () => {
    const service = fakeFetch(
      () =>
        new Response(null, {
          status: 302,
          headers: {
            location: `https://login.example/?k=${KEY}`,
            'www-authenticate': `ApiKey key="${KEY}"`,
          },
        }),
    );
    const error = await failure(clientOver(service, { retry: 0 }).orders.get('ord_1'));
    expect(error.message).toContain('redirected to https://login.example/?k=[redacted]');
    const headers = (error as { headers?: Headers }).headers;
    expect(headers?.get('www-authenticate')).toBe('ApiKey key="[redacted]"');
    expect(error.message).not.toContain(KEY);
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(KEY);
  });

  it.each([
    ['as encodeURIComponent writes it', (key: string) => encodeURIComponent(key)],
    [
      'in lower-case hex, as another encoder writes it',
      (key: string) => encodeURIComponent(key).replace(/%[\dA-F]{2}/g, (hex) => hex.toLowerCase()),
    ],
  ])('is hidden percent-encoded %s, as a redirect URL carries it', async (_, encode) => {
    const key = 'ofs_live_AB+CD/EF=GH';
    const service = fakeFetch(
      () =>
        new Response(null, {
          status: 302,
          headers: { location: `https://login.example/?k=${encode(key)}` },
        }),
    );
    const error = await failure(clientOver(service, { apiKey: key, retry: 0 }).orders.get('1'));
    expect(error.message).toContain('redirected to https://login.example/?k=[redacted]');
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(encode(key));
  });

  it('is hidden in the status line a service answers with', async () => {
    const service = fakeFetch(
      () => new Response(null, { status: 401, statusText: `Bad key ${KEY}` }),
    );
    const error = await failure(clientOver(service, { retry: 0 }).orders.get('1'));
    expect(error.message).toBe('GET /orders/1 → 401: Bad key [redacted]');
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(KEY);
  });

  it('is hidden in the body of a 2xx the SDK cannot read, JSON or not', async () => {
    for (const answer of [() => json({ note: `for ${KEY}` }), () => new Response(`hello ${KEY}`)]) {
      const error = await failure(clientOver(fakeFetch(answer)).orders.get('ord_1'));
      expect(error.name).toBe('ResponseValidationError');
      expect(JSON.stringify(error)).not.toContain(KEY);
      expect(JSON.stringify((error as { body?: unknown }).body)).toContain('[redacted]');
    }
  });

  it('is hidden without breaking the body it occurs in, however short', async () => {
    // `true` is a valid key, and a JSON literal: only strings and names are scrubbed.
    const service = fakeFetch(() => json({ detail: 'bad flag', flag: true, note: 'true' }, 422));
    const error = await failure(clientOver(service, { apiKey: 'true', retry: 0 }).orders.get('1'));
    expect((error as { body?: unknown }).body).toEqual({
      detail: 'bad flag',
      flag: true,
      note: '[redacted]',
    });
    expect(error.message).toContain('bad flag');
  });
});
