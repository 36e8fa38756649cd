// GET /orders/{id} and /orders/{id}/items: shipping fields only with shipping:read; 404s.
import { describe, expect, it } from 'vitest';
import { createMockService, type MockOrder, SHIPPING_FIELDS } from '../../../mock/index.js';
import { reach, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

const withoutShipping = () =>
  createMockService({
    apiKeys: [
      { key: 'full', scopes: ['orders:read', 'shipping:read'] },
      { key: 'plain', scopes: ['orders:read'] },
    ],
  });

describe.each(TRANSPORTS)('order detail (%s)', (transport) => {
  it('returns shipping address, tracking and shipments per parcel with shipping:read', async () => {
    const mock = withoutShipping();
    const target = await reach(server, mock, transport);
    const shipped = mock.orders.all().find((o) => o.shipments.length === 2) as MockOrder;
    const res = await target.call(`/orders/${shipped.id}`, { key: 'full' });
    expect(res.status).toBe(200);
    const { items: _items, ...expected } = shipped;
    expect(res.body).toEqual(expected);
    expect(res.body.shipments).toHaveLength(2);
    for (const parcel of res.body.shipments) {
      expect(parcel).toMatchObject({
        carrier: expect.any(String),
        tracking_number: expect.any(String),
      });
    }
    expect(res.body.tracking_number).toBe(res.body.shipments[0].tracking_number);
  });

  it('leaves the four shipping fields out for a key without shipping:read', async () => {
    const target = await reach(server, withoutShipping(), transport);
    const res = await target.call('/orders/1', { key: 'plain' });
    expect(res.status).toBe(200);
    for (const field of SHIPPING_FIELDS) expect(res.body).not.toHaveProperty(field);
    expect(res.body).toMatchObject({ id: '1', status: expect.any(String) });
  });

  it('returns the items with sku, barcode, quantity and price', async () => {
    const mock = createMockService();
    const target = await reach(server, mock, transport);
    const res = await target.call('/orders/12/items');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: mock.orders.get('12')?.items });
    for (const item of res.body.items) {
      expect(item).toMatchObject({
        sku: expect.any(String),
        barcode: expect.any(String),
        quantity: expect.any(Number),
        price: expect.any(Number),
      });
    }
  });

  it('answers 404 with a JSON detail for an unknown id', async () => {
    const target = await reach(server, createMockService({ orders: 10 }), transport);
    for (const path of ['/orders/11', '/orders/0', '/orders/abc/items']) {
      const res = await target.call(path);
      expect(res.status, path).toBe(404);
      expect(res.body.detail).toMatch(/not found/);
    }
  });

  it('finds an id that needs URL encoding', async () => {
    const mock = createMockService({ orders: 0 });
    mock.orders.create({ id: 'TY 42/7' });
    const target = await reach(server, mock, transport);
    const res = await target.call(`/orders/${encodeURIComponent('TY 42/7')}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe('TY 42/7');
  });
});
