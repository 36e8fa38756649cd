// The SDK against the mock's own fault rules, in both transports: every effect a rule can
// have gets the SDK's documented reaction, and the journal shows exactly what the SDK sent.
import { describe, expect, it } from 'vitest';
import { MOCK_API_KEY, MOCK_SIGNING_SECRET, REDACTED } from '../../mock/index.js';
import {
  type ClientConfig,
  ConnectionError,
  createClient,
  NotFoundError,
  type OrderCursor,
  OrderFulfillmentError,
  ServerError,
  TimeoutError,
} from '../../src/index.js';
import { type StartedMock, TRANSPORTS, useMock } from '../support/mock.js';

const ORDERS_PATH = '/api/v1/web-api/v1/orders';
const FAST = { delay: () => 0, jitter: false } as const;

function clientOf(target: StartedMock, config: Partial<ClientConfig> = {}) {
  return createClient({
    hostUrl: target.hostUrl,
    apiKey: MOCK_API_KEY,
    retry: { ...FAST, limit: 3 },
    ...config,
  });
}

// Pulls every order, resuming from `error.cursor` after each typed failure, once the rule
// that caused it is removed: what an integrator's job does after a bad night.
async function pullAll(target: StartedMock, config: Partial<ClientConfig> = {}) {
  const client = clientOf(target, config);
  const ids: string[] = [];
  const errors: OrderFulfillmentError[] = [];
  let from: OrderCursor | undefined;
  for (;;) {
    try {
      for await (const order of client.orders.iterate({ limit: 40, ...from })) ids.push(order.id);
      return { ids, errors };
    } catch (error) {
      if (!(error instanceof OrderFulfillmentError) || errors.length > 3) throw error;
      errors.push(error);
      from = (error as { cursor?: OrderCursor }).cursor;
      expect(from).toBeDefined();
      target.mock.faults.clear();
    }
  }
}

const storeIds = (target: StartedMock) => target.mock.orders.all().map((order) => order.id);

