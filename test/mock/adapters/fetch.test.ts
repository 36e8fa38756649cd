// mock.fetch: the service answered in-process through a client's own fetch, with no msw server
// and no global interception (what Bun and Deno need with msw 3, and clients bound to one mock
// in concurrent tests). It goes through the same intake as the handlers, so the SDK sees the
// faults, the journal and the limits as it does under setupServer (test/reliability/
// resilience.test.ts holds the same reactions there), and it rejects as fetch rejects. No msw
// server runs in this file.
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createMockService,
  MOCK_API_KEY,
  MOCK_SIGNING_SECRET,
  type MockService,
  type MockServiceOptions,
  REDACTED,
} from '../../../mock/index.js';
import { MAX_BODY_BYTES } from '../../../mock/routes/intake.js';
import {
  AbortError,
  type ClientConfig,
  ConnectionError,
  createClient,
  NotFoundError,
  TimeoutError,
} from '../../../src/index.js';

const ORDERS = '/api/v1/web-api/v1/orders';
const FAST = { delay: () => 0, jitter: false } as const;
const KEYED = { headers: { 'X-API-Key': MOCK_API_KEY } };

function clientOf(mock: MockService, config: Partial<ClientConfig> = {}) {
  return createClient({
    hostUrl: mock.hostUrl,
    apiKey: MOCK_API_KEY,
    fetch: mock.fetch,
    retry: { ...FAST, limit: 0 },
    logLevel: 'off',
    ...config,
  });
}

const fresh = (options?: MockServiceOptions) => createMockService(options);

describe('mock.fetch as the client’s fetch', () => {
  it('pulls every order, and a write lands in the store and the journal', async () => {
    const mock = fresh({ orders: 150 });
    const client = clientOf(mock, { signingSecret: MOCK_SIGNING_SECRET });
    const ids: string[] = [];
    for await (const order of client.orders.iterate({ limit: 40 })) ids.push(order.id);
    expect(new Set(ids)).toEqual(new Set(mock.orders.all().map((order) => order.id)));
    expect(ids).toHaveLength(150);

    const result = await client.fulfillment.notifyShipped({ inbound_order_id: '3' });
    expect(result).toMatchObject({ status: 'applied', order_id: '3' });
    expect(mock.orders.get('3')).toMatchObject({ status: 'shipped' });
    const entry = mock.requests.at(-1);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/v1/webhooks/wms/fulfillment',
      status: 200,
    });
    expect(entry?.headers['x-wms-signature']).toBe(REDACTED);
    expect(mock.requests[0]?.headers['x-api-key']).toBe(REDACTED);
  });

  it('retries a burst of 503 faults and gets the page', async () => {
    const mock = fresh({ orders: 10 });
    mock.faults.add({ path: `${ORDERS}*`, status: 503, times: 2 });
    const page = await clientOf(mock, { retry: { ...FAST, limit: 3 } }).orders.list({ limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(mock.requests.map((entry) => entry.status)).toEqual([503, 503, 200]);
  });

  it.each(['reset', 'truncate'] as const)('gives ConnectionError on %s', async (error) => {
    const mock = fresh({ orders: 10 });
    mock.faults.add({ path: `${ORDERS}*`, error });
    const thrown = await clientOf(mock)
      .orders.list({ limit: 5 })
      .catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(ConnectionError);
    expect(thrown).not.toBeInstanceOf(TimeoutError);
    // A reset is never answered; a truncated answer's route ran.
    expect(mock.requests.map((entry) => entry.status)).toEqual([error === 'reset' ? null : 200]);
  });

  it('gives TimeoutError when the body stalls after the headers', async () => {
    const mock = fresh({ orders: 10 });
    mock.faults.add({ path: `${ORDERS}*`, error: 'stall' });
    const client = clientOf(mock, { timeout: 150 });
    await expect(client.orders.list({ limit: 5 })).rejects.toBeInstanceOf(TimeoutError);
    expect(mock.requests.map((entry) => entry.fault?.effect)).toEqual(['stall']);
  });

  it('gives AbortError when the caller aborts during a delay, and the journal shows no answer', async () => {
    const mock = fresh({ orders: 10 });
    mock.faults.add({ path: `${ORDERS}*`, delayMs: 60_000 });
    const controller = new AbortController();
    const call = clientOf(mock).orders.list({ limit: 5 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stopped by the test')), 20);
    await expect(call).rejects.toBeInstanceOf(AbortError);
    expect(mock.requests.map((entry) => entry.status)).toEqual([null]);
  });

  it('gives ConnectionError for a client of another host, and the mock hears nothing', async () => {
    const mock = fresh();
    const client = clientOf(mock, { hostUrl: 'https://other.example.test' });
    const thrown = await client.orders.list({ limit: 5 }).catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(ConnectionError);
    expect((thrown as Error).message).toContain(
      `mock.fetch answers only the mock's own URLs, not https://other.example.test${ORDERS}`,
    );
    expect(mock.requests).toEqual([]);
  });

  it('names the URL in a 404 of a wrong path, as a fetch’s answer does', async () => {
    const mock = fresh();
    const client = clientOf(mock, { hostUrl: `${mock.hostUrl}/wrong` });
    const thrown = await client.orders.list({ limit: 5 }).catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(NotFoundError);
    expect((thrown as Error).message).toContain(`Not Found at ${mock.hostUrl}/wrong${ORDERS}`);
  });

  it('treats in-process calls as coming from options.clientIp', async () => {
    const restricted = (clientIp: string) =>
      fresh({
        clientIp,
        apiKeys: [{ key: 'k', scopes: ['orders:read'], allowedIps: ['10.0.0.0/8'] }],
      });
    const inside = clientOf(restricted('10.20.30.40'), { apiKey: 'k' });
    expect((await inside.orders.list({ limit: 1 })).items).toHaveLength(1);
    const outside = clientOf(restricted('192.168.1.5'), { apiKey: 'k' });
    await expect(outside.orders.list({ limit: 1 })).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/192\.168\.1\.5/),
    });
  });

  it('binds each client to its own mock: two services on one host URL answer apart', async () => {
    const [a, b] = [fresh({ orders: 2 }), fresh({ orders: 7 })];
    const [pageA, pageB] = await Promise.all([
      clientOf(a).orders.list({ limit: 50 }),
      clientOf(b).orders.list({ limit: 50 }),
    ]);
    expect([pageA.items.length, pageB.items.length]).toEqual([2, 7]);
  });
});

