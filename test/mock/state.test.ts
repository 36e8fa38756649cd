// The state API tests drive the mock with: orders, products, clock, reset.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  createMockService,
  FULFILLMENT_PATH,
  MOCK_API_KEY,
  MOCK_SIGNING_SECRET,
  MockInputError,
  MockNotFoundError,
  type MockService,
} from '../../mock/index.js';
import { ORIGIN_CURSOR } from '../../src/index.js';
import { signWmsPayload } from '../../src/signatures/index.js';
import { NOW, NOW_SECONDS, notification } from '../support/inbound.js';

describe('mock.orders', () => {
  it('reads an explicit undefined in a record or patch as not given', () => {
    const maybe = undefined as unknown as string;
    const mock = createMockService({
      orders: [{ id: 'Z', status: maybe, customer_name: 'Ada' }],
      products: [{ id: 1, price: maybe as unknown as number }],
    });
    const created = mock.orders.get('Z');
    expect(created?.status).toBe('Created');
    expect(Array.isArray(created?.items)).toBe(true);
    const updated = mock.orders.update('Z', { customer_name: maybe, status: 'Processing' });
    expect(updated).toMatchObject({ customer_name: 'Ada', status: 'Processing' });
    expect(typeof mock.products.get(1)?.price).toBe('number');
    expect(mock.products.update(1, { stock: maybe as unknown as number }).stock).toEqual(
      expect.any(Number),
    );
  });

  it('creates an order with status Created and timestamps from the clock', () => {
    const mock = createMockService({ orders: 3 });
    mock.clock.set('2026-08-01T10:00:00+02:00');
    const order = mock.orders.create({ platform: 'Amazon', external_ref: 'AMZ-1' });
    expect(order).toMatchObject({
      id: '4',
      status: 'Created',
      platform: 'Amazon',
      external_ref: 'AMZ-1',
      order_date: '2026-08-01T08:00:00.000Z',
      created_at: '2026-08-01T08:00:00.000Z',
      updated_at: '2026-08-01T08:00:00.000Z',
      shipped_at: null,
      shipments: [],
    });
    expect(mock.orders.get('4')).toEqual(order);
    expect(mock.orders.all()).toHaveLength(4);
  });

  it("gives an order created with only a platform that channel's source and reference", () => {
    const mock = createMockService({ orders: 20 });
    const made = ['Amazon', 'Web', 'Trendyol', 'Etsy Shop'].map((platform) =>
      mock.orders.create({ platform }),
    );
    expect(made.map((o) => [o.id, o.platform, o.source, o.external_ref])).toEqual([
      ['21', 'Amazon', 'amazon', 'AMZ-100021'],
      ['22', 'Web', 'web', 'WEB-100022'],
      ['23', 'Trendyol', 'trendyol', 'TY-100023'],
      ['24', 'Etsy Shop', 'etsy shop', 'ETSYSHOP-100024'],
    ]);
    expect(mock.orders.get('21')).toMatchObject({ source: 'amazon', external_ref: 'AMZ-100021' });
    // Explicit fields win over the platform's.
    expect(
      mock.orders.create({ platform: 'Amazon', source: 'amazon-eu', external_ref: 'X-1' }),
    ).toMatchObject({ platform: 'Amazon', source: 'amazon-eu', external_ref: 'X-1' });
    // Without a platform, the generated channel is kept consistent with itself.
    const plain = mock.orders.create();
    expect(plain.source).toBe(plain.platform.toLowerCase());
  });

  it("gives initial records with only a platform that channel's source and reference", () => {
    const mock = createMockService({
      orders: [{ platform: 'Amazon' }, { id: 'A-1', platform: 'Web' }],
    });
    expect(mock.orders.all().map((o) => [o.id, o.source, o.external_ref])).toEqual([
      ['1', 'amazon', 'AMZ-100001'],
      ['A-1', 'web', 'WEB-100002'],
    ]);
  });

  it('skips ids already given explicitly when numbering', () => {
    const mock = createMockService({ orders: 0 });
    mock.orders.create({ id: '2' });
    expect(mock.orders.create().id).toBe('3');
    expect(mock.orders.create().id).toBe('4');
    expect(() => mock.orders.create({ id: '4' })).toThrow(MockInputError);
    expect(mock.orders.all().map((o) => o.id)).toEqual(['2', '3', '4']);
  });

  it('updates fields, keeps derived ones consistent, and moves updated_at', () => {
    const mock = createMockService();
    // After every generated order's updated_at: a version is stamped after the one it replaces.
    mock.clock.set('2099-09-09T09:09:09.009Z');
    const updated = mock.orders.update('2', {
      items: [{ sku: 'A', quantity: 2, price: 10.5 }],
      shipments: [{ carrier: 'UPS', tracking_number: '1Z9', tracking_url: 'https://t/1Z9' }],
    });
    expect(updated).toMatchObject({
      total_price: 21,
      tracking_number: '1Z9',
      tracking_url: 'https://t/1Z9',
      updated_at: '2099-09-09T09:09:09.009Z',
    });
  });

  it('rejects unknown ids, id changes, updated_at and bad values', () => {
    const mock = createMockService();
    expect(() => mock.orders.update('nope', {})).toThrow(MockNotFoundError);
    expect(() => mock.orders.update('1', { id: '2' } as never)).toThrow(/cannot change/);
    expect(() => mock.orders.update('1', { updated_at: 'x' } as never)).toThrow(MockInputError);
    expect(() => mock.orders.update('1', { order_date: '2026-01-01' })).toThrow(/order_date/);
    expect(mock.orders.get('nope')).toBeUndefined();
  });

  it('returns copies the caller cannot use to corrupt the store', () => {
    const mock = createMockService();
    const order = mock.orders.get('1');
    if (order) order.status = 'Hacked';
    expect(mock.orders.get('1')?.status).not.toBe('Hacked');
  });
});

