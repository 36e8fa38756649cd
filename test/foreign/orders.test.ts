// The order endpoints against a service that fills in what the specification leaves open its
// own way (specification 2.3 to 2.6): nulls, numbers, extra fields, another items envelope.
// Only what the SDK relies on may fail: an order's id, a cursor page's cursor and has_more.
// Cursor pulls are in cursor-pull.test.ts.

import { describe, expect, it } from 'vitest';
import { bareOrder, collect, cursorPage, failure, foreignClient } from './service.js';

describe('an offset page from a foreign service', () => {
  it('accepts orders without updated_at, which only cursor mode relies on', async () => {
    const { client } = foreignClient(() => ({
      items: [{ id: '1', status: 'Created', platform: 'Amazon', order_date: null }, { id: '2' }],
      total: 2,
      page: 1,
      page_size: 50,
      next: null,
    }));
    const page = await client.orders.list({ status: 'Created' });
    expect(page.items.map((order) => order.id)).toEqual(['1', '2']);
    expect(page.items[1]?.updated_at).toBeUndefined();
  });

  it('still needs each order id', async () => {
    const { client } = foreignClient(() => ({
      items: [{ status: 'Created' }],
      total: 1,
      page: 1,
      page_size: 50,
    }));
    const error = await failure(client.orders.list());
    expect(error.issues.map((issue) => issue.path)).toEqual(['items.0.id']);
  });
});

describe('an order detail from a foreign service', () => {
  it('accepts nulls, numeric ids and extra fields in the detail, its address and parcels', async () => {
    const { client } = foreignClient(() => ({
      id: 'o-1',
      status: 'shipped',
      platform: 'Web',
      order_date: null,
      updated_at: null,
      shipping_address: { city: null, district: 'Kadıköy' },
      tracking_number: null,
      shipments: [{ id: 77, carrier: 'Yurtiçi', tracking_number: 'YT-1', label_url: 'x' }],
      invoice: { number: 12 },
    }));
    const order = await client.orders.get('o-1');
    expect(order.shipments?.[0]).toEqual({
      id: 77,
      carrier: 'Yurtiçi',
      tracking_number: 'YT-1',
      label_url: 'x',
    });
    expect((order as typeof order & { invoice?: unknown }).invoice).toEqual({ number: 12 });
  });

  it('needs the id, and an object', async () => {
    const { client } = foreignClient((request) =>
      request.url.pathname.endsWith('/a') ? { status: 'Created' } : 'OK',
    );
    expect((await failure(client.orders.get('a'))).issues.map((issue) => issue.path)).toEqual([
      'id',
    ]);
    await failure(client.orders.get('b'));
  });
});

describe('order items from a foreign service (specification 4.4: envelope not shown)', () => {
  const lines = [
    { sku: 'A-1', barcode: null, quantity: 2, price: '12.50', id: 5, product_id: 9 },
    { SKU: 'B-2', qty: 1, unit_price: 3 },
  ];

  it('reads { items } and a bare array the same way, with prices as numbers', async () => {
    const { client } = foreignClient((request) =>
      request.url.pathname.startsWith('/api/v1/web-api/v1/orders/env') ? { items: lines } : lines,
    );
    const enveloped = await client.orders.items('env');
    const bare = await client.orders.items('bare');
    expect(bare).toEqual(enveloped);
    expect(bare.items[0]?.price).toBe(12.5);
    expect(bare.items[0]?.id).toBe(5);
    // Field names the SDK does not know stay as the service wrote them.
    expect(bare.items[1]).toEqual({ SKU: 'B-2', qty: 1, unit_price: 3 });
  });

  it('reads the one list of an envelope of another name, and items: null as none', async () => {
    const bodies: Record<string, unknown> = {
      lines: { order_id: '1', lines },
      data: { data: lines, meta: { count: 2 } },
      none: { order_id: '1', items: null },
    };
    const { client } = foreignClient((request) => bodies[request.url.pathname.split('/')[6] ?? '']);
    // As from { items }: the price read as a number, the other fields as written.
    const read = [{ ...lines[0], price: 12.5 }, lines[1]];
    expect(await client.orders.items('lines')).toEqual({ order_id: '1', lines, items: read });
    expect((await client.orders.items('data')).items).toEqual(read);
    expect(await client.orders.items('none')).toEqual({ order_id: '1', items: [] });
  });

  it('fails clearly when there is no list of items, or more than one', async () => {
    for (const body of [
      { count: 2 },
      { lines, returned: [] },
      { items: 'A-1' },
      // A lone array that is no list of lines: empty beside a nested list, or of strings.
      { data: { items: lines }, errors: [] },
      { order_id: '1', tags: ['gift'], lines: { first: lines[0] } },
    ]) {
      const { client } = foreignClient(() => body);
      const error = await failure(client.orders.items('1'));
      expect(error.status).toBe(200);
      expect(error.path).toBe('/orders/{order_id}/items'.replace('{order_id}', '1'));
      expect(error.issues.map((issue) => issue.path)).toEqual(['items']);
    }
  });

  it('reads a decimal-string price and quantity (a Decimal) as numbers, and keeps others as received', async () => {
    const { client } = foreignClient(() => ({
      items: [
        { price: '12,50', quantity: '2.000' },
        { price: '1.50', quantity: 1 },
        { price: 3, quantity: 'two' },
      ],
    }));
    const { items } = await client.orders.items('1');
    expect(items).toEqual([
      { price: '12,50', quantity: 2 },
      { price: 1.5, quantity: 1 },
      { price: 3, quantity: 'two' },
    ]);
    // What a WMS does with them: a sum, not a concatenation.
    const numbers = items.filter((item) => typeof item.quantity === 'number');
    expect(numbers.reduce((sum, item) => sum + (item.quantity as number), 0)).toBe(3);
  });
});

// Fields the SDK does not rely on, written with a JSON type other than the one the SDK's types
// give them (the mock's): the call succeeds, and the value is kept as the service sent it.
const otherTypes = {
  status: 3,
  platform: { name: 'Web' },
  order_date: 1767225600,
  customer_name: ['A', 'B'],
  total_price: 'about 200',
  tracking_number: 123456,
  shipments: [{ carrier: { name: 'Yurtiçi' }, tracking_number: 99, shipped_at: false }],
};

describe('fields the SDK does not rely on, of another type', () => {
  it('are kept as received on a cursor page, and the pull goes on to its end', async () => {
    const { client, sent } = foreignClient((request) =>
      request.url.searchParams.get('since_id') === '1'
        ? cursorPage([{ ...bareOrder('2', 2), ...otherTypes }])
        : cursorPage([{ ...bareOrder('1', 1), ...otherTypes }], true),
    );
    const orders = await collect(client.orders.iterate());
    expect(orders).toEqual([
      { ...bareOrder('1', 1), ...otherTypes },
      { ...bareOrder('2', 2), ...otherTypes },
    ]);
    expect(sent).toHaveLength(2);
  });

  it('are kept as received in a detail, its address and its parcels', async () => {
    const detail = {
      id: 'o-1',
      ...otherTypes,
      updated_at: 5,
      shipping_address: 'Atatürk Cd. 1, Istanbul',
    };
    const { client } = foreignClient(() => detail);
    await expect(client.orders.get('o-1')).resolves.toEqual(detail);
    const nested = { id: 'o-2', shipping_address: { postal_code: 34000, city: null } };
    const { client: other } = foreignClient(() => nested);
    await expect(other.orders.get('o-2')).resolves.toEqual(nested);
  });
});
