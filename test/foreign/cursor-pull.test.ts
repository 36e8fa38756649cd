// Cursor pulls (specification 2.4, 4.2) against a service that fills in what the specification
// leaves open its own way: nulls, numbers, extra fields, a last page without its cursor. Only
// what the pull relies on may fail: an order's id and updated_at, the cursor while has_more.

import type { Order } from 'order-fulfillment-sdk';
import { describe, expect, it } from 'vitest';
import { bareOrder, collect, cursorPage, failure, foreignClient } from './service.js';

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

  it('fails clearly on a cursor page without has_more, or with a cursor of another type', async () => {
    const { client } = foreignClient(() => ({ items: [bareOrder('1')], next_since: 5 }));
    const error = await failure(collect(client.orders.pages()));
    expect(error.message).toContain('has_more');
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['has_more', 'next_since']);
  });

  it('fails clearly on a page whose has_more is true without the cursor to go on with', async () => {
    const { client } = foreignClient(() => ({
      ...cursorPage([bareOrder('1')], true),
      next_since: null,
      next_since_id: undefined,
    }));
    const error = await failure(collect(client.orders.pages()));
    expect(error.issues).toEqual([
      { path: 'next_since', message: 'required while has_more is true' },
      { path: 'next_since_id', message: 'required while has_more is true' },
    ]);
    expect(error.cursor).toEqual({ since: '1970-01-01T00:00:00Z', since_id: '0' });
  });

  it('ends on a last page without its cursor, resuming after its last order', async () => {
    const { client, sent } = foreignClient((request) =>
      request.url.searchParams.get('since_id') === '0'
        ? cursorPage([bareOrder('1', 1)], true)
        : { items: [bareOrder('2', 2)], next_since: null, next_since_id: null, has_more: false },
    );
    const pages = client.orders.pages();
    const seen = await collect(pages);
    expect(seen.map((page) => page.items.map((order) => order.id))).toEqual([['1'], ['2']]);
    const after = { since: bareOrder('2', 2).updated_at, since_id: '2' };
    expect(pages.cursor).toEqual(after);
    expect(seen[1]).toMatchObject({ next_since: after.since, next_since_id: after.since_id });
    const orders = client.orders.iterate();
    await collect(orders);
    expect(orders.checkpoint).toEqual(after);
    expect(sent).toHaveLength(4);
  });

  it('ends on an empty last page without its cursor, keeping the cursor it asked with', async () => {
    const from = { since: '2026-03-01T00:00:00Z', since_id: '41' };
    const { client } = foreignClient(() => ({ items: [], has_more: false }));
    const orders = client.orders.iterate(from);
    expect(await collect(orders)).toEqual([]);
    expect(orders.checkpoint).toEqual(from);
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