describe('mock.products', () => {
  it('keeps products given in any order sorted by id, and numbers a new one after the highest', () => {
    const mock = createMockService({
      orders: 0,
      products: [5, 2, 9, 1, 7, 3].map((id) => ({ id })),
    });
    mock.products.create({ id: 4 });
    mock.products.create({ id: 11 });
    mock.products.create({ id: 6 });
    expect(mock.products.create().id).toBe(12);
    expect(mock.products.all().map((product) => product.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 9, 11, 12,
    ]);
  });

  it('creates, updates and reads products', () => {
    const mock = createMockService({ products: 2 });
    expect(mock.products.create({ name: 'Thing' })).toMatchObject({ id: 3, name: 'Thing' });
    expect(mock.products.update(3, { stock: 0 }).stock).toBe(0);
    expect(mock.products.get(3)?.stock).toBe(0);
    expect(() => mock.products.update(9, {})).toThrow(MockNotFoundError);
    expect(() => mock.products.create({ id: 1 })).toThrow(/already exists/);
  });

  it('refuses a field of the wrong type, naming it, and stores nothing', () => {
    const mock = createMockService({ products: 2 });
    for (const [field, value] of [
      ['sku', 42],
      ['name', null],
      ['barcode', ['869']],
      ['currency', 1],
    ] as const) {
      expect(() => mock.products.create({ [field]: value } as never), field).toThrow(field);
    }
    expect(mock.products.all()).toHaveLength(2);
  });
});

