// The control endpoints under /__mock/ that non-TypeScript integrators drive the mock with.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createMockService } from '../../../mock/index.js';
import { DeliveryAttemptSchema } from '../../../mock/rules/delivery-log.js';
import { reach, send, TRANSPORTS, type Transport, useMswServer } from '../../support/mock.js';

const server = useMswServer();

async function control(transport: Transport, options = {}) {
  const mock = createMockService(options);
  const target = await reach(server, mock, transport);
  const call = (method: string, path: string, body?: unknown) =>
    send(`${target.hostUrl}/__mock${path}`, {
      method,
      key: null,
      ...(body !== undefined ? { body } : {}),
    });
  return { mock, target, call };
}

describe.each(TRANSPORTS)('control endpoints (%s)', (transport) => {
  it('creates an order (201) that the API then lists', async () => {
    const { mock, target, call } = await control(transport, { orders: 5 });
    await call('PUT', '/clock', { now: '2027-07-01T08:00:00Z' });
    const res = await call('POST', '/orders', { id: 'WMS-1', platform: 'Shopify' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: 'WMS-1',
      status: 'Created',
      platform: 'Shopify',
      source: 'shopify',
      external_ref: 'SH-100006',
      updated_at: '2027-07-01T08:00:00.000Z',
    });
    expect(mock.orders.get('WMS-1')).toEqual(res.body);
    const listed = await target.call('/orders?limit=1');
    expect(listed.body.items[0].id).toBe('WMS-1');
  });

  it('updates an order and moves its updated_at to the clock', async () => {
    const { mock, call } = await control(transport);
    await call('PUT', '/clock', { now: '2026-07-01T08:00:00Z' });
    await call('POST', '/clock/advance', { ms: 1500 });
    const res = await call('PATCH', '/orders/4', { status: 'Delivered' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: '4',
      status: 'Delivered',
      updated_at: '2026-07-01T08:00:01.500Z',
    });
    expect(mock.orders.get('4')?.status).toBe('Delivered');
    expect((await call('GET', '/orders/4')).body).toEqual(res.body);
  });

  it('answers 404 for an unknown order and 422 for a bad patch, changing nothing', async () => {
    const { mock, call } = await control(transport);
    const before = JSON.stringify(mock.orders.all());
    expect((await call('PATCH', '/orders/nope', { status: 'x' })).status).toBe(404);
    expect((await call('GET', '/orders/nope')).status).toBe(404);
    const bad = await call('PATCH', '/orders/4', { status: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'status']);
    const stamped = await call('PATCH', '/orders/4', { updated_at: '2026-01-01T00:00:00Z' });
    expect(stamped.status).toBe(422);
    expect((await call('POST', '/orders', { id: '4' })).status).toBe(422);
    expect((await call('POST', '/orders', '{oops')).body.detail[0].type).toBe('json_invalid');
    expect(JSON.stringify(mock.orders.all())).toBe(before);
  });

  it('reads and moves the clock, rejecting bad values with 422', async () => {
    const { mock, call } = await control(transport);
    expect((await call('PUT', '/clock', { now: '2026-01-01T00:00:00+03:00' })).body).toEqual({
      now: '2025-12-31T21:00:00.000Z',
    });
    expect((await call('POST', '/clock/advance', { ms: 60_000 })).body.now).toBe(
      '2025-12-31T21:01:00.000Z',
    );
    expect((await call('GET', '/clock')).body.now).toBe('2025-12-31T21:01:00.000Z');
    expect(mock.clock.now().toISOString()).toBe('2025-12-31T21:01:00.000Z');
    expect((await call('PUT', '/clock', { now: 'tomorrow' })).status).toBe(422);
    expect((await call('POST', '/clock/advance', { ms: 'x' })).status).toBe(422);
  });

  it('rejects a clock move past the years 0001-9999 with 422, changing nothing', async () => {
    const { mock, target, call } = await control(transport, { orders: 5 });
    await call('PUT', '/clock', { now: '2026-06-01T00:00:00Z' });
    const before = JSON.stringify(mock.orders.all());
    const beyond = [
      ['POST', '/clock/advance', { ms: Number.MAX_SAFE_INTEGER }, 'ms'],
      ['POST', '/clock/advance', { ms: -Number.MAX_SAFE_INTEGER }, 'ms'],
      ['PUT', '/clock', { now: '9999-12-31T23:59:59-05:00' }, 'now'],
      ['PUT', '/clock', { now: '0000-06-01T00:00:00Z' }, 'now'],
    ] as const;
    for (const [method, path, body, field] of beyond) {
      const res = await call(method, path, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail).toEqual([
        {
          loc: ['body', field],
          msg: expect.stringMatching(/outside 0001-01-01T00:00:00.000Z to 9999-12-31/),
          type: 'value_error',
        },
      ]);
    }
    expect((await call('GET', '/clock')).body).toEqual({ now: '2026-06-01T00:00:00.000Z' });
    expect(mock.clock.now().toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(JSON.stringify(mock.orders.all())).toBe(before);
    // What failed with 500 while the clock was out of range still works.
    const hook = await target.call('/webhooks', {
      method: 'POST',
      body: { url: 'http://127.0.0.1:9/hooks', events: ['order.created'] },
    });
    expect(hook).toMatchObject({ status: 201, body: { created_at: '2026-06-01T00:00:00.000Z' } });
    const created = await call('POST', '/orders', {});
    expect(created).toMatchObject({
      status: 201,
      body: { created_at: '2026-06-01T00:00:00.000Z' },
    });
    // The last millisecond of year 9999 is still a valid clock.
    const last = await call('PUT', '/clock', { now: '9999-12-31T23:59:59.999Z' });
    expect(last).toMatchObject({ status: 200, body: { now: '9999-12-31T23:59:59.999Z' } });
    expect((await call('POST', '/clock/advance', { ms: 1 })).status).toBe(422);
    expect(mock.clock.now().toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('lists subscriptions and deliveries, flushes, and resets', async () => {
    const { mock, target, call } = await control(transport);
    await target.call('/webhooks', {
      method: 'POST',
      body: { url: 'http://127.0.0.1:1/closed', events: ['order.created'] },
    });
    expect((await call('GET', '/subscriptions')).body.items).toEqual(mock.subscriptions);
    await call('POST', '/orders', {});
    const flushed = await call('POST', '/deliveries/flush');
    expect(flushed.body.items.length).toBeGreaterThan(0);
    const listed = (await call('GET', '/deliveries')).body.items;
    expect(listed).toEqual(mock.deliveries);
    // The schema docs/openapi-control.json publishes holds every field as sent, no more.
    expect(z.array(DeliveryAttemptSchema).parse(listed)).toEqual(listed);
    const reset = await call('POST', '/reset');
    expect(reset.body).toEqual({ status: 'reset' });
    expect(mock.subscriptions).toEqual([]);
    expect(mock.deliveries).toEqual([]);
    expect(mock.orders.all()).toHaveLength(100);
  }, 15_000);

  it('lists only the newest attempts with ?limit=N, and refuses a bad or unknown query before the flush', async () => {
    const { mock, target, call } = await control(transport, { deliveryRetry: { attempts: 1 } });
    await target.call('/webhooks', {
      method: 'POST',
      body: { url: 'http://127.0.0.1:1/closed', events: ['order.created'] },
    });
    for (let i = 0; i < 3; i++) await call('POST', '/orders', {});
    const flushed = await call('POST', '/deliveries/flush?limit=2');
    expect(mock.deliveries).toHaveLength(3);
    expect(flushed.body.items).toEqual(mock.deliveries.slice(-2));
    expect((await call('GET', '/deliveries?limit=1')).body.items).toEqual(
      mock.deliveries.slice(-1),
    );
    expect((await call('GET', '/deliveries?limit=9')).body.items).toEqual(mock.deliveries);
    for (const query of ['limit=0', 'limit=x', 'event_id=evt_1']) {
      const refused = await call('POST', `/deliveries/flush?${query}`);
      expect(refused.status).toBe(422);
      expect(refused.body.detail[0].loc).toEqual(['query', query.split('=')[0]]);
      expect((await call('GET', `/deliveries?${query}`)).status).toBe(422);
    }
  });

  it('creates and updates products', async () => {
    const { mock, target, call } = await control(transport, { products: 2 });
    const created = await call('POST', '/products', { sku: 'NEW-1', stock: 5 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 3, sku: 'NEW-1', stock: 5 });
    expect((await call('PATCH', '/products/3', { stock: 9 })).body.stock).toBe(9);
    expect(mock.products.get(3)?.stock).toBe(9);
    expect((await call('PATCH', '/products/x', { stock: 1 })).status).toBe(422);
    expect((await call('PATCH', '/products/99', { stock: 1 })).status).toBe(404);
    expect((await call('POST', '/products', { stock: -1 })).status).toBe(422);
    expect((await target.call('/products')).body.total).toBe(3);
  });

  it('refuses a negative quantity, price or total in an order with 422, as a product’s', async () => {
    const { mock, target, call } = await control(transport, { orders: 3 });
    const before = JSON.stringify(mock.orders.all());
    const item = { sku: 'S', quantity: 1, price: 1 };
    const refused = [
      ['PATCH', '/orders/3', { items: [{ ...item, quantity: -1, price: -5 }] }],
      ['PATCH', '/orders/3', { total_price: -5 }],
      ['POST', '/orders', { items: [{ ...item, price: -0.01 }] }],
    ] as const;
    const locs = [];
    for (const [method, path, body] of refused) {
      const res = await call(method, path, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      for (const issue of res.body.detail) {
        expect(issue).toMatchObject({
          msg: 'Input should be greater than or equal to 0',
          type: 'greater_than_equal',
        });
        locs.push(issue.loc);
      }
    }
    expect(locs).toEqual([
      ['body', 'items', 0, 'quantity'],
      ['body', 'items', 0, 'price'],
      ['body', 'total_price'],
      ['body', 'items', 0, 'price'],
    ]);
    expect(JSON.stringify(mock.orders.all())).toBe(before);
    expect((await target.call('/orders/3/items')).body.items).toEqual(mock.orders.get('3')?.items);
    expect(() => mock.orders.update('3', { total_price: -1 })).toThrow(/total_price/);
    // Zero stays a value, as a product's stock and price may be 0.
    const free = await call('PATCH', '/orders/3', { items: [{ ...item, price: 0 }] });
    expect(free).toMatchObject({ status: 200, body: { total_price: 0 } });
  });

  it('reaches a product by any id it can have, and gives none past 2^53 - 1', async () => {
    const { mock, call } = await control(transport, { products: 1 });
    const highest = Number.MAX_SAFE_INTEGER;
    expect((await call('POST', '/products', { id: highest, sku: 'TOP' })).status).toBe(201);
    const patched = await call('PATCH', `/products/${highest}`, { stock: 4 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: highest, sku: 'TOP', stock: 4 });
    const next = await call('POST', '/products', { sku: 'NEXT' });
    expect(next.status).toBe(422);
    expect(next.body.detail[0].loc).toEqual(['body', 'id']);
    expect(mock.products.all().map((product) => product.id)).toEqual([1, highest]);
    expect((await call('PATCH', `/products/${highest + 1}`, { stock: 1 })).status).toBe(422);
  });

  it('refuses a misspelt field with 422 extra_forbidden, changing nothing and sending no event', async () => {
    const { mock, target, call } = await control(transport, { orders: 3, products: 1 });
    await target.call('/webhooks', {
      method: 'POST',
      body: { url: 'http://127.0.0.1:1/closed', events: ['order.created', 'order.updated'] },
    });
    const before = mock.orders.get('1');
    const typo = await call('PATCH', '/orders/1', { stauts: 'Cancelled' });
    expect(typo.status).toBe(422);
    expect(typo.body.detail).toEqual([
      expect.objectContaining({ type: 'extra_forbidden', loc: ['body', 'stauts'] }),
    ]);
    const nested = await call('POST', '/orders', { shipping_address: { citty: 'Izmir' } });
    expect(nested.body.detail).toContainEqual({
      loc: ['body', 'shipping_address', 'citty'],
      msg: 'Extra inputs are not permitted',
      type: 'extra_forbidden',
    });
    const product = await call('POST', '/products', { skuu: 'X' });
    expect([product.status, product.body.detail[0].loc]).toEqual([422, ['body', 'skuu']]);
    expect(mock.orders.get('1')).toEqual(before);
    expect(mock.orders.all()).toHaveLength(3);
    expect(mock.products.all()).toHaveLength(1);
    await mock.flushDeliveries();
    expect(mock.deliveries).toEqual([]);
  });

  it('answers JSON 405 for a wrong method and JSON 404 for an unknown path', async () => {
    const { target, call } = await control(transport);
    const wrong = await target.call('/orders', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.body).toEqual({ detail: 'Method Not Allowed' });
    expect(wrong.headers.get('allow')).toBe('GET');
    expect((await call('GET', '/nothing')).status).toBe(404);
    expect((await target.call('/unknown')).body).toEqual({ detail: 'Not Found' });
  });

  it('answers JSON 400, not 500, for malformed percent-encoding in the path', async () => {
    const { target } = await control(transport);
    const res = await target.call('/orders/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/percent-encoding/);
  });
});
