// The inbound notification's `shipped_at` (specification 2.8): any ISO 8601 timestamp with an
// offset, stored in UTC; a time without an offset is 422 and writes nothing.
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
  });

  it('treats the same instant in another offset as the same notification', async () => {
    const { target } = await start(transport);
    const first = notification({ inbound_order_id: '4' }, '2026-06-15T09:30:00Z');
    const again = notification({ inbound_order_id: '4' }, '2026-06-15T12:30:00+03:00');
    expect((await postInbound(target, JSON.stringify(first))).body.status).toBe('applied');
    expect((await postInbound(target, JSON.stringify(again))).body.status).toBe('unchanged');
  });

  it('refuses a time without an offset with a message that says so', async () => {
    const { mock, target } = await start(transport);
    const before = snapshot(mock);
    const res = await postInbound(
      target,
      JSON.stringify(notification({ inbound_order_id: '4' }, '2026-06-15T09:30:00')),
    );
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        loc: ['body', 'shipped_at'],
        msg: expect.stringMatching(/^has no UTC offset: add Z or ±HH:MM/),
        type: 'datetime_parsing',
      },
    ]);
    expect(snapshot(mock)).toBe(before);
  });

  it.each(['yesterday', '2026-06-15', '2026-02-30T09:30:00Z', '2026-06-15T09:30+02'])(
    'refuses %s as not a date-time with an offset',
    async (sent) => {
      const { mock, target } = await start(transport);
      const before = snapshot(mock);
      const res = await postInbound(
        target,
        JSON.stringify(notification({ inbound_order_id: '4' }, sent)),
      );
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        {
          loc: ['body', 'shipped_at'],
          msg: 'must be an ISO 8601 date-time with Z or ±HH:MM',
          type: 'datetime_parsing',
        },
      ]);
      expect(snapshot(mock)).toBe(before);
    },
  );
});
