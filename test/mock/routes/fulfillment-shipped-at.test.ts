// The inbound notification's `shipped_at` (specification 2.8): any ISO 8601 timestamp with an
// offset, stored in UTC; a time without an offset, or one the mock could not store (outside
// the years 0001-9999 in UTC, or written in year 0000, which a Python service refuses), is 422
// and writes nothing.
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock/index.js';
import { NOW, notification, postInbound, snapshot } from '../../support/inbound.js';
import { reach, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

async function start(transport: 'msw' | 'http') {
  const mock = createMockService({ orders: 10 });
  mock.clock.set(NOW);
  return { mock, target: await reach(server, mock, transport) };
}

describe.each(TRANSPORTS)('inbound shipped_at (%s)', (transport) => {
  it.each([
    ['Z', '2026-06-15T09:30:00Z', '2026-06-15T09:30:00.000Z'],
    ['+00:00', '2026-06-15T09:30:00+00:00', '2026-06-15T09:30:00.000Z'],
    ['+02:00', '2026-06-15T11:30:00+02:00', '2026-06-15T09:30:00.000Z'],
    ['-05:30', '2026-06-15T04:00:00-05:30', '2026-06-15T09:30:00.000Z'],
    ["Python's isoformat()", '2026-06-15T09:30:00.123456+00:00', '2026-06-15T09:30:00.123Z'],
    // pydantic v2's other spellings, which a FastAPI service takes (docs/spec-gaps.md).
    ["Python's str(datetime)", '2026-06-15 09:30:00.123456+00:00', '2026-06-15T09:30:00.123Z'],
    ['+0200, without its colon', '2026-06-15T11:30:00+0200', '2026-06-15T09:30:00.000Z'],
    ['Z, without seconds', '2026-06-15T09:30Z', '2026-06-15T09:30:00.000Z'],
    ['z, after an underscore', '2026-06-15_09:30:00z', '2026-06-15T09:30:00.000Z'],
  ])('accepts an offset of %s and stores UTC', async (_name, sent, stored) => {
    const { mock, target } = await start(transport);
    const res = await postInbound(
      target,
      JSON.stringify(notification({ inbound_order_id: '4' }, sent)),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'applied', order_id: '4' });
    expect(mock.orders.get('4')?.shipped_at).toBe(stored);
    expect((await target.call('/orders/4')).body.shipped_at).toBe(stored);
    // The same instant in the spelling the SDK sends is the same notification.
    const again = notification({ inbound_order_id: '4' }, stored);
    expect((await postInbound(target, JSON.stringify(again))).body.status).toBe('unchanged');
  });

  it('treats the same instant in another offset as the same notification', async () => {
    const { target } = await start(transport);
    const first = notification({ inbound_order_id: '4' }, '2026-06-15T09:30:00Z');
    const again = notification({ inbound_order_id: '4' }, '2026-06-15T12:30:00+03:00');
    expect((await postInbound(target, JSON.stringify(first))).body.status).toBe('applied');
    expect((await postInbound(target, JSON.stringify(again))).body.status).toBe('unchanged');
  });

  const NOT_A_DATE_TIME = /^must be an ISO 8601 date-time with Z or ±HH:MM$/;
  const NO_OFFSET = /^has no UTC offset: add Z or ±HH:MM/;
  it.each([
    ['a time without an offset', '2026-06-15T09:30:00', NO_OFFSET],
    ['a time without an offset, after a space', '2026-06-15 09:30:00', NO_OFFSET],
    ['yesterday, not a date-time', 'yesterday', NOT_A_DATE_TIME],
    ['a date without a time', '2026-06-15', NOT_A_DATE_TIME],
    ['a day that does not exist', '2026-02-30T09:30:00Z', NOT_A_DATE_TIME],
    ['an offset without minutes', '2026-06-15T09:30+02', NOT_A_DATE_TIME],
    ['an hour without minutes', '2026-06-15T09Z', NOT_A_DATE_TIME],
    // Not a 500: the store could not write these.
    ['past 9999 in UTC', '9999-12-31T23:30:00-01:00', /^must lie within 0001-01-01T00:00:00.000Z/],
    ['before 0001 in UTC', '0000-01-01T00:00:00+01:00', /^has year 0000/],
    ['in year 0000 as written', '0000-06-01T00:00:00Z', /^has year 0000/],
    ['in year 0000 as written, 0001 in UTC', '0000-12-31T23:30:00-01:00', /^has year 0000/],
  ])('refuses a shipped_at that is %s with 422', async (_name, sent, msg) => {
    const { mock, target } = await start(transport);
    const before = snapshot(mock);
    const res = await postInbound(
      target,
      JSON.stringify(notification({ inbound_order_id: '4' }, sent)),
    );
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'shipped_at'], msg: expect.stringMatching(msg), type: 'datetime_parsing' },
    ]);
    expect(snapshot(mock)).toBe(before);
  });

  it('takes the first and the last instant the mock writes', async () => {
    const { mock, target } = await start(transport);
    for (const [id, sent] of [
      ['4', '0001-01-01T00:00:00Z'],
      ['5', '9999-12-31T23:59:59.999+00:00'],
    ] as const) {
      const res = await postInbound(
        target,
        JSON.stringify(notification({ inbound_order_id: id }, sent)),
      );
      expect(res.body).toEqual({ status: 'applied', order_id: id });
    }
    expect(mock.orders.get('4')?.shipped_at).toBe('0001-01-01T00:00:00.000Z');
    expect(mock.orders.get('5')?.shipped_at).toBe('9999-12-31T23:59:59.999Z');
  });

  it('answers 422, not 500, when the order can take no later updated_at', async () => {
    const { mock, target } = await start(transport);
    // Its version stands at the last instant: the next would be 1 ms past it.
    mock.orders.create({ id: 'LAST', updated_at: '9999-12-31T23:59:59.999Z' });
    const before = snapshot(mock);
    const res = await postInbound(
      target,
      JSON.stringify(notification({ inbound_order_id: 'LAST' }, '2026-06-15T09:30:00Z')),
    );
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body'], msg: expect.stringMatching(/no updated_at is left/), type: 'value_error' },
    ]);
    expect(snapshot(mock)).toBe(before);
  });
});
