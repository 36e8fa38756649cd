// The order endpoints against a service that fills in what the specification leaves open its
// own way (specification 2.3 to 2.6): nulls, numbers, extra fields, another items envelope.
// Only what the SDK relies on may fail: an order's id, a cursor page's cursor and has_more.

import { type Order, ResponseValidationError } from 'order-fulfillment-sdk';
import { describe, expect, it } from 'vitest';
import { bareOrder, collect, foreignClient } from './service.js';

// An order as a pydantic service with Optional fields and integer keys may write it.
const foreignOrder = {
  id: '9001',
  status: null,
  platform: null,
  order_date: null,
  updated_at: '2026-01-01T00:00:00.123456+00:00',
  order_number: 42,
  business_id: 7,
  source: null,
  external_ref: null,
  customer_name: null,
  total_price: '199.90',
  currency: null,
  loyalty_tier: 'gold',
  lines: [{ sku: 'A' }],
};

function cursorPage(items: unknown[], has_more = false) {
  const last = items.at(-1) as { id: string; updated_at: string } | undefined;
  return {
    items,
    next_since: last?.updated_at ?? '1970-01-01T00:00:00Z',
    next_since_id: last?.id ?? '0',
    has_more,
    request_id: 'r-1',
  };
}

async function failure(promise: Promise<unknown>): Promise<ResponseValidationError> {
  const error = await promise.then(
    () => expect.unreachable('the call succeeded'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ResponseValidationError);
  return error as ResponseValidationError;
}

describe('a cursor pull from a foreign service', () => {
  it('accepts null for the fields 2.3 names without a type, and keeps every unknown field', async () => {
    const { client } = foreignClient(() => cursorPage([foreignOrder, bareOrder('9002', 5)]));
    const orders = await collect(client.orders.iterate());
    expect(orders.map((order) => order.id)).toEqual(['9001', '9002']);
    const [first] = orders as [Order];
    expect(first.platform).toBeNull();
    expect(first.status).toBeNull();
    expect(first.order_number).toBe(42);
    // Money comes as a number, whatever the service wrote.
    expect(first.total_price).toBe(199.9);
    // An unknown field stays on the object, read through a widened type.
    expect((first as Order & { loyalty_tier?: string }).loyalty_tier).toBe('gold');
  });

  it('takes orders that carry only id and updated_at', async () => {
    const { client } = foreignClient(() => cursorPage([bareOrder('a'), bareOrder('b', 1)]));
    const pages = client.orders.pages();
    const [page] = await collect(pages);
    expect(page?.items).toEqual([bareOrder('a'), bareOrder('b', 1)]);
    expect(pages.cursor).toEqual({ since: bareOrder('b', 1).updated_at, since_id: 'b' });
  });

  it('reads shipments and tracking on cursor-mode items, with numeric ids and nulls', async () => {
    const shipped = {
      ...bareOrder('s1'),
      tracking_number: 'TRK1',
      tracking_url: null,
      shipments: [
        { id: 1, carrier: 'Aras', tracking_number: 'TRK1', weight_kg: 2.5 },
        { id: 2, carrier: null, tracking_number: null },
      ],
    };
    const { client } = foreignClient(() => cursorPage([shipped]));
    const [order] = await collect(client.orders.iterate());
    expect(order?.shipments?.map((parcel) => parcel.carrier)).toEqual(['Aras', null]);
    expect(order?.shipments?.[0]?.id).toBe(1);
    expect(order?.tracking_number).toBe('TRK1');
  });

  it('sends the cursor back exactly as the service wrote it', async () => {
    const since = '2026-01-01 00:00:00+00:00';
    const { client, sent } = foreignClient((request) =>
      request.url.searchParams.get('since_id') === '0'
        ? { items: [], next_since: since, next_since_id: 'x 1', has_more: true, extra: 1 }
        : cursorPage([]),
    );
    await collect(client.orders.pages());
    expect(sent[1]?.url.searchParams.get('since')).toBe(since);
    expect(sent[1]?.url.searchParams.get('since_id')).toBe('x 1');
  });

  it('fails clearly on an order without id, and keeps the cursor to resume from', async () => {
    const { id: _, ...noId } = bareOrder('lost');
    const { client } = foreignClient(() => cursorPage([bareOrder('ok'), noId]));
    const error = await failure(collect(client.orders.iterate()));
    expect(error.issues).toEqual([{ path: 'items.1.id', message: 'required, expected string' }]);
    expect(error.cursor).toEqual({ since: '1970-01-01T00:00:00Z', since_id: '0' });
  });

  it('fails clearly on a numeric order id, which the cursor sends back as since_id', async () => {
    const { client } = foreignClient(() => cursorPage([{ ...bareOrder('x'), id: 17 }]));
    const error = await failure(collect(client.orders.iterate()));
    // A service with integer keys writes its cursor's id as a number too.
    expect(error.issues).toEqual([
      { path: 'items.0.id', message: 'expected string, received number' },
      { path: 'next_since_id', message: 'expected string, received number' },
    ]);
  });

  it('fails clearly on a cursor-mode order without updated_at', async () => {
    const { client } = foreignClient(() => cursorPage([{ id: '1', updated_at: null }]));
    const error = await failure(collect(client.orders.iterate()));
    expect(error.issues.map((issue) => issue.path)).toEqual(['items.0.updated_at']);
  });

  it('fails clearly on a cursor page without has_more, next_since or next_since_id', async () => {
    const { client } = foreignClient(() => ({ items: [bareOrder('1')], next_since: 5 }));
    const error = await failure(collect(client.orders.pages()));
    expect(error.message).toContain('has_more');
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      'has_more',
      'next_since',
      'next_since_id',
    ]);
  });

  it('fails clearly on a page without items', async () => {
    const { client } = foreignClient(() => ({
      next_since: 'x',
      next_since_id: '1',
      has_more: false,
    }));
    const error = await failure(collect(client.orders.pages()));
    expect(error.issues.map((issue) => issue.path)).toEqual(['items']);
  });
});

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

  it('fails clearly when there is no list of items', async () => {
    const { client } = foreignClient(() => ({ lines }));
    const error = await failure(client.orders.items('1'));
    expect(error.status).toBe(200);
    expect(error.path).toBe('/orders/{order_id}/items'.replace('{order_id}', '1'));
  });

  it('keeps a price that is no number, and a quantity written as a decimal string, as received', async () => {
    const { client } = foreignClient(() => ({
      items: [
        { price: '12,50', quantity: '2.000' },
        { price: '1.50', quantity: 1 },
      ],
    }));
    const { items } = await client.orders.items('1');
    expect(items).toEqual([
      { price: '12,50', quantity: '2.000' },
      { price: 1.5, quantity: 1 },
    ]);
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