describe.each(TRANSPORTS)('fault rules against the SDK (%s)', (transport) => {
  const { start } = useMock(transport);

  it('retries a times: 2 burst of 503 and recovers, losing nothing', async () => {
    const target = await start({ orders: 150 });
    target.mock.faults.add({ path: `${ORDERS_PATH}*`, status: 503, times: 2 });
    const { ids, errors } = await pullAll(target);
    expect(errors).toEqual([]);
    expect(new Set(ids)).toEqual(new Set(storeIds(target)));
    const statuses = target.mock.requests.map((entry) => entry.status);
    expect(statuses.slice(0, 3)).toEqual([503, 503, 200]);
    expect(target.mock.faults.list()).toEqual([]);
  });

  it.each(['reset', 'truncate'] as const)(
    'ends a pull with ConnectionError carrying the cursor on %s; the resume completes',
    async (error) => {
      const target = await start({ orders: 150 });
      // Lets two pages through, then breaks every request until the rule is removed.
      const client = clientOf(target, { retry: { ...FAST, limit: 1 } });
      const seen: string[] = [];
      let thrown: unknown;
      try {
        for await (const order of client.orders.iterate({ limit: 40 })) {
          seen.push(order.id);
          if (seen.length === 80) target.mock.faults.add({ path: `${ORDERS_PATH}*`, error });
        }
      } catch (caught) {
        thrown = caught;
      }
      expect(thrown).toBeInstanceOf(ConnectionError);
      const cursor = (thrown as ConnectionError).cursor;
      expect(cursor).toBeDefined();
      target.mock.faults.clear();
      for await (const order of client.orders.iterate({ limit: 40, ...cursor })) {
        seen.push(order.id);
      }
      expect(new Set(seen)).toEqual(new Set(storeIds(target)));
      expect(seen).toHaveLength(150);
      // A reset is retried (one retry here); a body cut off after its 200 is not.
      const faulted = target.mock.requests.filter((entry) => entry.fault?.effect === error);
      expect(faulted.map((entry) => entry.status)).toEqual(
        error === 'reset' ? [null, null] : [200],
      );
    },
  );

  it('fails exactly the second page with after: 1, fetched ahead or not, resuming from its cursor', async () => {
    for (const prefetch of [0, 1, 3]) {
      const target = await start({ orders: 150 });
      target.mock.faults.add({ path: ORDERS_PATH, after: 1, times: 1, status: 500 });
      const client = clientOf(target, { retry: 0 });
      const seen: string[] = [];
      let thrown: unknown;
      try {
        for await (const order of client.orders.iterate({ limit: 40, prefetch })) {
          seen.push(order.id);
        }
      } catch (caught) {
        thrown = caught;
      }
      expect(thrown).toBeInstanceOf(ServerError);
      // The first page was handed over whole; the error names where the second begins.
      expect(seen).toHaveLength(40);
      const cursor = (thrown as ServerError).cursor;
      const last = target.mock.orders.get(seen[39] as string);
      expect(cursor).toEqual({ since: last?.updated_at, since_id: last?.id });
      for await (const order of client.orders.iterate({ limit: 40, ...cursor })) {
        seen.push(order.id);
      }
      expect(new Set(seen)).toEqual(new Set(storeIds(target)));
    }
  });

  it('waits out a 429 with Retry-After and gets the page', async () => {
    const target = await start({ orders: 10 });
    target.mock.faults.add({
      method: 'GET',
      path: ORDERS_PATH,
      status: 429,
      headers: { 'Retry-After': '1' },
      times: 1,
    });
    const page = await clientOf(target).orders.list({ limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(target.mock.requests.map((entry) => entry.status)).toEqual([429, 200]);
  });

  it('gives TimeoutError when delayMs outlasts the client timeout', async () => {
    const target = await start({ orders: 10 });
    target.mock.faults.add({ path: `${ORDERS_PATH}*`, delayMs: 5_000 });
    const client = clientOf(target, { timeout: 150, retry: 0 });
    await expect(client.orders.list({ limit: 5 })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('delays API answers by the latency option, not the control endpoints', async () => {
    const target = await start({ orders: 10, latency: { minMs: 5_000, maxMs: 6_000 } });
    const client = clientOf(target, { timeout: 150, retry: 0 });
    await expect(client.orders.list({ limit: 5 })).rejects.toBeInstanceOf(TimeoutError);
    // Far inside the latency: only an undelayed answer arrives before this gives up.
    const clock = await fetch(`${target.hostUrl}/__mock/clock`, {
      signal: AbortSignal.timeout(2_000),
    });
    expect(clock.status).toBe(200);
  });

  it('gives TimeoutError when the body stalls after the headers', async () => {
    const target = await start({ orders: 10 });
    target.mock.faults.add({ path: `${ORDERS_PATH}*`, error: 'stall' });
    const client = clientOf(target, { timeout: 150, retry: 0 });
    await expect(client.orders.list({ limit: 5 })).rejects.toBeInstanceOf(TimeoutError);
    expect(target.mock.requests.map((entry) => entry.fault?.effect)).toEqual(['stall']);
  });

  it("gives the route's own status error when its error answer stalls after the headers", async () => {
    const target = await start({ orders: 10 });
    target.mock.faults.add({ path: `${ORDERS_PATH}*`, error: 'stall' });
    // Long enough for the 404's headers on a busy machine; the stalled body then waits it out.
    const client = clientOf(target, { timeout: 1_000, retry: 0 });
    const error = await client.orders.get('no-such-order').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, body: undefined });
  });

  it('applies a notification whose answer was cut off: the retry finds it unchanged', async () => {
    const target = await start({ orders: 10 });
    target.mock.faults.add({
      path: '/api/v1/webhooks/wms/fulfillment',
      error: 'truncate',
      times: 1,
    });
    const client = clientOf(target, { signingSecret: MOCK_SIGNING_SECRET });
    const notify = () =>
      client.fulfillment.notifyShipped(
        { inbound_order_id: '3' },
        { shipped_at: new Date('2026-11-22T10:00:00Z') },
      );
    // The service did the work and the answer was lost on the way, so the outcome is unknown.
    await expect(notify()).rejects.toBeInstanceOf(ConnectionError);
    expect(target.mock.orders.get('3')).toMatchObject({ status: 'shipped' });
    expect(await notify()).toMatchObject({ status: 'unchanged' });
  });

  it('retries a notification whose answer came too late: the SDK’s own retry finds it unchanged', async () => {
    const target = await start({ orders: 10 });
    target.mock.faults.add({ path: '/api/v1/webhooks/wms/fulfillment', delayMs: 5_000, times: 1 });
    const client = clientOf(target, {
      signingSecret: MOCK_SIGNING_SECRET,
      // Cuts off the delayed first attempt and leaves the healthy retry time on a busy machine.
      timeout: 1_000,
      retry: { ...FAST, limit: 1 },
    });
    const result = await client.fulfillment.notifyShipped(
      { inbound_order_id: '3' },
      { shipped_at: new Date('2026-11-22T10:00:00Z') },
    );
    // The first attempt did the work and timed out before its answer; the retry found it done.
    expect(result).toMatchObject({ status: 'unchanged' });
    expect(target.mock.orders.get('3')).toMatchObject({ status: 'shipped' });
    expect(target.mock.requests.map((entry) => [entry.status, entry.fault?.effect])).toEqual([
      [null, 'delay'],
      [200, undefined],
    ]);
  });

  it('gives the status error once a rule outlasts the retries, and a faulted write changes nothing', async () => {
    const target = await start({ orders: 10 });
    target.mock.faults.add({ method: 'POST', path: `${ORDERS_PATH}*`, status: 500 });
    target.mock.faults.add({ path: '/api/v1/web-api/v1/webhooks', status: 503 });
    const client = clientOf(target, { retry: { ...FAST, limit: 1 } });
    await expect(
      client.webhooks.create({ url: 'http://127.0.0.1:9/hooks', events: ['order.created'] }),
    ).rejects.toBeInstanceOf(ServerError);
    expect(target.mock.subscriptions).toEqual([]);
  });

  it('journals exactly the requests of a pull, in order, with no key or signature value', async () => {
    const target = await start({ orders: 130 });
    const client = clientOf(target, { signingSecret: MOCK_SIGNING_SECRET });
    const ids: string[] = [];
    for await (const order of client.orders.iterate({ limit: 50 })) ids.push(order.id);
    await client.fulfillment.notifyShipped(
      { inbound_order_id: ids[0] as string },
      { shipped_at: new Date('2026-11-22T10:00:00Z') },
    );
    const journal = target.mock.requests;
    // 130 orders in pages of 50: three pages, the last one saying has_more: false.
    expect(journal.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      `GET ${ORDERS_PATH}`,
      `GET ${ORDERS_PATH}`,
      `GET ${ORDERS_PATH}`,
      'POST /api/v1/webhooks/wms/fulfillment',
    ]);
    expect(journal.slice(1, 3).map((entry) => entry.query.since_id)).toEqual([ids[49], ids[99]]);
    expect(journal.map((entry) => entry.status)).toEqual([200, 200, 200, 200]);
    expect(journal.slice(0, 3).map((entry) => entry.keyId)).toEqual([
      'apiKeys[0]',
      'apiKeys[0]',
      'apiKeys[0]',
    ]);
    const text = JSON.stringify(journal);
    expect(text).not.toContain(MOCK_API_KEY);
    expect(text).not.toContain(MOCK_SIGNING_SECRET);
    expect(text).not.toMatch(/v1=[0-9a-f]{16}/);
    expect(journal[3]?.headers['x-wms-signature']).toBe(REDACTED);
    expect(JSON.parse(journal[3]?.body ?? '')).toMatchObject({ inbound_order_id: ids[0] });
  });
});