describe('mock.fetch as a plain fetch', () => {
  it('takes a URL string, a URL or a Request, with init over the Request', async () => {
    const mock = fresh({ orders: 3 });
    const url = `${mock.baseUrl}/orders`;
    const unkeyed = new Request(url, { headers: { 'X-API-Key': 'wrong' } });
    for (const input of [url, new URL(url), unkeyed]) {
      const response = await mock.fetch(input, KEYED);
      expect(response.status).toBe(200);
      expect(response.url).toBe(url);
      expect((await response.json()).items).toHaveLength(3);
    }
  });

  it('gives its Responses and their clones the URL, without the fragment, as fetch does', async () => {
    const mock = fresh({ orders: 3 });
    const response = await mock.fetch(`${mock.baseUrl}/orders/1#top`, KEYED);
    expect([response.url, response.clone().url, response.clone().clone().url]).toEqual(
      Array(3).fill(`${mock.baseUrl}/orders/1`),
    );
    expect((await response.clone().json()).id).toBe('1');
    expect((await response.json()).id).toBe('1');
    // What a client's afterResponse hook sees (ky hands it a clone).
    const seen: string[] = [];
    await clientOf(mock, {
      hooks: { afterResponse: [(_request, _options, answer) => void seen.push(answer.url)] },
    }).orders.get('2');
    expect(seen).toEqual([`${mock.baseUrl}/orders/2`]);
  });

  it('rejects a URL of another host with fetch’s TypeError, sending nothing anywhere', async () => {
    const mock = fresh();
    const thrown = await mock.fetch('https://example.com/').catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(TypeError);
    expect(thrown).toMatchObject({ message: 'fetch failed' });
    expect(mock.requests).toEqual([]);
  });

  it('rejects a reset with a TypeError, not an error Response', async () => {
    const mock = fresh();
    mock.faults.add({ path: `${ORDERS}*`, error: 'reset' });
    const thrown = await mock.fetch(`${mock.baseUrl}/orders`, KEYED).catch((caught) => caught);
    expect(thrown).toBeInstanceOf(TypeError);
    expect(thrown).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNRESET' } });
  });

  it('rejects with the signal’s reason, aborted before the call or during the latency', async () => {
    const mock = fresh({ latency: { minMs: 60_000, maxMs: 60_000 } });
    const reason = new Error('given up');
    const url = `${mock.baseUrl}/orders`;
    await expect(mock.fetch(url, { ...KEYED, signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
    expect(mock.requests).toEqual([]);
    const controller = new AbortController();
    const request = new Request(url, { ...KEYED, signal: controller.signal });
    const call = mock.fetch(request);
    setTimeout(() => controller.abort(reason), 20);
    await expect(call).rejects.toBe(reason);
    expect(mock.requests.map((entry) => entry.status)).toEqual([null]);
  });

  it('follows the trailing-slash redirect unless told not to', async () => {
    const mock = fresh({ orders: 3 });
    const followed = await mock.fetch(`${mock.baseUrl}/orders/?limit=2`, KEYED);
    expect(followed).toMatchObject({ status: 200, redirected: true });
    expect(followed.url).toBe(`${mock.baseUrl}/orders?limit=2`);
    expect((await followed.json()).items).toHaveLength(2);
    const manual = await mock.fetch(`${mock.baseUrl}/orders/`, { ...KEYED, redirect: 'manual' });
    expect(manual.status).toBe(307);
    await expect(
      mock.fetch(`${mock.baseUrl}/orders/`, { ...KEYED, redirect: 'error' }),
    ).rejects.toBeInstanceOf(TypeError);
  });

  // Over HTTP a redirect's body cut short fails the fetch that follows it, on Node 20 to 24;
  // following the 307 anyway, as the in-process fetch did, passed the cut off for a whole
  // answer. Node 26's fetch follows it over HTTP all the same: that the HTTP side shows.
  const followsCutRedirect = Number(process.versions.node.split('.')[0]) >= 26;
  it.each(['mock.fetch', 'http'])(
    'fails a followed redirect that a truncate cut short (%s)',
    async (way) => {
      const cutRedirect = async (init: RequestInit) => {
        const mock = fresh({ orders: 3 });
        mock.faults.add({ path: `${ORDERS}*`, error: 'truncate', times: 1 });
        if (way === 'mock.fetch') {
          return {
            mock,
            answer: mock.fetch(`${mock.baseUrl}/orders/?limit=1`, { ...KEYED, ...init }),
          };
        }
        const running = await mock.listen();
        onTestFinished(() => running.close());
        return {
          mock,
          answer: fetch(`${running.hostUrl}${ORDERS}/?limit=1`, { ...KEYED, ...init }),
        };
      };
      const followed = await cutRedirect({});
      const thrown = await followed.answer.catch((caught: unknown) => caught);
      if (way === 'http' && followsCutRedirect) {
        expect(thrown).toMatchObject({ status: 200, redirected: true });
      } else {
        expect(thrown).toBeInstanceOf(TypeError);
        expect(thrown).toMatchObject({ message: 'fetch failed' });
      }
      expect(followed.mock.requests[0]).toMatchObject({ path: `${ORDERS}/`, status: 307 });
      // Unfollowed, it is a 307 whose body errors, as any cut body does.
      const manual = await (await cutRedirect({ redirect: 'manual' })).answer;
      expect(manual.status).toBe(307);
      await expect(manual.text()).rejects.toThrow(TypeError);
    },
  );

  it('refuses a body over the limit with 413, changing nothing', async () => {
    const mock = fresh();
    const response = await mock.fetch(`${mock.baseUrl}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': MOCK_API_KEY },
      body: ' '.repeat(MAX_BODY_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(mock.requests).toEqual([]);
    expect(mock.subscriptions).toEqual([]);
  });
});
