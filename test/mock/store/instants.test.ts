// Every timestamp the mock takes into a record stays within 0001-01-01T00:00:00.000Z to
// 9999-12-31T23:59:59.999Z in UTC, as the clock does: one past it would be stored in
// `+010000-...` form and served as a `next_since` the mock itself refuses, and the write
// stamps would keep every later write there. A refused value is 422 (MockInputError in
// TypeScript) and changes nothing.
import { describe, expect, it } from 'vitest';
import { createMockService, MockInputError } from '../../../mock/index.js';
import { readDateTime } from '../../../mock/store/instants.js';
import { TRANSPORTS, useMock } from '../../support/mock.js';

const PAST_9999_IN_UTC = '9999-12-31T23:30:00-01:00';
const BEFORE_0001_IN_UTC = '0001-01-01T00:30:00+01:00';
const YEAR_0 = '0000-06-01T00:00:00Z';

const parcel = (shipped_at: string) => ({ id: 'p1', carrier: 'UPS', shipped_at });

// The MockInputError a call threw, or undefined.
function refusal(call: () => unknown): MockInputError | undefined {
  try {
    call();
  } catch (error) {
    if (error instanceof MockInputError) return error;
    throw error;
  }
  return undefined;
}

describe('record timestamps (state API)', () => {
  it.each([
    ['updated_at', PAST_9999_IN_UTC],
    ['order_date', BEFORE_0001_IN_UTC],
    ['created_at', YEAR_0],
    ['shipped_at', '0000-12-31T23:30:00-01:00'],
  ])('refuses an order whose %s is %s, storing nothing', (field, value) => {
    const mock = createMockService({ orders: 2 });
    const error = refusal(() => mock.orders.create({ [field]: value }));
    expect(error?.issues).toEqual([
      { loc: [field], msg: expect.stringMatching(/0001|year 0000/), type: 'datetime_parsing' },
    ]);
    expect(mock.orders.all()).toHaveLength(2);
  });

  it("refuses a parcel's shipped_at past 9999 in UTC, and an initial record's", () => {
    const mock = createMockService({ orders: 2 });
    const before = JSON.stringify(mock.orders.all());
    const error = refusal(() => mock.orders.update('1', { shipments: [parcel(PAST_9999_IN_UTC)] }));
    expect(error?.issues[0]?.loc).toEqual(['shipments', 0, 'shipped_at']);
    expect(JSON.stringify(mock.orders.all())).toBe(before);
    expect(() => createMockService({ orders: [{ updated_at: PAST_9999_IN_UTC }] })).toThrow(
      /orders\[0\].*updated_at/,
    );
  });

  it('takes the first and the last instant, in any offset that names them', () => {
    const mock = createMockService({ orders: 0 });
    const first = mock.orders.create({ updated_at: '0001-01-01T01:00:00+01:00' });
    const last = mock.orders.create({
      updated_at: '9999-12-31T22:59:59.999-01:00',
      shipments: [parcel('9999-12-31T23:59:59.999Z')],
    });
    expect(first.updated_at).toBe('0001-01-01T00:00:00.000Z');
    expect(last.updated_at).toBe('9999-12-31T23:59:59.999Z');
    expect(last.shipments[0]?.shipped_at).toBe('9999-12-31T23:59:59.999Z');
  });

  it('refuses a write that no updated_at within the years is left for, changing nothing', () => {
    const mock = createMockService({ orders: 1 });
    mock.clock.set('9999-12-31T23:59:59.999Z');
    mock.orders.update('1', { status: 'Processing' });
    const before = JSON.stringify(mock.orders.get('1'));
    // The version replaced holds the last instant: the next one would be 1 ms past it.
    const error = refusal(() => mock.orders.update('1', { status: 'Delivered' }));
    expect(error?.message).toMatch(/no updated_at is left/);
    expect(JSON.stringify(mock.orders.get('1'))).toBe(before);
  });
});

