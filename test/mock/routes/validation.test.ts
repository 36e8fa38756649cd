// Every invalid input the issue lists answers 422 with a FastAPI-style detail list.
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock/index.js';
import { NOW, postInbound } from '../../support/inbound.js';
import { reach, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

describe.each(TRANSPORTS)('422 (%s)', (transport) => {
  it.each([
    ['limit=abc', 'limit', 'int_parsing'],
    ['limit=1.5', 'limit', 'int_parsing'],
    ['limit=', 'limit', 'int_parsing'],
    ['limit=0', 'limit', 'greater_than_equal'],
    ['limit=-3', 'limit', 'greater_than_equal'],
    ['limit=201', 'limit', 'less_than_equal'],
    ['offset=-1', 'offset', 'greater_than_equal'],
    ['offset=x', 'offset', 'int_parsing'],
    ['since=2026-01-01&since_id=5', 'since', 'datetime_parsing'],
    ['since=2026-01-01T00:00:00&since_id=5', 'since', 'datetime_parsing'],
    ['since=yesterday&since_id=5', 'since', 'datetime_parsing'],
    ['since=2026-01-01T00:00:00Z', 'since_id', 'value_error'],
    ['since_id=5', 'since_id', 'value_error'],
    ['since=2026-01-01T00:00:00Z&since_id=', 'since_id', 'string_too_short'],
    ['since=2026-01-01T00:00:00Z&since_id=5&limit=500', 'limit', 'less_than_equal'],
  ])('GET /orders?%s → 422 on %s', async (query, field, type) => {
    const target = await reach(server, createMockService(), transport);
    const res = await target.call(`/orders?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual({
      loc: ['query', field],
      msg: expect.any(String),
      type,
    });
  });

  it('words each failure as pydantic does, for a client that matches on msg', async () => {
    const target = await reach(server, createMockService(), transport);
    const msg = async (query: string) => (await target.call(`/orders?${query}`)).body.detail[0].msg;
    expect(await msg('limit=201')).toBe('Input should be less than or equal to 200');
    expect(await msg('offset=-1')).toBe('Input should be greater than or equal to 0');
    expect(await msg('since=2026-01-01T00:00:00Z&since_id=')).toBe(
      'String should have at least 1 character',
    );
    const webhook = await target.call('/webhooks', { method: 'POST', body: { url: 5 } });
    expect(webhook.body.detail).toEqual([
      { loc: ['body', 'url'], msg: 'Input should be a valid string', type: 'string_type' },
      { loc: ['body', 'events'], msg: 'Field required', type: 'missing' },
    ]);
  });

  it('accepts a since with a numeric offset, URL-encoded', async () => {
    const target = await reach(server, createMockService(), transport);
    const since = encodeURIComponent('2026-01-01T03:00:00+03:00');
    expect((await target.call(`/orders?since=${since}&since_id=0`)).status).toBe(200);
  });

  it.each([
    [
      'written in year 0000, which a Python service refuses',
      '0000-01-01T00:00:00Z',
      /^has year 0000/,
    ],
    ['past 9999 in UTC', '9999-12-31T23:30:00-01:00', /^must lie within 0001-01-01T00:00:00.000Z/],
    [
      'before 0001 in UTC',
      '0001-01-01T00:30:00+01:00',
      /^must lie within 0001-01-01T00:00:00.000Z/,
    ],
  ])('refuses a since %s with 422', async (_name, since, msg) => {
    const target = await reach(server, createMockService(), transport);
    const res = await target.call(`/orders?since=${encodeURIComponent(since)}&since_id=0`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['query', 'since'], msg: expect.stringMatching(msg), type: 'datetime_parsing' },
    ]);
  });

  it('takes a since at the first and at the last instant the mock writes', async () => {
    const target = await reach(server, createMockService(), transport);
    for (const since of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z']) {
      expect((await target.call(`/orders?since=${since}&since_id=0`)).status).toBe(200);
    }
  });

  it('says a + sent raw in since arrives as a space, and to send it as %2B', async () => {
    const target = await reach(server, createMockService(), transport);
    const msg = async (since: string) =>
      (await target.call(`/orders?since=${since}&since_id=1`)).body.detail[0].msg;
    for (const raw of ['2026-01-01T00:00:00+00:00', '2026-01-01T10:00:00.123456+02:00']) {
      expect(await msg(raw)).toMatch(
        /^must be an ISO 8601 date-time with Z or ±HH:MM; .*a \+ in a query string reads as a space.*%2B$/,
      );
    }
    // Python's str(datetime) sent raw: a space apart from the time, and one for the sign.
    expect(await msg('2026-01-01%2000:00:00+00:00')).toMatch(/%2B$/);
    // Only where the offset's sign would be: other mistakes keep the plain message.
    for (const other of ['yesterday', '2026-01-01%2000:00:00%2000']) {
      expect(await msg(other)).toBe('must be an ISO 8601 date-time with Z or ±HH:MM');
    }
    expect(await msg('2026-01-01T00:00:00')).toMatch(/^has no UTC offset/);
    const encoded = await target.call('/orders?since=2026-01-01T00:00:00%2B00:00&since_id=1');
    expect(encoded.status).toBe(200);
  });

  it('reads an offset of any length, as a Python int, and bounds it at the safe integers the SDK sends within', async () => {
    const target = await reach(server, createMockService(), transport);
    // 10^15 has 16 digits, within the safe integers the SDK sends: an empty page past the end.
    const far = await target.call('/orders?offset=1000000000000000');
    expect(far.status).toBe(200);
    expect(far.body.items).toEqual([]);
    expect(far.body.total).toBeGreaterThan(0);
    for (const digits of ['90071992547409920', '9'.repeat(400)]) {
      const beyond = await target.call(`/orders?offset=${digits}`);
      expect(beyond.status).toBe(422);
      expect(beyond.body.detail).toEqual([
        {
          loc: ['query', 'offset'],
          msg: 'Input should be less than or equal to 9007199254740991',
          type: 'less_than_equal',
        },
      ]);
    }
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page_size=201', 'page_size'],
    ['page_size=0', 'page_size'],
  ])('GET /products?%s → 422', async (query, field) => {
    const target = await reach(server, createMockService(), transport);
    const res = await target.call(`/products?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', field]);
  });

  it.each([
    ['a relative url', { url: '/hooks', events: ['order.created'] }, ['body', 'url']],
    ['a non-http url', { url: 'ftp://example.com/x', events: ['order.created'] }, ['body', 'url']],
    ['no url', { events: ['order.created'] }, ['body', 'url']],
    ['empty events', { url: 'https://example.com/x', events: [] }, ['body', 'events']],
    [
      'an unknown event',
      { url: 'https://example.com/x', events: ['order.deleted'] },
      ['body', 'events', 0],
    ],
    [
      'events not a list',
      { url: 'https://example.com/x', events: 'order.created' },
      ['body', 'events'],
    ],
    ['a list body', [], ['body']],
  ])('POST /webhooks with %s → 422', async (_name, body, loc) => {
    const mock = createMockService();
    const target = await reach(server, mock, transport);
    const res = await target.call('/webhooks', { method: 'POST', body });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(loc);
    expect(mock.subscriptions).toEqual([]);
  });

  // pydantic names a field left out `missing`, whatever it should have been: a literal, a
  // datetime in its own format.
  it('reports a field left out as missing, in a body and in a control call', async () => {
    const mock = createMockService({ orders: 3 });
    mock.clock.set(NOW);
    const target = await reach(server, mock, transport);
    const missing = (field: string) => ({
      loc: ['body', field],
      msg: 'Field required',
      type: 'missing',
    });
    const body = { inbound_order_id: '1', status: 'shipped', shipped_at: '2026-06-15T09:30:00Z' };
    const inbound = await postInbound(target, JSON.stringify(body));
    expect([inbound.status, inbound.body.detail]).toEqual([422, [missing('olay')]]);
    const clock = await target.call(`${target.hostUrl}/__mock/clock`, { method: 'PUT', body: {} });
    expect([clock.status, clock.body.detail]).toEqual([422, [missing('now')]]);
    expect(mock.clock.now().toISOString()).toBe(NOW);
  });

  it('POST /webhooks with invalid JSON → 422 json_invalid', async () => {
    const target = await reach(server, createMockService(), transport);
    const res = await target.call('/webhooks', { method: 'POST', body: '{"url":' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
  });
});