describe('mock.clock', () => {
  it('follows the system clock until set, then stays fixed until moved', () => {
    const mock = createMockService();
    expect(Math.abs(mock.clock.now().getTime() - Date.now())).toBeLessThan(1000);
    mock.clock.set(Date.UTC(2026, 0, 1));
    expect(mock.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    mock.clock.advance(-1000);
    expect(mock.clock.now().toISOString()).toBe('2025-12-31T23:59:59.000Z');
    // A Date from another realm (jest's environment, a VM context) is a Date too.
    mock.clock.set(runInNewContext('new Date(Date.UTC(2027, 0, 1))'));
    expect(mock.clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(() => mock.clock.set('not a date')).toThrow(TypeError);
    expect(() => mock.clock.advance(Number.NaN)).toThrow(TypeError);
  });
});

describe('mock.clock range', () => {
  it('throws a RangeError past the years 0001-9999 and keeps its time', () => {
    const mock = createMockService({ orders: 2 });
    mock.clock.set('2026-06-01T00:00:00Z');
    expect(() => mock.clock.set(9e15)).toThrow(RangeError);
    expect(() => mock.clock.set('+010000-01-01T00:00:00Z')).toThrow(
      /clock.set\(date\) would move the mock clock outside 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z/,
    );
    expect(() => mock.clock.set(new Date('-000001-01-01T00:00:00Z'))).toThrow(RangeError);
    // Year 0, which Python's datetime (the real service's) does not have.
    expect(() => mock.clock.set('0000-12-31T23:59:59.999Z')).toThrow(RangeError);
    expect(() => mock.clock.advance(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
    expect(() => mock.clock.advance(-Number.MAX_SAFE_INTEGER)).toThrow(/clock.advance\(ms\)/);
    expect(mock.clock.now().toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(mock.orders.create().updated_at).toBe('2026-06-01T00:00:00.000Z');
    mock.clock.set('0001-01-01T00:00:00.000Z');
    expect(mock.clock.now().toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(() => mock.clock.advance(-1)).toThrow(RangeError);
    expect(mock.clock.now().toISOString()).toBe('0001-01-01T00:00:00.000Z');
    mock.clock.set('9999-12-31T23:59:59.999Z');
    expect(mock.clock.now().toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('checks a running clock too, and leaves it running', () => {
    const mock = createMockService();
    expect(() => mock.clock.advance(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
    expect(Math.abs(mock.clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });
});

describe('mock.reset', () => {
  it('returns to the initial seeded state', () => {
    const mock = createMockService({ orders: 10, seed: 2 });
    const initial = mock.orders.all();
    mock.clock.set('2020-01-01T00:00:00Z');
    mock.orders.update('1', { status: 'Cancelled' });
    mock.orders.create();
    mock.products.create();
    mock.reset();
    expect(mock.orders.all()).toEqual(initial);
    expect(mock.products.all()).toHaveLength(20);
    expect(mock.clock.now().getFullYear()).toBeGreaterThan(2020);
  });

  // reset() builds the state anew only once something was written: each way of writing,
  // alone, must count as one.
  const control = (mock: MockService, method: string, path: string, body: unknown) =>
    mock.fetch(`${mock.hostUrl}/__mock${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const writes: Record<string, (mock: MockService) => Promise<unknown> | unknown> = {
    'mock.products.update': (mock) => mock.products.update(1, { stock: 0 }),
    'mock.products.create': (mock) => mock.products.create(),
    'mock.orders.update': (mock) => mock.orders.update('1', { status: 'Cancelled' }),
    'mock.orders.create': (mock) => mock.orders.create(),
    'PATCH /__mock/products/1': (mock) => control(mock, 'PATCH', '/products/1', { stock: 0 }),
    'POST /__mock/products': (mock) => control(mock, 'POST', '/products', {}),
    'PATCH /__mock/orders/1': (mock) => control(mock, 'PATCH', '/orders/1', { status: 'x' }),
    'POST /__mock/orders': (mock) => control(mock, 'POST', '/orders', {}),
    'a shipment notification': (mock) => {
      mock.clock.set(NOW);
      const body = JSON.stringify(notification({ inbound_order_id: '1' }));
      const signature = signWmsPayload(body, MOCK_SIGNING_SECRET, NOW_SECONDS);
      return mock.fetch(`${mock.hostUrl}${FULFILLMENT_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-WMS-Signature': signature },
        body,
      });
    },
  };
  it('forgets the cursor pages a pull was served, which decide where later writes are stamped', async () => {
    const stampAfter = async (pull: boolean) => {
      const mock = createMockService({ orders: 10, seed: 2 });
      if (pull) {
        const query = `since=${encodeURIComponent(ORIGIN_CURSOR.since)}&since_id=0&limit=200`;
        const page = await mock.fetch(`${mock.baseUrl}/orders?${query}`, {
          headers: { 'X-API-Key': MOCK_API_KEY },
        });
        expect(page.status).toBe(200);
        mock.reset();
      }
      mock.clock.set('2020-01-01T00:00:00Z');
      return mock.orders.create().updated_at;
    };
    expect(await stampAfter(true)).toBe(await stampAfter(false));
    expect(await stampAfter(false)).toBe('2020-01-01T00:00:00.000Z');
  });

  it.each(Object.keys(writes))('returns to the initial state after only %s', async (name) => {
    const mock = createMockService({ orders: 10, products: 10, seed: 2 });
    const initial = { orders: mock.orders.all(), products: mock.products.all() };
    mock.reset();
    const response = await writes[name]?.(mock);
    if (response instanceof Response) expect(response.status).toBeLessThan(300);
    expect({ orders: mock.orders.all(), products: mock.products.all() }).not.toEqual(initial);
    mock.reset();
    expect({ orders: mock.orders.all(), products: mock.products.all() }).toEqual(initial);
  });
});
