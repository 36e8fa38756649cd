// Which `updated_at` a write gets under a frozen clock: exactly the clock's time until a
// cursor page has been served, never at or behind a cursor already served, and never at or
// behind the version of the order it replaces.
import { describe, expect, it } from 'vitest';
import { createMockService, type MockOrder } from '../../../mock/index.js';
import { ORIGIN_CURSOR } from '../../../src/schemas/index.js';
import { notification, postInbound } from '../../support/inbound.js';
import { reach, send, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

const FROZEN = '2026-03-01T12:00:05.000Z';
const EARLIER = '2026-03-01T12:00:04.000Z';

describe.each(TRANSPORTS)('write stamps under a frozen clock (%s)', (transport) => {
  it('stamps every write exactly at the clock while no cursor page was served', async () => {
    const mock = createMockService({ orders: 0 });
    mock.clock.set(EARLIER);
    const target = await reach(server, mock, transport);
    for (let i = 0; i < 5; i++) mock.orders.create();
    mock.clock.set(FROZEN);
    // Writes in descending id order: each sorts before the previous write at this instant.
    mock.orders.update('5', { customer_name: 'Five' });
    mock.orders.update('3', { customer_name: 'Three' });
    const patched = await send(`${target.hostUrl}/__mock/orders/2`, {
      method: 'PATCH',
      key: null,
      body: { status: 'Processing' },
    });
    expect(patched.status).toBe(200);
    const inbound = await postInbound(
      target,
      JSON.stringify(notification({ inbound_order_id: '1' }, '2026-03-01T11:00:00Z')),
      { t: Date.parse(FROZEN) / 1000 },
    );
    expect(inbound.body).toEqual({ status: 'applied', order_id: '1' });

    for (const id of ['1', '2', '3', '5']) {
      const detail = await target.call(`/orders/${id}`);
      expect(detail.body.updated_at, `order ${id}`).toBe(FROZEN);
    }
    // Not written since it was created.
    expect((await target.call('/orders/4')).body.updated_at).toBe(EARLIER);
  });

  it('lands a write after a cursor served at the clock time, where the next pull sees it', async () => {
    const mock = createMockService({ orders: 0 });
    mock.clock.set(FROZEN);
    const target = await reach(server, mock, transport);
    for (let i = 0; i < 4; i++) mock.orders.create();
    const page = await target.call(
      `/orders?since=${ORIGIN_CURSOR.since}&since_id=${ORIGIN_CURSOR.since_id}&limit=3`,
    );
    expect(page.body).toMatchObject({ next_since: FROZEN, next_since_id: '3', has_more: true });

    // Order 2 was served; at the frozen instant it would sort behind the cursor (FROZEN, 3).
    expect(mock.orders.update('2', { customer_name: 'Changed' }).updated_at).toBe(
      '2026-03-01T12:00:05.001Z',
    );
    // A new order sorts after the cursor at the clock time, so it keeps it.
    const created = mock.orders.create();
    expect(created.updated_at).toBe(FROZEN);

    const next = await target.call(
      `/orders?since=${encodeURIComponent(page.body.next_since)}&since_id=${page.body.next_since_id}`,
    );
    expect(next.body.items.map((order: MockOrder) => order.id)).toEqual(['4', created.id, '2']);
    expect(next.body.items[2]).toMatchObject({ customer_name: 'Changed' });
  });

  it('stamps a version after the one it replaces: frozen, or with the clock moved back', async () => {
    const mock = createMockService({ orders: 0 });
    mock.clock.set(FROZEN);
    const target = await reach(server, mock, transport);
    mock.orders.create();
    const first = mock.orders.update('1', { status: 'Processing' });
    const second = mock.orders.update('1', { status: 'Cancelled' });
    expect([first.updated_at, second.updated_at]).toEqual([
      '2026-03-01T12:00:05.001Z',
      '2026-03-01T12:00:05.002Z',
    ]);
    mock.clock.set(EARLIER);
    const patched = await send(`${target.hostUrl}/__mock/orders/1`, {
      method: 'PATCH',
      key: null,
      body: { status: 'Delivered' },
    });
    expect(patched.body).toMatchObject({ updated_at: '2026-03-01T12:00:05.003Z' });
    // The pull returns the newest version, which newest-wins can tell from the older ones.
    const detail = await target.call('/orders/1');
    expect(detail.body).toMatchObject({
      status: 'Delivered',
      updated_at: '2026-03-01T12:00:05.003Z',
    });
  });
});
