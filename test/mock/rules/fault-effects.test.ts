// What each fault effect answers, in both transports: a status with its body and headers, a
// delay before an answer, a reset that changes nothing, and a truncated answer whose route
// did its work.
import { setImmediate as realTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockService, MOCK_API_KEY } from '../../../mock/index.js';
import { type StartedMock, TRANSPORTS, useMock } from '../../support/mock.js';

const ORDERS = '/api/v1/web-api/v1/orders';

/** Each journaled request's status and the effect of the rule that met it. */
const outcomes = (target: StartedMock) =>
  target.mock.requests.map((entry) => [entry.status, entry.fault?.effect]);

describe.each(TRANSPORTS)('fault effects (%s)', (transport) => {
  const { start } = useMock(transport);

  it('answers late when delayMs goes with status or error: a gateway’s 504, a late reset', async () => {
    const target = await start({ orders: 5 });
    target.mock.faults.add({ path: ORDERS, delayMs: 40, status: 504, times: 1 });
    target.mock.faults.add({ path: ORDERS, delayMs: 40, error: 'reset', times: 1 });
    const started = performance.now();
    const gateway = await target.call('/orders');
    // A lower bound only: the answer came no sooner than the delay (a timer never fires
    // more than a millisecond early).
    expect(performance.now() - started).toBeGreaterThanOrEqual(38);
    expect([gateway.status, gateway.body]).toEqual([504, { detail: 'Injected fault' }]);
    await expect(target.call('/orders')).rejects.toThrow();
    expect(outcomes(target)).toEqual([
      [504, 'status'],
      [null, 'reset'],
    ]);
  });

  it('runs the route under truncate, so only the answer is lost; a reset changes nothing', async () => {
    const target = await start({ orders: 5 });
    const webhooks = '/api/v1/web-api/v1/webhooks';
    target.mock.faults.add({ path: webhooks, error: 'truncate', times: 1 });
    target.mock.faults.add({ path: webhooks, error: 'reset', times: 1 });
    for (const url of ['https://wms.test/cut', 'https://wms.test/reset']) {
      const body = { url, events: ['order.created'] };
      await expect(target.call('/webhooks', { method: 'POST', body })).rejects.toThrow();
    }
    expect(target.mock.subscriptions.map((subscription) => subscription.url)).toEqual([
      'https://wms.test/cut',
    ]);
    expect(outcomes(target)).toEqual([
      [201, 'truncate'],
      [null, 'reset'],
    ]);
  });

  it('runs the route at once under delayMs alone: a client that gives up loses the answer, not the work', async () => {
    const target = await start({ orders: 5 });
    const webhooks = '/api/v1/web-api/v1/webhooks';
    target.mock.faults.add({ path: webhooks, delayMs: 5_000, times: 1 });
    target.mock.faults.add({ path: webhooks, delayMs: 5_000, status: 504, times: 1 });
    for (const url of ['https://wms.test/late', 'https://wms.test/gateway']) {
      const body = { url, events: ['order.created'] };
      // Time for the request to reach the mock on a busy machine, well within the delay.
      const signal = AbortSignal.timeout(1_000);
      await expect(target.call('/webhooks', { method: 'POST', body, signal })).rejects.toThrow();
    }
    // Only the delayed route did its work; the gateway's 504 never reached the service.
    expect(target.mock.subscriptions.map((subscription) => subscription.url)).toEqual([
      'https://wms.test/late',
    ]);
    expect(outcomes(target)).toEqual([
      [null, 'delay'],
      [null, 'status'],
    ]);
  });

  it('sends a string body as it is: a proxy’s HTML error page, or plain text', async () => {
    const target = await start({ orders: 5 });
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    target.mock.faults.add({
      path: ORDERS,
      status: 502,
      body: page,
      headers: { 'Content-Type': 'text/html' },
      times: 1,
    });
    target.mock.faults.add({ path: ORDERS, status: 503, body: 'upstream busy', times: 1 });
    const get = () =>
      fetch(`${target.hostUrl}${ORDERS}`, { headers: { 'X-API-Key': MOCK_API_KEY } });
    const html = await get();
    expect([html.status, html.headers.get('content-type'), await html.text()]).toEqual([
      502,
      'text/html',
      page,
    ]);
    const text = await get();
    expect([text.status, text.headers.get('content-type'), await text.text()]).toEqual([
      503,
      'text/plain; charset=utf-8',
      'upstream busy',
    ]);
    expect((await get()).status).toBe(200);
  });

  it('answers a status rule with its body and headers, then the normal answer once spent', async () => {
    const target = await start({ orders: 5 });
    const added = await target.call(`${target.hostUrl}/__mock/faults`, {
      method: 'POST',
      body: {
        method: 'GET',
        path: ORDERS,
        status: 429,
        body: { detail: 'slow down' },
        headers: { 'Retry-After': '7' },
        times: 1,
      },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: expect.any(String), status: 429, times: 1, matched: 0 });
    const faulted = await target.call('/orders?limit=1');
    expect(faulted.status).toBe(429);
    expect(faulted.body).toEqual({ detail: 'slow down' });
    expect(faulted.headers.get('retry-after')).toBe('7');
    expect((await target.call('/orders?limit=1')).status).toBe(200);
    expect((await target.call(`${target.hostUrl}/__mock/faults`)).body).toEqual({ items: [] });
  });

  it('gives an injected 429 a Retry-After of 1 s unless the rule names its own', async () => {
    const target = await start({ orders: 5 });
    const control = `${target.hostUrl}/__mock/faults`;
    await target.call(control, { method: 'POST', body: { path: ORDERS, status: 429, times: 1 } });
    const faulted = await target.call('/orders?limit=1');
    expect(faulted.status).toBe(429);
    expect(faulted.headers.get('retry-after')).toBe('1');
    await target.call(control, {
      method: 'POST',
      body: { path: ORDERS, status: 429, headers: { 'retry-after': '' }, times: 1 },
    });
    const bare = await target.call('/orders?limit=1');
    expect(bare.status).toBe(429);
    expect(bare.headers.get('retry-after') ?? '').toBe('');
  });

  it('lets a faulted write change nothing and emit nothing', async () => {
    const target = await start({ orders: 3 });
    target.mock.faults.add({ method: 'POST', path: '/api/v1/web-api/v1/webhooks', status: 503 });
    const res = await target.call('/webhooks', {
      method: 'POST',
      body: { url: 'http://127.0.0.1:9/h', events: ['order.created'] },
    });
    expect(res.status).toBe(503);
    expect(target.mock.subscriptions).toEqual([]);
  });
});

