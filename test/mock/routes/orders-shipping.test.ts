// The order list's shipping fields (specification 2.5, 4.6, 5.4): in both paging modes a key
// with shipping:read sees each order's tracking fields and parcels, as the detail shows them;
// a key without it sees none of them. Neither sees the address or the items.
import { describe, expect, it } from 'vitest';
import { createMockService, type MockOrder } from '../../../mock/index.js';
import { ORIGIN_CURSOR } from '../../../src/schemas/index.js';
import { reach, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

const TRACKING = ['tracking_number', 'tracking_url', 'shipments'];

function twoKeys(orders = 200) {
  return createMockService({
    orders,
    apiKeys: [
      { key: 'full', scopes: ['orders:read', 'shipping:read'] },
      { key: 'plain', scopes: ['orders:read'] },
    ],
  });
}

const CURSOR = `/orders?since=${ORIGIN_CURSOR.since}&since_id=${ORIGIN_CURSOR.since_id}&limit=200`;
const OFFSET = '/orders?limit=200';

describe.each(TRANSPORTS)('shipping fields in the order list (%s)', (transport) => {
  describe.each([
    ['cursor', CURSOR],
    ['offset', OFFSET],
  ])('%s mode', (_mode, path) => {
    it('carries tracking and shipments[] as the detail has them, for shipping:read', async () => {
      const mock = twoKeys();
      const target = await reach(server, mock, transport);
      const res = await target.call(path, { key: 'full' });
      expect(res.status).toBe(200);
      const parcels = res.body.items.filter((o: MockOrder) => o.shipments.length === 2);
      expect(parcels.length).toBeGreaterThan(0);
      for (const item of res.body.items as MockOrder[]) {
        const detail = (await target.call(`/orders/${item.id}`, { key: 'full' })).body;
        for (const field of TRACKING) {
          expect(item[field as keyof MockOrder], `${item.id}.${field}`).toEqual(detail[field]);
        }
        expect(item).not.toHaveProperty('shipping_address');
        expect(item).not.toHaveProperty('items');
      }
      const shipped = res.body.items.find((o: MockOrder) => o.status === 'shipped');
      expect(shipped.shipments[0]).toMatchObject({
        carrier: expect.any(String),
        tracking_number: shipped.tracking_number,
      });
    });

    it('leaves the tracking fields out without shipping:read', async () => {
      const target = await reach(server, twoKeys(), transport);
      const res = await target.call(path, { key: 'plain' });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeGreaterThan(0);
      for (const item of res.body.items) {
        for (const field of [...TRACKING, 'shipping_address', 'items']) {
          expect(item).not.toHaveProperty(field);
        }
      }
    });
  });

  it('answers each key in its own shape when both read the same page in turn', async () => {
    const mock = twoKeys(20);
    const target = await reach(server, mock, transport);
    for (const key of ['plain', 'full', 'plain', 'full']) {
      const [order] = (await target.call(`${CURSOR}`, { key })).body.items;
      expect('shipments' in order, key).toBe(key === 'full');
    }
  });

  it('shows the parcels written after the order was listed', async () => {
    const mock = twoKeys(0);
    const order = mock.orders.create();
    const target = await reach(server, mock, transport);
    const before = (await target.call(CURSOR, { key: 'full' })).body.items[0];
    expect(before).toMatchObject({ id: order.id, shipments: [], tracking_number: null });
    const parcel = {
      id: `${order.id}-S1`,
      carrier: 'Aras Kargo',
      tracking_number: 'AR0000000001',
      tracking_url: 'https://kargotakip.araskargo.com.tr/AR0000000001',
      shipped_at: '2026-06-01T10:00:00.000Z',
    };
    mock.orders.update(order.id, { status: 'shipped', shipments: [parcel] });
    const after = (await target.call(CURSOR, { key: 'full' })).body.items[0];
    expect(after).toMatchObject({
      id: order.id,
      shipments: [parcel],
      tracking_number: parcel.tracking_number,
      tracking_url: parcel.tracking_url,
    });
  });
});
