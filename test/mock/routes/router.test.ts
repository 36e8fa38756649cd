// The route table's dispatch: msw-compatible path matching, the JSON 400/404/405/500
// answers, and the same answers in-process and over node:http.
import { getResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMockService, MOCK_API_KEY } from '../../../mock/index.js';
import type { RouteRequest } from '../../../mock/routes/requests.js';
import { json } from '../../../mock/routes/responses.js';
import { Router } from '../../../mock/routes/router.js';

function request(url: string, method = 'GET'): RouteRequest {
  return {
    method,
    url: new URL(url),
    header: () => null,
    body: new Uint8Array(0),
    clientIp: '127.0.0.1',
  };
}

const router = new Router('https://h.test/tenant', [
  { method: 'GET', path: '/things/:id', handle: (_r, params) => json(params) },
  { method: 'PATCH', path: '/things/:id', handle: () => json('patched') },
  { method: 'GET', path: '/boom', handle: () => Promise.reject(new Error('bad')) },
  {
    method: 'POST',
    path: '/throw',
    handle: () => {
      throw new Error('worse');
    },
  },
]);

describe('Router', () => {
  it('owns only URLs under the host URL, path prefix included', () => {
    expect(router.owns(new URL('https://h.test/tenant/x'))).toBe(true);
    // Paths are case-sensitive, the prefix too: /TENANT is another path, not the service's.
    expect(router.owns(new URL('https://h.test/TENANT/x'))).toBe(false);
    expect(router.owns(new URL('https://h.test/tenant'))).toBe(false);
    expect(router.owns(new URL('https://h.test/other/x'))).toBe(false);
    expect(router.owns(new URL('http://h.test/tenant/x'))).toBe(false);
  });

  it('matches case-sensitively, with one optional trailing slash, decoding parameters', async () => {
    const a = await router.dispatch(request('https://h.test/tenant/things/a%20b/'));
    expect(a).toMatchObject({ status: 200, body: '{"id":"a b"}' });
    // FastAPI compares paths exactly: another case is an unknown path (404), not a match.
    const upper = await router.dispatch(request('https://h.test/tenant/Things/a'));
    expect(upper).toMatchObject({ status: 404 });
    expect(JSON.parse(String(upper.body))).toEqual({ detail: 'Not Found' });
    // A parameter keeps its case.
    expect(await router.dispatch(request('https://h.test/tenant/things/AbC'))).toMatchObject({
      status: 200,
      body: '{"id":"AbC"}',
    });
    expect((await router.dispatch(request('https://h.test/tenant/things/a//'))).status).toBe(404);
    expect((await router.dispatch(request('https://h.test/tenant/things/'))).status).toBe(404);
  });

  it('answers a known path with another method 405, listing the methods', async () => {
    const answer = await router.dispatch(request('https://h.test/tenant/things/1', 'DELETE'));
    expect(answer).toMatchObject({ status: 405, headers: { allow: 'GET, PATCH' } });
    expect(JSON.parse(String(answer.body))).toEqual({ detail: 'Method Not Allowed' });
  });

  it('answers malformed percent-encoding 400 and a failing route 500, as JSON', async () => {
    const malformed = await router.dispatch(request('https://h.test/tenant/things/%E0%A4%A'));
    expect(malformed.status).toBe(400);
    const rejected = await router.dispatch(request('https://h.test/tenant/boom'));
    expect(rejected.status).toBe(500);
    expect(JSON.parse(String(rejected.body)).detail).toMatch(/bad/);
    const thrown = await router.dispatch(request('https://h.test/tenant/throw', 'POST'));
    expect(thrown.status).toBe(500);
  });
});

describe('one route table, two transports', () => {
  it('gives the same status, headers and body in-process and over HTTP', async () => {
    const mock = createMockService({ orders: 30, rateLimit: { limit: 1, windowMs: 60_000 } });
    const running = await mock.listen();
    onTestFinished(() => running.close());
    const paths = [
      '/api/v1/web-api/v1/orders?limit=5&offset=3',
      '/api/v1/web-api/v1/orders/?since=2025-01-01T00:00:00Z&since_id=0&limit=3',
      '/API/v1/web-api/v1/orders/7',
      '/api/v1/web-api/v1/orders/999/items',
      '/api/v1/web-api/v1/products?page_size=0',
      '/api/v1/web-api/v1/webhooks',
      '/nothing/here',
      '/api/v1/web-api/v1/orders/%E0%A4%A',
    ];
    // The last entry sends twice, so the second answer is the 429 with Retry-After.
    for (const [path, times] of [...paths.map((p) => [p, 1] as const), [paths[0], 2] as const]) {
      const headers = { 'X-API-Key': MOCK_API_KEY };
      const inProcess = () =>
        getResponse(mock.handlers, new Request(`${mock.hostUrl}${path}`, { headers }));
      mock.reset();
      let local = await inProcess();
      if (times === 2) local = await inProcess();
      mock.reset();
      let remote = await fetch(`${running.hostUrl}${path}`, { headers });
      if (times === 2) remote = await fetch(`${running.hostUrl}${path}`, { headers });
      expect(local, path).toBeDefined();
      if (times === 2) expect(remote.status).toBe(429);
      const pick = (response: Response) =>
        ['content-type', 'content-length', 'allow', 'retry-after'].map((name) =>
          response.headers.get(name),
        );
      expect([remote.status, pick(remote), await remote.text()], path).toEqual([
        local?.status,
        pick(local as Response),
        await local?.text(),
      ]);
    }
  });
});