// A rule's delayMs is the wait of the request it meets, as a WireMock stub's fixed delay
// replaces the global one: `{delayMs: 30000, status: 504}` is a gateway giving up after 30 s,
// not after 30 s plus whatever the latency drew. A rule without delayMs keeps the latency.
describe("the latency and a rule's delayMs", () => {
  afterEach(() => vi.useRealTimers());

  // The faked time at which a call settled, advanced in steps of 50 ms (real turns between
  // them, so the answer's own hops run).
  async function answeredAt(call: Promise<unknown>): Promise<number> {
    let done = false;
    const settle = () => {
      done = true;
    };
    call.then(settle, settle);
    for (let elapsed = 0; elapsed <= 5_000; elapsed += 50) {
      for (let turn = 0; turn < 5; turn++) await realTurn();
      if (done) return elapsed;
      await vi.advanceTimersByTimeAsync(50);
    }
    throw new Error('no answer within 5 s of faked time');
  }

  it('waits a rule’s delayMs instead of the latency, and the latency where the rule sets none', async () => {
    const mock = createMockService({ orders: 5, latency: { minMs: 300 } });
    mock.faults.add({ path: ORDERS, delayMs: 500, status: 503, times: 1 });
    mock.faults.add({ path: ORDERS, delayMs: 400, times: 1 });
    mock.faults.add({ path: ORDERS, status: 502, times: 1 });
    vi.useFakeTimers();
    const get = () =>
      mock.fetch(`${mock.baseUrl}/orders?limit=1`, { headers: { 'X-API-Key': MOCK_API_KEY } });
    const waits = [];
    for (let n = 0; n < 4; n++) waits.push(await answeredAt(get()));
    expect(waits).toEqual([500, 400, 300, 300]);
    expect(mock.requests.map((entry) => [entry.status, entry.fault?.effect])).toEqual([
      [503, 'status'],
      [200, 'delay'],
      [502, 'status'],
      [200, undefined],
    ]);
  });
});
