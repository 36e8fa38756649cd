// GET /orders in cursor mode: (updated_at, id) order strictly after the cursor, no skip or
// repeat at a page boundary inside a group sharing one updated_at, updates seen again.

import { describe, expect, it } from 'vitest';
import { createMockService, type MockOrder } from '../../../mock/index.js';
import { compareOrderIds } from '../../../mock/store/order-id.js';
import { ORIGIN_CURSOR } from '../../../src/schemas/index.js';
import { notification, postInbound } from '../../support/inbound.js';
import { reach, send, type Target, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

const byCursor = (a: MockOrder, b: MockOrder) =>
  Date.parse(a.updated_at) - Date.parse(b.updated_at) || compareOrderIds(a.id, b.id);

interface Pull {
  ids: string[];
  cursor: { since: string; since_id: string };
  pages: number;
}

async function pull(
  target: Target,
  limit: number,
  filter = '',
  cursor: { since: string; since_id: string } = ORIGIN_CURSOR,
  maxPages = Number.POSITIVE_INFINITY,
): Promise<Pull> {
  const ids: string[] = [];
  let pages = 0;
  for (;;) {
    const query = `since=${encodeURIComponent(cursor.since)}&since_id=${encodeURIComponent(cursor.since_id)}`;
    const res = await target.call(`/orders?${query}&limit=${limit}${filter}`);
    expect(res.status).toBe(200);
    pages++;
    ids.push(...res.body.items.map((order: MockOrder) => order.id));
    const last = res.body.items.at(-1);
    expect(res.body.next_since).toBe(last ? last.updated_at : cursor.since);
    expect(res.body.next_since_id).toBe(last ? last.id : cursor.since_id);
    cursor = { since: res.body.next_since, since_id: res.body.next_since_id };
    if (!res.body.has_more || pages >= maxPages) return { ids, cursor, pages };
  }
}

describe.each(TRANSPORTS)('cursor paging (%s)', (transport) => {
  it('returns every order once from the origin cursor, in (updated_at, id) order', async () => {
    const mock = createMockService({ orders: 300 });
    const target = await reach(server, mock, transport);
    const result = await pull(target, 40);
    expect(result.ids).toEqual(
      mock.orders
        .all()
        .sort(byCursor)
        .map((o) => o.id),
    );
    expect(result.pages).toBe(8);
  });

  it('never skips or repeats at a page boundary inside a group sharing one updated_at', async () => {
    const mock = createMockService({ orders: 100 });
    const groups = new Map<string, number>();
    for (const order of mock.orders.all()) {
      groups.set(order.updated_at, (groups.get(order.updated_at) ?? 0) + 1);
    }
    // The generated data holds a bulk-sync group; a page of 7 must end inside it.
    expect(Math.max(...groups.values())).toBeGreaterThanOrEqual(20);
    const target = await reach(server, mock, transport);
    const result = await pull(target, 7);
    expect(new Set(result.ids).size).toBe(100);
    expect(result.ids).toEqual(
      mock.orders
        .all()
        .sort(byCursor)
        .map((o) => o.id),
    );
  });

  it('pages through 450 orders created at one frozen instant', async () => {
    const mock = createMockService({ orders: 0 });
    mock.clock.set('2026-03-01T12:00:00.000Z');
    for (let i = 0; i < 450; i++) mock.orders.create();
    const target = await reach(server, mock, transport);
    const first = await target.call(`/orders?since=${ORIGIN_CURSOR.since}&since_id=0&limit=200`);
    expect(first.body.next_since).toBe('2026-03-01T12:00:00.000Z');
    expect(first.body.has_more).toBe(true);
    const result = await pull(target, 200);
    expect(result.ids).toHaveLength(450);
    expect(new Set(result.ids).size).toBe(450);
  });

  it('orders decimal ids by value, then other ids, within one updated_at', async () => {
    const mock = createMockService({ orders: 0 });
    mock.clock.set('2026-03-01T00:00:00.000Z');
    for (const id of ['9', '10', '100', 'A-1']) mock.orders.create({ id });
    const target = await reach(server, mock, transport);
    expect((await pull(target, 2)).ids).toEqual(['9', '10', '100', 'A-1']);
    expect(mock.orders.all().map((o) => o.updated_at)).toEqual(
      Array(4).fill('2026-03-01T00:00:00.000Z'),
    );
    const after = await target.call('/orders?since=2026-03-01T00:00:00.000Z&since_id=10');
    expect(after.body.items.map((o: MockOrder) => o.id)).toEqual(['100', 'A-1']);
  });

  it('stamps an update that would sort behind the newest write just after it', async () => {
    const mock = createMockService({ orders: 0 });
    mock.clock.set('2026-03-01T00:00:00.000Z');
    for (let i = 0; i < 5; i++) mock.orders.create();
    const target = await reach(server, mock, transport);
    // A pull that has passed every order, then a frozen-clock update of a smaller id.
    const passed = await pull(target, 5);
    mock.orders.update('2', { customer_name: 'Changed' });
    expect(mock.orders.get('2')?.updated_at).toBe('2026-03-01T00:00:00.001Z');
    const rest = await pull(target, 5, '', passed.cursor);
    expect(rest.ids).toEqual(['2']);
  });

  it('stamps a write under a clock set at or before 1970 after the origin cursor, where a first pull starts', async () => {
    const mock = createMockService({ orders: 0 });
    mock.clock.set('1969-12-31T23:59:59.999Z');
    mock.orders.create({ id: 'before' });
    mock.clock.set(ORIGIN_CURSOR.since);
    mock.orders.create({ id: '0' });
    mock.orders.create({ id: 'z' });
    const target = await reach(server, mock, transport);
    expect((await pull(target, 1)).ids.sort()).toEqual(['0', 'before', 'z']);
    // At the origin's instant an id after its "0" keeps the clock's time.
    expect(mock.orders.get('z')?.updated_at).toBe('1970-01-01T00:00:00.000Z');
  });

  it('refuses an order id that is no well-formed Unicode, which no cursor could carry back', async () => {
    const mock = createMockService({ orders: 0 });
    expect(() => mock.orders.create({ id: 'x\uD800' })).toThrow(/well-formed Unicode/);
    expect(mock.orders.all()).toEqual([]);
    mock.orders.create({ id: 'x\uD83D\uDE00' });
    const target = await reach(server, mock, transport);
    expect((await pull(target, 1)).ids).toEqual(['x\uD83D\uDE00']);
  });

  it('returns writes again after a pull passed the data, under a clock frozen inside it', async () => {
    // The generated data runs to 2026-11-01; docs/mock.md freezes the clock at 2026-03-01.
    const mock = createMockService({ orders: 100 });
    const frozen = '2026-03-01T12:00:00.000Z';
    mock.clock.set(frozen);
    const target = await reach(server, mock, transport);
    const passed = await pull(target, 200);
    expect(passed.ids).toHaveLength(100);
    const saved = { ms: Date.parse(passed.cursor.since), id: passed.cursor.since_id };
    expect(saved.ms).toBeGreaterThan(Date.parse(frozen));

    const created = mock.orders.create({ platform: 'Web' });
    const inbound = await postInbound(
      target,
      JSON.stringify(notification({ inbound_order_id: '5' }, '2026-03-01T11:00:00Z')),
      { t: Date.parse(frozen) / 1000 },
    );
    expect(inbound).toMatchObject({ status: 200, body: { status: 'applied', order_id: '5' } });
    const patched = await send(`${target.hostUrl}/__mock/orders/7`, {
      method: 'PATCH',
      key: null,
      body: { customer_name: 'Changed' },
    });
    expect(patched.status).toBe(200);

    // Every write sorts after the cursor handed out, so the resumed pull sees all three.
    for (const id of [created.id, '5', '7']) {
      const order = mock.orders.get(id) as MockOrder;
      const position = { ms: Date.parse(order.updated_at), id };
      expect(
        position.ms > saved.ms || (position.ms === saved.ms && compareOrderIds(id, saved.id) > 0),
        `${id} at ${order.updated_at}`,
      ).toBe(true);
    }
    expect(mock.orders.get('5')).toMatchObject({
      status: 'shipped',
      shipped_at: '2026-03-01T11:00:00.000Z',
    });
    const resumed = await target.call(
      `/orders?since=${encodeURIComponent(passed.cursor.since)}&since_id=${passed.cursor.since_id}&limit=200`,
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body.items.map((o: MockOrder) => o.id)).toEqual([created.id, '5', '7']);
    expect(resumed.body.items[1]).toMatchObject({ status: 'shipped' });
    expect(resumed.body.items[2]).toMatchObject({ customer_name: 'Changed' });
    expect(resumed.body.has_more).toBe(false);
  });

  it('keeps the cursor lossless when the clock is moved back after a pull', async () => {
    const mock = createMockService({ orders: 0 });
    mock.clock.set('2026-06-01T00:00:00.000Z');
    for (let i = 0; i < 3; i++) mock.orders.create();
    const target = await reach(server, mock, transport);
    const passed = await pull(target, 10);
    expect(passed.cursor).toEqual({ since: '2026-06-01T00:00:00.000Z', since_id: '3' });
    mock.clock.set('2026-01-01T00:00:00.000Z');
    expect(mock.orders.update('1', { status: 'Processing' }).updated_at).toBe(
      '2026-06-01T00:00:00.001Z',
    );
    // A new order's id sorts after the cursor's, so the cursor's own instant is enough.
    expect(mock.orders.create().updated_at).toBe('2026-06-01T00:00:00.000Z');
    expect((await pull(target, 10, '', passed.cursor)).ids).toEqual(['4', '1']);
  });

  it('returns an updated order again, and an order updated before it was seen once', async () => {
    const mock = createMockService({ orders: 60 });
    const target = await reach(server, mock, transport);
    const firstPage = await pull(target, 20, '', ORIGIN_CURSOR, 1);
    const seen = firstPage.ids[3] as string;
    const all = mock.orders.all().sort(byCursor);
    const unseen = all[45]?.id as string;
    mock.clock.set('2026-12-01T00:00:00.000Z');
    mock.orders.update(seen, { customer_name: 'Changed Once' });
    mock.clock.advance(1000);
    mock.orders.update(unseen, { customer_name: 'Changed Too' });
    const rest = await pull(target, 20, '', firstPage.cursor);
    expect(rest.ids.filter((id) => id === seen)).toHaveLength(1);
    expect(rest.ids.filter((id) => id === unseen)).toHaveLength(1);
    expect(rest.ids.slice(-2)).toEqual([seen, unseen]);
    expect(firstPage.ids.length + rest.ids.length).toBe(61);
  });

  it('filters by status and platform in cursor mode', async () => {
    const mock = createMockService({ orders: 300, seed: 9 });
    const target = await reach(server, mock, transport);
    const expected = mock.orders
      .all()
      .filter((o) => o.status === 'Processing' && o.platform === 'Web')
      .sort(byCursor)
      .map((o) => o.id);
    expect(expected.length).toBeGreaterThan(3);
    expect((await pull(target, 3, '&status=Processing&platform=Web')).ids).toEqual(expected);
  });

  it('echoes the cursor on an empty page', async () => {
    const target = await reach(server, createMockService(), transport);
    const since = '2099-01-01T00:00:00+02:00';
    const res = await target.call(`/orders?since=${encodeURIComponent(since)}&since_id=42`);
    expect(res.body).toEqual({
      items: [],
      next_since: since,
      next_since_id: '42',
      has_more: false,
    });
  });

  // A Python client writes `since` as pydantic reads it (docs/spec-gaps.md): the same instant
  // in any of those spellings is the same cursor.
  it('reads since in the spellings pydantic takes, as the instant each names', async () => {
    const mock = createMockService({ orders: 40 });
    const target = await reach(server, mock, transport);
    const middle = [...mock.orders.all()].sort(byCursor)[20] as MockOrder;
    const ms = Date.parse(middle.updated_at);
    const at = (offsetMinutes: number) =>
      new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
    const expected = await target.call(
      `/orders?since=${encodeURIComponent(middle.updated_at)}&since_id=${middle.id}&limit=5`,
    );
    expect(expected.body.items).toHaveLength(5);
    for (const since of [
      `${at(0).replace('T', ' ')}+00:00`,
      `${at(120)}+0200`,
      `${at(0).replace('T', 't')}z`,
      `${at(-90).replace('T', '_')}\u22120130`,
    ]) {
      const res = await target.call(
        `/orders?since=${encodeURIComponent(since)}&since_id=${middle.id}&limit=5`,
      );
      expect(res.status, since).toBe(200);
      expect(res.body.items, since).toEqual(expected.body.items);
    }
    // Minutes only: the start of that minute.
    const minute = middle.updated_at.slice(0, 16);
    const [short, full] = await Promise.all(
      [`${minute}Z`, `${minute}:00.000Z`].map((since) =>
        target.call(`/orders?since=${since}&since_id=0&limit=10`),
      ),
    );
    expect(short?.status).toBe(200);
    expect(short?.body.items).toEqual(full?.body.items);
  });

  // docs/spec-gaps.md: in cursor mode `offset` moves nothing and its range is not checked,
  // but it is still read as an integer.
  it('ignores the value of offset in cursor mode, not one that is no integer', async () => {
    const target = await reach(server, createMockService({ orders: 5 }), transport);
    const cursor = `/orders?since=${ORIGIN_CURSOR.since}&since_id=0`;
    for (const offset of ['3', '-1']) {
      const res = await target.call(`${cursor}&offset=${offset}`);
      expect(res.body.items, offset).toHaveLength(5);
    }
    const res = await target.call(`${cursor}&offset=abc`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        loc: ['query', 'offset'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        type: 'int_parsing',
      },
    ]);
  });
});
