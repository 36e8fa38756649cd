// The inbound shipment notification's matching rules and results (specification 4.6).
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockService, type MockOrder } from '../../../mock/index.js';
import { NOW, notification, postInbound, snapshot } from '../../support/inbound.js';
import { reach, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

function frozenMock() {
  const mock = createMockService({ orders: 100 });
  mock.clock.set(NOW);
  return mock;
}

function refCounts(orders: MockOrder[]) {
  const counts = new Map<string, number>();
  for (const o of orders) {
    const key = `${o.source}|${o.external_ref}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

// An order not shipped yet whose source + external_ref no other order shares.
function uniqueRefOrder(mock: ReturnType<typeof frozenMock>): MockOrder {
  const counts = refCounts(mock.orders.all());
  return mock.orders
    .all()
    .find(
      (o) => o.status !== 'shipped' && counts.get(`${o.source}|${o.external_ref}`) === 1,
    ) as MockOrder;
}

const notShipped = (mock: ReturnType<typeof frozenMock>) =>
  mock.orders.all().find((o) => o.status === 'Processing') as MockOrder;

describe.each(TRANSPORTS)('inbound matching (%s)', (transport) => {
  it('matches inbound_order_id exactly and writes shipped, shipped_at and updated_at', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const order = notShipped(mock);
    const res = await postInbound(
      target,
      JSON.stringify(notification({ inbound_order_id: order.id })),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'applied', order_id: order.id });
    expect(mock.orders.get(order.id)).toMatchObject({
      status: 'shipped',
      shipped_at: '2026-06-15T09:30:00.000Z',
      updated_at: NOW,
      customer_name: order.customer_name,
    });
    const detail = await target.call(`/orders/${order.id}`);
    expect(detail.body.status).toBe('shipped');
  });

  it('matches source with external_ref when no inbound_order_id is given', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const order = uniqueRefOrder(mock);
    const body = notification({
      source: order.source as string,
      external_ref: order.external_ref as string,
    });
    const res = await postInbound(target, JSON.stringify(body));
    expect(res.body).toEqual({ status: 'applied', order_id: order.id });
    expect(mock.orders.get(order.id)?.status).toBe('shipped');
  });

  it('reads a null key as absent, as pydantic does: null inbound_order_id falls back to the reference', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const order = uniqueRefOrder(mock);
    const body = {
      ...notification({
        source: order.source as string,
        external_ref: order.external_ref as string,
      }),
      inbound_order_id: null,
    };
    const res = await postInbound(target, JSON.stringify(body));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'applied', order_id: order.id });
    expect(mock.orders.get(order.id)?.status).toBe('shipped');
    const before = snapshot(mock);
    const none = await postInbound(
      target,
      JSON.stringify({
        ...notification({}),
        inbound_order_id: null,
        source: null,
        external_ref: null,
      }),
    );
    expect(none.body).toEqual({ status: 'skipped', order_id: null });
    expect(snapshot(mock)).toBe(before);
  });

  it('rejects an ambiguous source + external_ref with 409 and writes nothing', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const counts = refCounts(mock.orders.all());
    const shared = mock.orders
      .all()
      .filter((o) => counts.get(`${o.source}|${o.external_ref}`) === 2);
    const [a, b] = shared as [MockOrder, MockOrder];
    // The generated data repeats a reference across two businesses.
    expect(a.external_ref).toBe(b.external_ref);
    expect(a.business_id).not.toBe(b.business_id);
    const before = snapshot(mock);
    const res = await postInbound(
      target,
      JSON.stringify(
        notification({ source: a.source as string, external_ref: a.external_ref as string }),
      ),
    );
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(
      `2 orders have source "${a.source}" and external_ref "${a.external_ref}" ` +
        '(external_ref is unique only per business); send inbound_order_id instead',
    );
    expect(snapshot(mock)).toBe(before);
  });

  it('skips a notification with neither key, writing nothing', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const before = snapshot(mock);
    const res = await postInbound(target, JSON.stringify(notification({})));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'skipped', order_id: null });
    expect(snapshot(mock)).toBe(before);
  });

  it('skips half a secondary key without inbound_order_id, as neither key given (rule 3)', async () => {
    // 4.6: the second key is source together with external_ref; with one of them alone,
    // neither key is present, and 7 lists no rejection for it.
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const order = uniqueRefOrder(mock);
    const before = snapshot(mock);
    const halves: Record<string, string | null>[] = [
      { source: order.source as string },
      { external_ref: order.external_ref as string },
      { source: order.source as string, external_ref: null },
    ];
    for (const half of halves) {
      const res = await postInbound(target, JSON.stringify(notification(half)));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'skipped', order_id: null });
    }
    expect(snapshot(mock)).toBe(before);
  });

  it('answers 404 for an unknown inbound_order_id, with no fallback to external_ref', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const order = notShipped(mock);
    const before = snapshot(mock);
    const body = notification({
      inbound_order_id: 'no-such-order',
      source: order.source as string,
      external_ref: order.external_ref as string,
    });
    const res = await postInbound(target, JSON.stringify(body));
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('No order with inbound_order_id "no-such-order"');
    expect(snapshot(mock)).toBe(before);
  });

  it('quotes the key a 404 names, and cuts a long one', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const order = notShipped(mock);
    const before = snapshot(mock);
    const spaced = await postInbound(
      target,
      JSON.stringify(notification({ inbound_order_id: ` ${order.id} ` })),
    );
    expect(spaced.status).toBe(404);
    expect(spaced.body.detail).toBe(`No order with inbound_order_id " ${order.id} "`);
    const long = await postInbound(
      target,
      JSON.stringify(notification({ source: 'shopify', external_ref: 'x'.repeat(10_000) })),
    );
    expect(long.status).toBe(404);
    expect(long.body.detail).toBe(
      `No order with source "shopify" and external_ref "${'x'.repeat(100)}…"`,
    );
    expect(snapshot(mock)).toBe(before);
  });

  it('matches inbound_order_id alone, beside half a secondary key it does not read', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const order = notShipped(mock);
    const body = notification({ inbound_order_id: order.id, source: 'shopify' });
    const res = await postInbound(target, JSON.stringify(body));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'applied', order_id: order.id });
    expect(mock.orders.get(order.id)?.status).toBe('shipped');
  });

  it('answers 404 when source + external_ref match no order', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const before = snapshot(mock);
    const body = notification({ source: 'trendyol', external_ref: 'TY-999999999' });
    const res = await postInbound(target, JSON.stringify(body));
    expect(res.status).toBe(404);
    expect(snapshot(mock)).toBe(before);
  });

  it('changes nothing when the same notification arrives twice', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const order = notShipped(mock);
    const raw = JSON.stringify(notification({ inbound_order_id: order.id }));
    expect((await postInbound(target, raw)).body.status).toBe('applied');
    mock.clock.advance(60_000);
    const before = snapshot(mock);
    const again = await postInbound(target, raw, { t: Date.parse(NOW) / 1000 + 60 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'unchanged', order_id: order.id });
    expect(snapshot(mock)).toBe(before);
    expect(mock.orders.get(order.id)?.updated_at).toBe(NOW);
  });

  it('writes again when shipped_at differs', async () => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const order = notShipped(mock);
    await postInbound(target, JSON.stringify(notification({ inbound_order_id: order.id })));
    const later = notification({ inbound_order_id: order.id }, '2026-06-15T09:45:00Z');
    expect((await postInbound(target, JSON.stringify(later))).body.status).toBe('applied');
    expect(mock.orders.get(order.id)?.shipped_at).toBe('2026-06-15T09:45:00.000Z');
  });

  it('emits order.updated for an applied notification and nothing for unchanged', async () => {
    const mock = frozenMock();
    const received: unknown[] = [];
    server.use(
      http.post('https://receiver.test/hook', async ({ request }) => {
        received.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const target = await reach(server, mock, transport);
    await target.call('/webhooks', {
      method: 'POST',
      body: { url: 'https://receiver.test/hook', events: ['order.updated'] },
    });
    const order = notShipped(mock);
    const raw = JSON.stringify(notification({ inbound_order_id: order.id }));
    await postInbound(target, raw);
    await postInbound(target, raw);
    await mock.flushDeliveries();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: 'order.updated',
      data: { order: { id: order.id, status: 'shipped' } },
    });
  });

  it.each([
    ['invalid JSON', '{"olay": "order.fulfilled",', 'json_invalid'],
    [
      'a wrong olay',
      JSON.stringify({ ...notification({}), olay: 'order.created' }),
      'literal_error',
    ],
    ['a wrong status', JSON.stringify({ ...notification({}), status: 'Shipped' }), 'literal_error'],
    ['shipped_at not ISO', JSON.stringify(notification({}, '15/06/2026')), 'datetime_parsing'],
    ['an array', '[]', 'model_attributes_type'],
  ])('answers 422 for %s and writes nothing', async (_name, raw, type) => {
    const mock = frozenMock();
    const target = await reach(server, mock, transport);
    const before = snapshot(mock);
    const res = await postInbound(target, raw);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].type).toBe(type);
    expect(res.body.detail[0].loc[0]).toBe('body');
    expect(snapshot(mock)).toBe(before);
  });

  it('needs no API key', async () => {
    const mock = frozenMock();
    mock.orders.create({ id: 'X1' });
    const target = await reach(server, mock, transport);
    const res = await postInbound(target, JSON.stringify(notification({ inbound_order_id: 'X1' })));
    expect(res.status).toBe(200);
  });
});
