// A parcel's `shipped_at` is checked and stored as an order's timestamps are: an ISO 8601
// date-time with an offset, stored in UTC with milliseconds; anything else is 422 and leaves
// the order as it was. Through the state API and the control endpoints, in both transports.
import { describe, expect, it } from 'vitest';
import { createMockService, MockInputError } from '../../../mock/index.js';
import { TRANSPORTS, useMock } from '../../support/mock.js';

const parcel = (shipped_at: string | null) => ({
  id: 'shp_1',
  carrier: 'Aras',
  tracking_number: 'TRK-1',
  tracking_url: null,
  shipped_at,
});

describe('a parcel’s shipped_at (state API)', () => {
  it('is refused without an offset, and stored in UTC with milliseconds with one', () => {
    const mock = createMockService({ orders: 0 });
    expect(() => mock.orders.create({ id: 'A', shipments: [parcel('yesterday')] })).toThrow(
      MockInputError,
    );
    expect(mock.orders.all()).toEqual([]);
    const order = mock.orders.create({
      id: 'A',
      shipments: [parcel('2026-06-15T11:30:00.123456+02:00'), parcel(null)],
    });
    expect(order.shipments.map((shipment) => shipment.shipped_at)).toEqual([
      '2026-06-15T09:30:00.123Z',
      null,
    ]);
  });
});

describe.each(TRANSPORTS)('a parcel’s shipped_at over the wire (%s)', (transport) => {
  const { start } = useMock(transport);

  it.each([
    ['text that is no date-time', 'yesterday', /^must be an ISO 8601 date-time/],
    ['a local time', '2026-06-15T11:30:00', /^has no UTC offset/],
    ['a number', 1_750_000_000, /string/],
  ])('refuses %s with 422, the order unchanged', async (_, shippedAt, msg) => {
    const target = await start({ orders: 3 });
    const at = `${target.hostUrl}/__mock/orders/2`;
    const before = (await target.call(at)).body;
    const patched = await target.call(at, {
      method: 'PATCH',
      body: { shipments: [{ ...parcel(null), shipped_at: shippedAt }] },
    });
    expect(patched.status).toBe(422);
    expect(patched.body.detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'shipments', 0, 'shipped_at'],
        msg: expect.stringMatching(msg),
      }),
    ]);
    expect((await target.call(at)).body).toEqual(before);
    expect(target.mock.orders.get('2')).toEqual(before);
  });

  it('stores and serves one with any offset in UTC with milliseconds', async () => {
    const target = await start({ orders: 3 });
    const patched = await target.call(`${target.hostUrl}/__mock/orders/2`, {
      method: 'PATCH',
      body: { shipments: [parcel('2026-06-15T11:30:00.123456+02:00')] },
    });
    expect(patched.status).toBe(200);
    const stored = { ...parcel('2026-06-15T09:30:00.123Z') };
    expect(patched.body.shipments).toEqual([stored]);
    expect((await target.call('/orders/2')).body.shipments).toEqual([stored]);
    expect(target.mock.orders.get('2')?.shipments).toEqual([stored]);
  });
});
