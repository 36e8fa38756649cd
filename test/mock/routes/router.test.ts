// The route table's dispatch: msw-compatible path matching, the JSON 400/404/405/500
// answers, and the same answers in-process and over node:http.
import { getResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMockService, MOCK_API_KEY, MOCK_SIGNING_SECRET } from '../../../mock/index.js';
import type { RouteRequest } from '../../../mock/routes/requests.js';
import { json } from '../../../mock/routes/responses.js';
import { Router } from '../../../mock/routes/router.js';
import { createClient } from '../../../src/index.js';
import { handlerFetch } from '../../support/mock.js';

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

  it('matches case-sensitively, decoding parameters', async () => {
    const a = await router.dispatch(request('https://h.test/tenant/things/a%20b'));
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
  });

  // FastAPI (Starlette's redirect_slashes) sends a client that added a slash to the route.
  it('redirects a trailing slash with 307 to the path without it, query kept, before the guard', async () => {
    const denied = new Router(
      'https://h.test/tenant',
      [{ method: 'GET', path: '/secure/:id', scope: 'orders:read', handle: () => json('ok') }],
      () => ({ ok: false, response: json({ detail: 'no key' }, 401) }),
    );
    const cases: Array<[Router, string, string, string]> = [
      [router, 'GET', '/things/a%20b/?x=1&y=%2F', '../a%20b?x=1&y=%2F'],
      // All trailing slashes go, as Starlette's rstrip('/') does.
      [router, 'GET', '/things/a//', '../../a'],
      // A known path with another method is redirected first; the 405 comes after.
      [router, 'DELETE', '/things/1/', '../1'],
      // No guard runs: the key is checked on the request that follows.
      [denied, 'GET', '/secure/7/', '../7'],
    ];
    for (const [target, method, path, location] of cases) {
      const url = `https://h.test/tenant${path}`;
      const answer = await target.dispatch(request(url, method));
      expect(answer, path).toMatchObject({ status: 307, headers: { location } });
      expect(JSON.parse(String(answer.body)), path).toEqual({
        detail: 'Redirect to the path without the trailing slash',
      });
      // The Location leads to the same URL without the slashes.
      expect(new URL(location, url).href, path).toBe(url.replace(/\/+(?=\?|$)/, ''));
    }
    // Only when the path without the slash is a route's: otherwise 404, as before.
    for (const path of ['/things/', '/nothing/', '/', '/boom//x/']) {
      const answer = await router.dispatch(request(`https://h.test/tenant${path}`));
      expect(answer.status, path).toBe(404);
    }
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
  it('gives the same status, headers and body in-process (handlers, mock.fetch) and over HTTP', async () => {
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
      const viaFetch = () => mock.fetch(`${mock.hostUrl}${path}`, { headers, redirect: 'manual' });
      mock.reset();
      let local = await inProcess();
      if (times === 2) local = await inProcess();
      mock.reset();
      let fetched = await viaFetch();
      if (times === 2) fetched = await viaFetch();
      mock.reset();
      const remoteCall = () => fetch(`${running.hostUrl}${path}`, { headers, redirect: 'manual' });
      let remote = await remoteCall();
      if (times === 2) remote = await remoteCall();
      expect(local, path).toBeDefined();
      if (times === 2) expect(remote.status).toBe(429);
      const pick = (response: Response) =>
        ['content-type', 'content-length', 'allow', 'retry-after', 'location'].map((name) =>
          response.headers.get(name),
        );
      const remoteAnswer = [remote.status, pick(remote), await remote.text()];
      expect(remoteAnswer, path).toEqual([
        local?.status,
        pick(local as Response),
        await local?.text(),
      ]);
      expect(remoteAnswer, path).toEqual([fetched.status, pick(fetched), await fetched.text()]);
    }
  });

  it('answers HEAD with the headers and no body, in-process too', async () => {
    const mock = createMockService({ orders: 3 });
    const running = await mock.listen();
    onTestFinished(() => running.close());
    const path = '/api/v1/web-api/v1/orders';
    const init = { method: 'HEAD', headers: { 'X-API-Key': MOCK_API_KEY } };
    const answers = [
      await fetch(`${running.hostUrl}${path}`, init),
      await getResponse(mock.handlers, new Request(`${mock.hostUrl}${path}`, init)),
      await mock.fetch(`${mock.hostUrl}${path}`, init),
    ];
    for (const answer of answers) {
      expect(answer?.status).toBe(405);
      expect(answer?.headers.get('content-type')).toBe('application/json');
      expect(await answer?.text()).toBe('');
    }
  });
});

describe('the trailing-slash redirect, end to end', () => {
  it('leads a client that follows it to the same answer, path prefix and control routes included', async () => {
    const mock = createMockService({ orders: 30, hostUrl: 'https://h.test/tenant' });
    const running = await mock.listen();
    onTestFinished(() => running.close());
    const headers = { 'X-API-Key': MOCK_API_KEY };
    const orders = `${running.hostUrl}/api/v1/web-api/v1/orders`;
    const direct = await fetch(`${orders}?limit=2`, { headers });
    const followed = await fetch(`${orders}/?limit=2`, { headers });
    expect([followed.status, followed.redirected]).toEqual([200, true]);
    expect(await followed.text()).toBe(await direct.text());
    // The control routes redirect the same way; a POST stays a POST through a 307.
    const reset = await fetch(`${running.hostUrl}/__mock/reset/`, { method: 'POST' });
    expect([reset.status, await reset.json()]).toEqual([200, { status: 'reset' }]);
    // In-process the Location resolves against the host URL, prefix included.
    const url = `${mock.hostUrl}/api/v1/web-api/v1/orders/?limit=2`;
    const local = await getResponse(mock.handlers, new Request(url, { headers }));
    expect(local?.status).toBe(307);
    expect(new URL(local?.headers.get('location') ?? '', url).href).toBe(
      `${mock.hostUrl}/api/v1/web-api/v1/orders?limit=2`,
    );
  });

  // The SDK follows no redirect: a trailing slash would fail its call with the 307.
  it('is never met by the SDK, whatever slash its hostUrl ends with', async () => {
    const mock = createMockService({ orders: 5 });
    for (const hostUrl of [`${mock.hostUrl}/`, `${mock.baseUrl}/`]) {
      const client = createClient({
        hostUrl,
        apiKey: MOCK_API_KEY,
        signingSecret: MOCK_SIGNING_SECRET,
        fetch: handlerFetch(mock),
      });
      await client.orders.list({ limit: 1 });
      await client.orders.iterate({ limit: 2 }).toArray({ limit: 3 });
      await client.orders.get('1');
      await client.orders.items('1');
      await client.products.list();
      await client.webhooks.create({ url: 'http://127.0.0.1:9/hooks', events: ['order.created'] });
      await client.fulfillment.notifyShipped({ inbound_order_id: '2' });
    }
    const paths = mock.requests.map((entry) => entry.path);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => path.endsWith('/'))).toEqual([]);
    expect(mock.requests.filter((entry) => entry.status !== 200 && entry.status !== 201)).toEqual(
      [],
    );
    mock.reset(); // cancels the deliveries' retries
  });
});
