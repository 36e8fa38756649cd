// Requests node:http's parser refuses before they reach the service (a method it does not
// take, a target and headers over 16 KB) get the same answer in-process (msw's handlers,
// mock.fetch) as over HTTP, where the parser refuses the bytes: the same status and JSON
// detail, no journal entry, nothing changed.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMockService, MOCK_API_KEY, type MockService } from '../../../mock/index.js';
import { handlerFetch } from '../../support/mock.js';

const ORDERS = '/api/v1/web-api/v1/orders';

type Send = (request: Request) => Promise<Response>;

// Each way a client reaches the mock: a request built for the mock's host URL, sent there.
const WAYS: Record<string, (mock: MockService) => Promise<[hostUrl: string, send: Send]>> = {
  msw: async (mock) => [mock.hostUrl, handlerFetch(mock)],
  'mock.fetch': async (mock) => [mock.hostUrl, (request) => mock.fetch(request)],
  http: async (mock) => {
    const running = await mock.listen();
    onTestFinished(() => running.close());
    return [running.hostUrl, (request) => fetch(request)];
  },
};

describe.each(Object.keys(WAYS))('a request node:http’s parser refuses (%s)', (way) => {
  const start = async () => {
    const mock = createMockService({ orders: 3 });
    const [hostUrl, send] = await (WAYS[way] as (typeof WAYS)[string])(mock);
    return { mock, hostUrl, send };
  };

  // fetch upper-cases six methods only: `patch` goes as written, and node's parser (as
  // httptools, uvicorn's) refuses a method in another case than its own.
  it.each([
    ['patch', '/__mock/orders/1'],
    ['patch', `${ORDERS}/1`],
    ['FOO', ORDERS],
  ])(
    'answers the method %s (to %s) 400 with a JSON detail, changing and journaling nothing',
    async (method, path) => {
      const { mock, hostUrl, send } = await start();
      const before = mock.orders.get('1');
      const response = await send(
        new Request(`${hostUrl}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', 'X-API-Key': MOCK_API_KEY },
          body: '{"status":"Cancelled"}',
        }),
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('x-request-id')).toMatch(/^req_\d+$/);
      expect(await response.json()).toEqual({
        detail: 'Malformed HTTP request (HPE_INVALID_METHOD)',
      });
      expect(mock.orders.get('1')).toEqual(before);
      expect(mock.requests).toEqual([]);
    },
  );

  // Over HTTP node's parser stops at 16 KB of target and headers (h11's limit is the same);
  // in-process the request was served, and a fault rule even added.
  it.each([
    ['a header', 'GET', `${ORDERS}?limit=1`, 'a'.repeat(17_000)],
    ['a query', 'GET', `${ORDERS}?limit=1&x=${'a'.repeat(17_000)}`, 'a'],
    ['a header', 'POST', '/__mock/faults', 'a'.repeat(17_000)],
  ])(
    'answers %s over 16 KB (%s) 431 with a JSON detail, changing and journaling nothing',
    async (_, method, path, big) => {
      const { mock, hostUrl, send } = await start();
      const response = await send(
        new Request(`${hostUrl}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', 'X-API-Key': MOCK_API_KEY, 'X-Big': big },
          ...(method === 'POST' && { body: JSON.stringify({ path: ORDERS, status: 503 }) }),
        }),
      );
      expect(response.status).toBe(431);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('x-request-id')).toMatch(/^req_\d+$/);
      expect(await response.json()).toEqual({
        detail: 'Request header fields too large (over 16 KB)',
      });
      expect(mock.faults.list()).toEqual([]);
      expect(mock.requests).toEqual([]);
    },
  );

  it('serves a request whose target and headers stay well under 16 KB', async () => {
    const { mock, hostUrl, send } = await start();
    const headers = { 'X-API-Key': MOCK_API_KEY, 'X-Big': 'a'.repeat(15_000) };
    const response = await send(new Request(`${hostUrl}${ORDERS}?limit=1`, { headers }));
    expect(response.status).toBe(200);
    expect(mock.requests).toHaveLength(1);
  });

  it('serves the methods fetch upper-cases itself', async () => {
    const { mock, hostUrl, send } = await start();
    const init = { method: 'get', headers: { 'X-API-Key': MOCK_API_KEY } };
    const response = await send(new Request(`${hostUrl}${ORDERS}?limit=1`, init));
    expect(response.status).toBe(200);
    expect(mock.requests.map((entry) => entry.method)).toEqual(['GET']);
  });
});