describe.each(TRANSPORTS)('record timestamps over the control endpoints (%s)', (transport) => {
  const { start } = useMock(transport);

  it('refuses an order past 9999 in UTC with 422, and every cursor served stays resumable', async () => {
    const target = await start({ orders: 3 });
    const control = `${target.hostUrl}/__mock/orders`;
    const refused = await target.call(control, {
      method: 'POST',
      body: { id: 'Y10K', updated_at: PAST_9999_IN_UTC },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      {
        loc: ['body', 'updated_at'],
        msg: expect.stringMatching(/^must lie within 0001-01-01T00:00:00.000Z to 9999-12-31/),
        type: 'datetime_parsing',
      },
    ]);
    expect((await target.call(`${control}/Y10K`)).status).toBe(404);
    expect(target.mock.orders.all()).toHaveLength(3);
    // A write after it is stamped at the clock, and the cursor it is served under resumes.
    expect((await target.call(`${control}/2`, { method: 'PATCH', body: {} })).status).toBe(200);
    const page = await target.call('/orders?since=1970-01-01T00:00:00Z&since_id=0');
    expect(page.body.next_since).toMatch(/^\d{4}-/);
    const { next_since: since, next_since_id: sinceId } = page.body;
    const resumed = await target.call(
      `/orders?since=${encodeURIComponent(since)}&since_id=${sinceId}`,
    );
    expect(resumed).toMatchObject({ status: 200, body: { items: [], has_more: false } });
  });

  it("refuses a parcel's shipped_at before 0001 in UTC with 422, the order unchanged", async () => {
    const target = await start({ orders: 3 });
    const at = `${target.hostUrl}/__mock/orders/2`;
    const before = (await target.call(at)).body;
    const patched = await target.call(at, {
      method: 'PATCH',
      body: { shipments: [parcel(BEFORE_0001_IN_UTC)] },
    });
    expect(patched.status).toBe(422);
    expect(patched.body.detail[0]).toMatchObject({
      loc: ['body', 'shipments', 0, 'shipped_at'],
      type: 'datetime_parsing',
    });
    expect((await target.call(at)).body).toEqual(before);
  });

  it('answers 422 to a write no updated_at is left for, the order unchanged', async () => {
    const target = await start({ orders: 2 });
    const control = `${target.hostUrl}/__mock`;
    await target.call(`${control}/clock`, {
      method: 'PUT',
      body: { now: '9999-12-31T23:59:59.999Z' },
    });
    expect((await target.call(`${control}/orders/1`, { method: 'PATCH', body: {} })).status).toBe(
      200,
    );
    const before = target.mock.orders.get('1');
    const again = await target.call(`${control}/orders/1`, { method: 'PATCH', body: {} });
    expect(again.status).toBe(422);
    expect(again.body.detail[0].msg).toMatch(/no updated_at is left/);
    expect(target.mock.orders.get('1')).toEqual(before);
  });
});

// The spellings pydantic v2 reads into a datetime (speedate's grammar), which a FastAPI service
// takes for `since` and the inbound `shipped_at`: the mock takes each, and refuses the rest.
describe('readDateTime', () => {
  const utc = (value: string) => {
    const ms = readDateTime(value)?.ms;
    return ms === undefined ? ms : new Date(ms).toISOString();
  };

  it.each([
    ['Z', '2026-01-01T10:00:00Z', '2026-01-01T10:00:00.000Z'],
    ["Python's str(datetime)", '2026-01-01 10:00:00+00:00', '2026-01-01T10:00:00.000Z'],
    ['lower-case t and z', '2026-01-01t10:00:00z', '2026-01-01T10:00:00.000Z'],
    ['an underscore apart', '2026-01-01_10:00:00Z', '2026-01-01T10:00:00.000Z'],
    ['an offset without its colon', '2026-01-01T12:00:00+0200', '2026-01-01T10:00:00.000Z'],
    ['no seconds', '2026-01-01T10:00Z', '2026-01-01T10:00:00.000Z'],
    ['no seconds, an offset', '2026-01-01T15:30+05:30', '2026-01-01T10:00:00.000Z'],
    ['a comma before the fraction', '2026-01-01T10:00:00,5Z', '2026-01-01T10:00:00.500Z'],
    ['a fraction past 6 digits', '2026-01-01T10:00:00.1239999Z', '2026-01-01T10:00:00.123Z'],
    ['the minus sign U+2212', '2026-01-01T09:00:00\u221201:00', '2026-01-01T10:00:00.000Z'],
    ['an offset just under a day', '2026-01-02T09:59:00+23:59', '2026-01-01T10:00:00.000Z'],
    ['a year below 100', '0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
    ['29 February of a leap year', '2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('reads %s as the instant it names', (_name, value, instant) => {
    expect(utc(value)).toBe(instant);
  });

  it('reads a time without an offset as one that names no instant', () => {
    expect(readDateTime('2026-01-01 10:00:00')).toEqual({ ms: undefined });
    expect(readDateTime('2026-01-01T10:00')).toEqual({ ms: undefined });
  });

  it.each([
    'yesterday',
    '2026-01-01',
    '2026-01-01T10Z',
    '2026-01-01T10:00:00+02',
    '2026-01-01T10:00:00.Z',
    '2026-01-01T10:00:00 Z',
    '2026-01-01/10:00:00Z',
    '2026-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60:00Z',
    '2026-01-01T10:00:60Z',
    '2026-01-01T10:00:00+24:00',
    '2026-01-01T10:00:00+01:60',
    '26-01-01T10:00:00Z',
    '1767261600',
  ])('refuses %s, as pydantic does or for want of a written offset', (value) => {
    expect(readDateTime(value)).toBeUndefined();
  });
});
