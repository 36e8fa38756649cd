// POST /webhooks and the deliveries it causes: stored record, signed real HTTP POSTs to a
// local receiver, bounded retries with every attempt recorded, the newest `deliveries.limit`
// attempts kept.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  createMockService,
  DEFAULT_DELIVERY_LIMIT,
  type MockOrder,
  type MockServiceOptions,
} from '../../../mock/index.js';
import { verifyWmsSignature } from '../../../src/signatures/index.js';
import { reach, TRANSPORTS, useMswServer } from '../../support/mock.js';
import { startReceiver } from '../../support/receiver.js';

const server = useMswServer();

describe.each(TRANSPORTS)('webhooks (%s)', (transport) => {
  // A fresh mock with one subscription of a real local receiver to the given kinds; the
  // receiver answers `statuses` in turn, then the last one, with `headers`.
  async function subscribedTo(
    events: string[],
    {
      statuses,
      headers,
      options,
    }: { statuses?: number[]; headers?: Record<string, string>; options?: MockServiceOptions } = {},
  ) {
    const receiver = await startReceiver(statuses, headers);
    const mock = createMockService(options);
    const target = await reach(server, mock, transport);
    await target.call('/webhooks', { method: 'POST', body: { url: receiver.url, events } });
    return { receiver, mock, target };
  }

  it('stores the subscription and returns it with 201', async () => {
    const mock = createMockService();
    mock.clock.set('2026-05-01T00:00:00Z');
    const target = await reach(server, mock, transport);
    const res = await target.call('/webhooks', {
      method: 'POST',
      body: { url: 'https://wms.example/hook', events: ['order.created', 'order.updated'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: 'wh_1',
      url: 'https://wms.example/hook',
      events: ['order.created', 'order.updated'],
      created_at: '2026-05-01T00:00:00.000Z',
      secret: expect.stringMatching(/^whsec_[0-9a-f]{32}$/),
    });
    expect(mock.subscriptions).toEqual([res.body]);
  });

  it('delivers order.created to a real local receiver with a verifiable signature', async () => {
    const receiver = await startReceiver();
    const mock = createMockService();
    const target = await reach(server, mock, transport);
    const sub = await target.call('/webhooks', {
      method: 'POST',
      body: { url: receiver.url, events: ['order.created'] },
    });
    const created = await target.call(`${target.hostUrl}/__mock/orders`, {
      method: 'POST',
      body: { platform: 'Amazon' },
    });
    expect(created.status).toBe(201);
    await mock.flushDeliveries();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery?.headers['content-type']).toBe('application/json');
    const header = delivery?.headers['x-webhook-signature'] as string;
    expect(() =>
      verifyWmsSignature(delivery?.raw ?? '', header, sub.body.secret, { now: mock.clock.now() }),
    ).not.toThrow();
    const event = JSON.parse(delivery?.raw ?? '');
    expect(event).toEqual({
      id: expect.stringMatching(
        /^evt_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      ),
      type: 'order.created',
      created_at: expect.any(String),
      data: { order: expect.objectContaining({ id: created.body.id, platform: 'Amazon' }) },
    });
    expect(event.data.order).not.toHaveProperty('items');
    expect(mock.deliveries).toEqual([
      expect.objectContaining({
        event_id: event.id,
        subscription_id: sub.body.id,
        url: receiver.url,
        type: 'order.created',
        attempt: 1,
        status: 204,
        ok: true,
      }),
    ]);
  });

  it('gives every event an id of its own, across reset() and across services', async () => {
    const { receiver, mock, target } = await subscribedTo(['order.created']);
    mock.orders.create();
    await mock.flushDeliveries();
    mock.reset();
    const body = { url: receiver.url, events: ['order.created'] };
    await target.call('/webhooks', { method: 'POST', body });
    mock.orders.create();
    await mock.flushDeliveries();
    const other = await subscribedTo(['order.created']);
    other.mock.orders.create();
    await other.mock.flushDeliveries();
    const ids = [...receiver.received, ...other.receiver.received].map((r) => JSON.parse(r.raw).id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
  });

  it('delivers only the subscribed kinds', async () => {
    const { receiver, mock } = await subscribedTo(['order.updated']);
    const order = mock.orders.create();
    mock.orders.update(order.id, { status: 'Processing' });
    await mock.flushDeliveries();
    expect(receiver.received.map((r) => JSON.parse(r.raw).type)).toEqual(['order.updated']);
    expect(JSON.parse(receiver.received[0]?.raw ?? '').data.order.status).toBe('Processing');
  });

  it('retries a failing receiver with backoff, recording every attempt, then stops', async () => {
    const { receiver, mock } = await subscribedTo(['order.created'], {
      statuses: [500, 503, 200],
      options: { deliveryRetry: { attempts: 3, baseDelayMs: 5 } },
    });
    mock.orders.create();
    await mock.flushDeliveries();
    expect(mock.deliveries.map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 200, true],
    ]);
    const eventIds = new Set(receiver.received.map((r) => JSON.parse(r.raw).id));
    expect(eventIds.size).toBe(1);
  });

  it('gives up after the bounded number of attempts and records network errors', async () => {
    const receiver = await startReceiver();
    const closedPort = receiver.url.replace(/:\d+\//, ':1/');
    const mock = createMockService({ deliveryRetry: { attempts: 2, baseDelayMs: 1 } });
    const target = await reach(server, mock, transport);
    await target.call('/webhooks', {
      method: 'POST',
      body: { url: closedPort, events: ['order.created'] },
    });
    const res = await target.call(`${target.hostUrl}/__mock/orders`, { method: 'POST', body: {} });
    // The delivery never holds up or fails the request that caused it.
    expect(res.status).toBe(201);
    await mock.flushDeliveries();
    expect(mock.deliveries).toHaveLength(2);
    for (const attempt of mock.deliveries) {
      expect(attempt.ok).toBe(false);
      expect(attempt.status).toBeUndefined();
      expect(attempt.error).toMatch(/fetch failed/);
    }
  });

  it('records a redirect as a failed attempt, never following it with the signed event', async () => {
    const elsewhere = await startReceiver();
    const { receiver, mock } = await subscribedTo(['order.created'], {
      statuses: [307],
      headers: { location: elsewhere.url },
      options: { deliveryRetry: { attempts: 2, baseDelayMs: 1 } },
    });
    mock.orders.create();
    await mock.flushDeliveries();
    expect(mock.deliveries.map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 307, false],
      [2, 307, false],
    ]);
    expect(receiver.received).toHaveLength(2);
    expect(elsewhere.received).toEqual([]);
  });

  it('takes the default for a retry field given as undefined', async () => {
    const { mock } = await subscribedTo(['order.created'], {
      statuses: [500],
      options: { deliveryRetry: { attempts: undefined, baseDelayMs: 1 } },
    });
    mock.orders.create();
    await mock.flushDeliveries();
    expect(mock.deliveries.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
  });

  it('keeps the newest deliveries.limit attempts, oldest first, in mock.deliveries and GET /__mock/deliveries', async () => {
    const { receiver, mock, target } = await subscribedTo(['order.created'], {
      options: { deliveries: { limit: 2 } },
    });
    for (let i = 0; i < 5; i++) {
      mock.orders.create();
      // One event at a time, so the attempts are recorded in the order the events were made.
      await mock.flushDeliveries();
    }
    const events = receiver.received.map((r) => JSON.parse(r.raw).id);
    expect(events).toHaveLength(5);
    expect(mock.deliveries.map((d) => [d.id, d.event_id])).toEqual([
      ['dlv_4', events[3]],
      ['dlv_5', events[4]],
    ]);
    const listed = await target.call(`${target.hostUrl}/__mock/deliveries`);
    expect(listed.body).toEqual({ items: mock.deliveries });
  });

  it('keeps the newest retries within the limit, and starts afresh after reset()', async () => {
    const { receiver, mock, target } = await subscribedTo(['order.created'], {
      statuses: [500, 503, 200],
      options: { deliveries: { limit: 2 }, deliveryRetry: { attempts: 3, baseDelayMs: 1 } },
    });
    mock.orders.create();
    await mock.flushDeliveries();
    expect(mock.deliveries.map((d) => [d.id, d.attempt, d.status])).toEqual([
      ['dlv_2', 2, 503],
      ['dlv_3', 3, 200],
    ]);
    mock.reset();
    expect(mock.deliveries).toEqual([]);
    const body = { url: receiver.url, events: ['order.created'] };
    await target.call('/webhooks', { method: 'POST', body });
    mock.orders.create();
    await mock.flushDeliveries();
    expect(mock.deliveries.map((d) => [d.id, d.attempt, d.status])).toEqual([['dlv_1', 1, 200]]);
  });

  it('records no attempt with deliveries.limit 0, while the receiver still gets every event', async () => {
    const { receiver, mock, target } = await subscribedTo(['order.created', 'order.updated'], {
      options: { deliveries: { limit: 0 } },
    });
    const order = mock.orders.create();
    mock.orders.update(order.id, { status: 'Processing' });
    await mock.flushDeliveries();
    expect(receiver.received.map((r) => JSON.parse(r.raw).type)).toEqual([
      'order.created',
      'order.updated',
    ]);
    expect(mock.deliveries).toEqual([]);
    const listed = await target.call(`${target.hostUrl}/__mock/deliveries`);
    expect(listed.body).toEqual({ items: [] });
  });

  it('sends the list shape of the order as changed', async () => {
    const { receiver, mock } = await subscribedTo(['order.updated']);
    const order = mock.orders.get('7') as MockOrder;
    mock.orders.update('7', { customer_name: 'New Name' });
    await mock.flushDeliveries();
    const sent = JSON.parse(receiver.received[0]?.raw ?? '').data.order;
    expect(sent).toMatchObject({
      id: '7',
      customer_name: 'New Name',
      order_date: order.order_date,
    });
  });
});

describe('delivery attempts without the deliveries option', () => {
  it(`keeps the newest DEFAULT_DELIVERY_LIMIT (${DEFAULT_DELIVERY_LIMIT}), dropping the oldest`, async () => {
    const mock = createMockService({ orders: 0 });
    const target = await reach(server, mock, 'msw');
    const body = { url: 'https://receiver.test/hooks', events: ['order.created'] };
    expect((await target.call('/webhooks', { method: 'POST', body })).status).toBe(201);
    // A receiver that answers at once, without a socket: ten thousand real POSTs would be slow.
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    for (let i = 0; i <= DEFAULT_DELIVERY_LIMIT; i++) mock.orders.create();
    await mock.flushDeliveries();
    const kept = mock.deliveries;
    expect(DEFAULT_DELIVERY_LIMIT).toBe(10_000);
    expect(kept).toHaveLength(DEFAULT_DELIVERY_LIMIT);
    expect([kept[0]?.id, kept.at(-1)?.id]).toEqual(['dlv_2', `dlv_${DEFAULT_DELIVERY_LIMIT + 1}`]);
  });
});
