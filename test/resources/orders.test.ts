// The order endpoints against the mock, in-process (msw) and over real HTTP.
import { describe, expect, it } from 'vitest';
import { MOCK_API_KEY, type OrderInput } from '../../mock/index.js';
import { createClient, NotFoundError, type Order, OrdersClient } from '../../src/index.js';
import { TRANSPORTS, useMock } from '../support/mock.js';

const EPOCH = Date.parse('2026-01-01T00:00:00.000Z');

/** `count` orders whose updated_at comes in groups of `groupSize` equal instants. */
function groupedOrders(count: number, groupSize: number): OrderInput[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `ord_${String(index).padStart(5, '0')}`,
    status: 'Created',
    platform: index % 2 === 0 ? 'web' : 'marketplace',
    order_date: new Date(EPOCH + index * 1000).toISOString(),
    created_at: new Date(EPOCH).toISOString(),
    updated_at: new Date(EPOCH + Math.floor(index / groupSize) * 60_000).toISOString(),
  }));
}

function counting(hostUrl: string) {
  const requests: string[] = [];
  const client = createClient({
    hostUrl,
    apiKey: MOCK_API_KEY,
    hooks: { beforeRequest: [(request) => void requests.push(request.url)] },
  });
  return { client, requests };
}

describe.each(TRANSPORTS)('orders over %s', (transport) => {
  const { start } = useMock(transport);

  it('lists a page in offset mode, newest order_date first, with filters', async () => {
    const { mock, hostUrl } = await start({ orders: groupedOrders(30, 5) });
    const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
    const page = await client.orders.list({ platform: 'web', limit: 5, offset: 5 });
    expect(page).toMatchObject({ total: 15, page: 2, page_size: 5 });
    expect(page.items.map((order) => order.id)).toEqual([
      'ord_00018',
      'ord_00016',
      'ord_00014',
      'ord_00012',
      'ord_00010',
    ]);
    const stored = mock.orders.get('ord_00018');
    expect(page.items[0]?.updated_at).toBe(stored?.updated_at);
  });

  it('gets an order with shipments, and its items; a 404 for an unknown id', async () => {
    const { mock, hostUrl } = await start({ orders: 5 });
    const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
    const [stored] = mock.orders.all();
    const detail = await client.orders.get(stored?.id ?? '');
    expect(detail.id).toBe(stored?.id);
    expect(detail.shipments).toEqual(stored?.shipments);
    expect(detail).toHaveProperty('tracking_number');
    const { items } = await client.orders.items(stored?.id ?? '');
    expect(items).toEqual(stored?.items);
    await expect(client.orders.get('no such order/..')).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.orders.items('missing')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('omits the shipping fields for a key without shipping:read', async () => {
    const { mock, hostUrl } = await start({
      orders: 3,
      apiKeys: [{ key: 'k_orders_only', scopes: ['orders:read'] }],
    });
    const orders = new OrdersClient({ hostUrl, apiKey: 'k_orders_only' });
    const detail = await orders.get(mock.orders.all()[0]?.id ?? '');
    for (const field of ['shipping_address', 'tracking_number', 'tracking_url', 'shipments']) {
      expect(detail).not.toHaveProperty(field);
    }
  });

  it('delivers the final version of every order while orders change during a pull of thousands', async () => {
    const count = 4000;
    const { mock, hostUrl } = await start({ orders: groupedOrders(count, 700) });
    mock.clock.set('2026-06-01T00:00:00.000Z');
    const { client, requests } = counting(hostUrl);
    const lastSeen = new Map<string, Order>();
    let yielded = 0;
    let updates = 0;
    const orders = client.orders.iterate({ limit: 150 });
    for await (const order of orders) {
      lastSeen.set(order.id, order);
      yielded++;
      if (yielded % 97 === 0 && updates < 60) {
        // Change one order already delivered and one not reached yet, both at one instant.
        // The clock moves first: an update stamped with the cursor's own instant and a
        // smaller id would sort before the cursor, a race the protocol cannot see.
        mock.clock.advance(1000);
        const behind = `ord_${String((updates * 7919) % Math.min(yielded, count)).padStart(5, '0')}`;
        const ahead = `ord_${String((yielded * 13) % count).padStart(5, '0')}`;
        mock.orders.update(behind, { status: `Packed-${updates}` });
        mock.orders.update(ahead, { status: `Packed-${updates}` });
        updates++;
      }
    }
    // Changes made while the last page was being processed are the next pull's to deliver.
    for await (const order of client.orders.iterate({ limit: 150, ...orders.checkpoint })) {
      lastSeen.set(order.id, order);
      yielded++;
    }
    expect(updates).toBe(41);
    expect(lastSeen.size).toBe(count);
    for (const stored of mock.orders.all()) {
      const seen = lastSeen.get(stored.id);
      expect(seen?.updated_at, stored.id).toBe(stored.updated_at);
      expect(seen?.status, stored.id).toBe(stored.status);
    }
    expect(yielded).toBeGreaterThan(count);
    expect(requests.length).toBeLessThan(count / 150 + 10);
  });

  it('resumes from a saved checkpoint with no order lost or repeated', async () => {
    const { hostUrl } = await start({ orders: groupedOrders(500, 40) });
    const first = counting(hostUrl);
    const ids: string[] = [];
    const orders = first.client.orders.iterate({ limit: 30 });
    for await (const order of orders) {
      ids.push(order.id);
      if (ids.length === 77) break;
    }
    const saved = JSON.parse(JSON.stringify(orders.checkpoint));
    // A restarted process: a new client, the persisted checkpoint.
    const second = counting(hostUrl);
    for await (const order of second.client.orders.iterate({ limit: 30, ...saved })) {
      ids.push(order.id);
    }
    expect(ids).toHaveLength(500);
    expect(new Set(ids).size).toBe(500);
  });

  it('stops requesting on break (prefetch 0)', async () => {
    const { hostUrl } = await start({ orders: 1000 });
    const { client, requests } = counting(hostUrl);
    let seen = 0;
    for await (const _ of client.orders.iterate({ limit: 100, prefetch: 0 })) {
      if (++seen === 250) break;
    }
    expect(requests).toHaveLength(3);
  });

  it('pages through cursor pages with filters and ends at has_more false', async () => {
    const { hostUrl } = await start({ orders: groupedOrders(90, 10) });
    const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
    const sizes: number[] = [];
    const pages = client.orders.pages({ platform: 'web', limit: 20 });
    for await (const page of pages) {
      sizes.push(page.items.length);
      expect(page.items.every((order) => order.platform === 'web')).toBe(true);
    }
    expect(sizes).toEqual([20, 20, 5]);
    expect(pages.cursor).toEqual({
      since: new Date(EPOCH + 8 * 60_000).toISOString(),
      since_id: 'ord_00088',
    });
  });
});
