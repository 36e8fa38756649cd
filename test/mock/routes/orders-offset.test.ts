// GET /orders in offset mode: the 2.3 envelope, newest order_date first, status/platform filters.

import { describe, expect, it } from 'vitest';
import { createMockService, type MockOrder } from '../../../mock/index.js';
import { compareOrderIds } from '../../../mock/store/order-id.js';
import { reach, type Target, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

const newestFirst = (a: MockOrder, b: MockOrder) =>
  b.order_date.localeCompare(a.order_date) || compareOrderIds(a.id, b.id);

async function scan(target: Target, query: string, limit: number) {
  const ids: string[] = [];
  for (let offset = 0; ; offset += limit) {
    const res = await target.call(`/orders?${query}&limit=${limit}&offset=${offset}`);
    expect(res.status).toBe(200);
    ids.push(...res.body.items.map((order: MockOrder) => order.id));
    if (offset + limit >= res.body.total) return ids;
  }
}

describe.each(TRANSPORTS)('offset paging (%s)', (transport) => {
  it('defaults to limit 50, offset 0, sorted by order_date descending', async () => {
    const mock = createMockService({ orders: 120 });
    const target = await reach(server, mock, transport);
    const res = await target.call('/orders');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 120, page: 1, page_size: 50 });
    const expected = mock.orders.all().sort(newestFirst).slice(0, 50);
    expect(res.body.items.map((o: MockOrder) => o.id)).toEqual(expected.map((o) => o.id));
  });

  it('derives page from offset and limit', async () => {
    const target = await reach(server, createMockService({ orders: 60 }), transport);
    const res = await target.call('/orders?limit=20&offset=45');
    expect(res.body).toMatchObject({ total: 60, page: 3, page_size: 20 });
    expect(res.body.items).toHaveLength(15);
    const beyond = await target.call('/orders?limit=20&offset=600');
    expect(beyond.body).toMatchObject({ items: [], total: 60, page: 31 });
  });

  it('lists orders without items or the shipping address', async () => {
    const target = await reach(server, createMockService(), transport);
    const [order] = (await target.call('/orders?limit=1')).body.items;
    expect(Object.keys(order)).toEqual(
      expect.arrayContaining(['id', 'status', 'platform', 'order_date', 'updated_at', 'source']),
    );
    for (const field of ['items', 'shipping_address']) expect(order).not.toHaveProperty(field);
  });

  it.each([
    ['status=Created', (o: MockOrder) => o.status === 'Created'],
    ['status=shipped', (o: MockOrder) => o.status === 'shipped'],
    ['platform=Trendyol', (o: MockOrder) => o.platform === 'Trendyol'],
    [
      'status=Delivered&platform=Amazon',
      (o: MockOrder) => o.status === 'Delivered' && o.platform === 'Amazon',
    ],
  ])('filters by %s across every page', async (query, matches) => {
    const mock = createMockService({ orders: 400, seed: 3 });
    const target = await reach(server, mock, transport);
    const expected = mock.orders.all().filter(matches).sort(newestFirst);
    expect(expected.length).toBeGreaterThan(5);
    const first = await target.call(`/orders?${query}&limit=7`);
    expect(first.body.total).toBe(expected.length);
    expect(await scan(target, query, 7)).toEqual(expected.map((o) => o.id));
  });

  it('matches statuses verbatim and answers an empty page for an unknown value', async () => {
    const target = await reach(server, createMockService(), transport);
    const res = await target.call('/orders?status=SHIPPED');
    expect(res.body).toEqual({ items: [], total: 0, page: 1, page_size: 50 });
  });

  it('moves an order between filtered pages when its status changes', async () => {
    const mock = createMockService({ orders: 50 });
    const target = await reach(server, mock, transport);
    const before = (await target.call('/orders?status=Cancelled&limit=200')).body.total;
    const created = mock.orders.all().find((o) => o.status === 'Created') as MockOrder;
    mock.orders.update(created.id, { status: 'Cancelled' });
    const after = await target.call('/orders?status=Cancelled&limit=200');
    expect(after.body.total).toBe(before + 1);
    expect(after.body.items.map((o: MockOrder) => o.id)).toContain(created.id);
  });
});
