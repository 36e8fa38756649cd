// Fault rules through the state API and the control endpoints, in both transports: what a
// rule matches, in what order, how often (times, after), and that a bad rule is refused
// whole. What each effect answers is in fault-effects.test.ts.
import { describe, expect, it } from 'vitest';
import { createMockService, MockInputError, REQUEST_ID_HEADER } from '../../../mock/index.js';
import { TRANSPORTS, useMock } from '../../support/mock.js';

const ORDERS = '/api/v1/web-api/v1/orders';

describe('mock.faults (state API)', () => {
  it('matches rules in the order added, the first live one applying, until spent', () => {
    const mock = createMockService();
    const first = mock.faults.add({ path: `${ORDERS}*`, status: 503, times: 1 });
    const second = mock.faults.add({ method: 'get', path: ORDERS, status: 500 });
    expect(mock.faults.list().map((rule) => [rule.id, rule.method, rule.matched])).toEqual([
      [first, undefined, 0],
      [second, 'GET', 0],
    ]);
    expect(mock.faults.remove(second)).toBe(true);
    expect(mock.faults.remove(second)).toBe(false);
    mock.faults.clear();
    expect(mock.faults.list()).toEqual([]);
    // Ids keep counting across a clear: an id written down before names no later rule.
    expect(mock.faults.add({ path: ORDERS, status: 500 })).toBe('flt_3');
  });

  it.each([
    [{}, ['path']],
    [{ path: '/x' }, []],
    [{ path: 'orders', status: 503 }, ['path']],
    [{ path: '/x', status: 503, error: 'reset' }, []],
    [{ path: '/x', delayMs: -1 }, ['delayMs']],
    [{ path: '/x', error: 'explode' }, ['error']],
    [{ path: '/x', error: 'reset', body: {} }, ['body']],
    [{ path: '/x', status: 503, times: 0 }, ['times']],
    [{ path: '/x', status: 503, extra: 1 }, ['extra']],
    [{ path: '/x', status: 503, headers: { 'Bad Name': 'v' } }, ['headers', 'Bad Name']],
    [
      { path: '/x', status: 503, headers: { 'Content-Length': '5' } },
      ['headers', 'Content-Length'],
    ],
    [
      { path: '/x', status: 503, headers: { 'transfer-encoding': 'chunked' } },
      ['headers', 'transfer-encoding'],
    ],
    [{ path: '/x', status: 503, headers: { Connection: 'close' } }, ['headers', 'Connection']],
    // Over HTTP node:http threw at it (a 500), in-process it was sent.
    [{ path: '/x', status: 503, headers: { Trailer: 'X-Sum' } }, ['headers', 'Trailer']],
    // Over a plain body: msw failed to decode it, undici cut it, mock.fetch read it.
    [
      { path: '/x', status: 503, headers: { 'Content-Encoding': 'gzip' } },
      ['headers', 'Content-Encoding'],
    ],
    [{ path: '/x', status: 503, headers: { Expect: 'x' } }, ['headers', 'Expect']],
    // Neither adapter can send these: over HTTP the answer became a 500, in-process a TypeError.
    [{ path: '/x', status: 503, headers: { 'X-Note': '中' } }, ['headers', 'X-Note']],
    [{ path: '/x', status: 503, headers: { 'X-Note': 'a\u0000b' } }, ['headers', 'X-Note']],
    [
      { path: '/x', status: 503, headers: { 'X-Request-Id': 'req_fake' } },
      ['headers', 'X-Request-Id'],
    ],
    [{ path: `${ORDERS}?limit=1`, status: 503 }, ['path']],
    [{ path: '/api/*/orders', status: 503 }, ['path']],
    [{ method: 'FETCH', path: ORDERS, status: 503 }, ['method']],
  ])('refuses %j with a MockInputError and adds nothing', (rule, loc) => {
    const mock = createMockService();
    let thrown: unknown;
    try {
      mock.faults.add(rule as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MockInputError);
    expect((thrown as MockInputError).issues.map((issue) => issue.loc)).toContainEqual(loc);
    expect(mock.faults.list()).toEqual([]);
  });

  it.each([
    ['/orders*', 'relative to the base URL'],
    ['/api/v1/web-api/v1/ordrs', 'a misspelt endpoint'],
    ['/__mock/*', 'the control endpoints'],
    ['/__mock', 'the control root'],
    ['/__mock*', 'a prefix of the control endpoints only'],
    ['/_*', 'a prefix that only the control endpoints start with'],
  ])('refuses %s (%s), which no request the service answers can match', (path) => {
    const mock = createMockService();
    let thrown: unknown;
    try {
      mock.faults.add({ path, status: 503 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MockInputError);
    expect((thrown as MockInputError).issues).toEqual([
      expect.objectContaining({
        loc: ['path'],
        msg: expect.stringMatching(/^matches no endpoint/),
      }),
    ]);
    expect(mock.faults.list()).toEqual([]);
  });

  it.each([
    '/*',
    '/api*',
    '/api/v1/web-api/v1/orders/',
    '/api/v1/web-api/v1/orders/42',
    '/api/v1/web-api/v1/orders/42/items',
    '/api/v1/web-api/v1/orders/4*',
    '/api/v1/webhooks/wms/fulfillment',
  ])('takes %s, a path some request can have', (path) => {
    const mock = createMockService();
    expect(mock.faults.add({ path, status: 503 })).toMatch(/^flt_/);
  });

  it('takes rules from options.faults, restored by reset(), and names a bad one', () => {
    const mock = createMockService({ faults: [{ path: `${ORDERS}*`, status: 503, times: 1 }] });
    mock.faults.clear();
    mock.faults.add({ path: '/api/v1/web-api/v1/products', status: 500 });
    mock.reset();
    expect(mock.faults.list()).toMatchObject([
      { id: 'flt_1', path: `${ORDERS}*`, status: 503, times: 1 },
    ]);
    expect(() => createMockService({ faults: [{ path: '/x', status: 99 }] })).toThrow(
      'createMockService: options.faults[0].status must be an HTTP status from 200 to 599',
    );
  });
});

describe.each(TRANSPORTS)('fault rules over the wire (%s)', (transport) => {
  const { start } = useMock(transport);

  it('lets the first matching requests through with after, then applies', async () => {
    const target = await start({ orders: 5 });
    target.mock.faults.add({ path: `${ORDERS}*`, after: 2, times: 1, status: 503 });
    const statuses = [];
    for (let page = 0; page < 4; page++) {
      statuses.push((await target.call(`/orders?limit=1&offset=${page}`)).status);
    }
    expect(statuses).toEqual([200, 200, 503, 200]);
    expect(target.mock.requests.map((entry) => entry.fault?.effect ?? null)).toEqual([
      null,
      null,
      'status',
      null,
    ]);
    expect(target.mock.faults.list()).toEqual([]);
    // An exact pattern is read without its trailing slash. A request with one is redirected
    // by the router, not faulted: the rule applies once, to the request the redirect leads to.
    target.mock.faults.add({ path: `${ORDERS}/`, times: 1, status: 503 });
    expect((await target.call('/orders/')).status).toBe(503);
    expect(target.mock.requests.slice(-2).map((entry) => [entry.path, entry.status])).toEqual([
      [`${ORDERS}/`, 307],
      [ORDERS, 503],
    ]);
    expect((await target.call('/orders')).status).toBe(200);
  });

  // `after` counts the requests that got their normal answer: not one another rule faulted
  // (the 500 waits for a request let through), but one only delayed ("slow the first page,
  // fail the second").
  it.each([
    ['faulted is not counted', { status: 503 }, [503, 200, 500], false],
    ['only delayed is counted', { delayMs: 1 }, [200, 500], false],
    ['added before it only delayed is counted', { delayMs: 1 }, [200, 500], true],
  ])('after: a request another rule %s', async (_, effect, expected, otherFirst) => {
    const target = await start({ orders: 5 });
    const other = () => target.mock.faults.add({ path: ORDERS, times: 1, ...effect });
    if (otherFirst) other();
    target.mock.faults.add({ path: ORDERS, after: 1, times: 1, status: 500 });
    if (!otherFirst) other();
    const statuses = [];
    for (let attempt = 0; attempt < expected.length; attempt++) {
      statuses.push((await target.call('/orders?limit=1')).status);
    }
    expect(statuses).toEqual(expected);
  });

  it('lists, removes one and clears rules; an unknown id is 404', async () => {
    const target = await start();
    const control = `${target.hostUrl}/__mock/faults`;
    const a = await target.call(control, { method: 'POST', body: { path: ORDERS, status: 500 } });
    await target.call(control, { method: 'POST', body: { path: '/api*', error: 'reset' } });
    const listed = await target.call(control);
    expect(listed.body.items.map((rule: { path: string }) => rule.path)).toEqual([ORDERS, '/api*']);
    const removed = await target.call(`${control}/${a.body.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await target.call(`${control}/${a.body.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await target.call(control, { method: 'DELETE' })).status).toBe(200);
    expect((await target.call(control)).body).toEqual({ items: [] });
  });

  it('refuses a bad rule with 422 and a detail list, adding nothing', async () => {
    const target = await start();
    const control = `${target.hostUrl}/__mock/faults`;
    const refused = await target.call(control, {
      method: 'POST',
      body: { path: 'orders', status: 99, error: 'reset' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual([
      ['body', 'path'],
      ['body', 'status'],
      ['body'],
    ]);
    const notJson = await target.call(control, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(422);
    expect((await target.call(control)).body).toEqual({ items: [] });
  });

  // node:http would send a rule's framing beside a body framed otherwise (bytes left on a
  // kept-alive connection, or both Content-Length and Transfer-Encoding), while fetch
  // in-process frames the body itself: such a rule could not act the same on both transports.
  it('refuses a header the mock writes itself with 422 naming it, adding nothing', async () => {
    const target = await start();
    const control = `${target.hostUrl}/__mock/faults`;
    const refused = await target.call(control, {
      method: 'POST',
      body: {
        path: ORDERS,
        status: 503,
        headers: { 'Retry-After': '2', 'Content-Length': '5', 'Transfer-Encoding': 'chunked' },
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      {
        loc: ['body', 'headers', 'Content-Length'],
        msg: expect.stringMatching(/^Content-Length frames the answer, .*truncate/),
        type: 'value_error',
      },
      {
        loc: ['body', 'headers', 'Transfer-Encoding'],
        msg: expect.stringMatching(/^Transfer-Encoding frames the answer/),
        type: 'value_error',
      },
    ]);
    expect((await target.call(control)).body).toEqual({ items: [] });
    expect((await target.call('/orders?limit=1')).status).toBe(200);
  });

  // Each would answer differently by transport: node:http refuses a Trailer beside a length
  // (a 500), each client fails its own way to decode a plain body said to be gzip, and an
  // Expect makes node:http send the head apart, as UTF-8.
  it('refuses Trailer, Content-Encoding and Expect with 422 naming each, adding nothing', async () => {
    const target = await start();
    const control = `${target.hostUrl}/__mock/faults`;
    const headers = { Trailer: 'X-Sum', 'Content-Encoding': 'gzip', Expect: 'x' };
    const refused = await target.call(control, {
      method: 'POST',
      body: { path: `${ORDERS}*`, status: 503, headers },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual(
      Object.keys(headers).map((name) => ['body', 'headers', name]),
    );
    expect((await target.call(control)).body).toEqual({ items: [] });
    expect((await target.call('/orders?limit=1')).status).toBe(200);
  });

  // Reset brings the startup rules back under the ids they had (a script that wrote down
  // flt_1 can still remove it), while request ids keep counting: they stay unique.
  it('numbers the startup rules from flt_1 again after POST /__mock/reset, not the request ids', async () => {
    const target = await start({
      orders: 1,
      faults: [
        { path: `${ORDERS}/*`, status: 503 },
        { path: ORDERS, status: 500, after: 1 },
      ],
    });
    const control = `${target.hostUrl}/__mock`;
    await target.call(`${control}/faults`, { method: 'POST', body: { path: '/api*', delayMs: 1 } });
    const before = await target.call('/orders?limit=1');
    expect((await target.call(`${control}/reset`, { method: 'POST' })).status).toBe(200);
    const listed = await target.call(`${control}/faults`);
    expect(listed.body.items.map((rule: { id: string }) => rule.id)).toEqual(['flt_1', 'flt_2']);
    expect(target.mock.faults.list().map((rule) => rule.id)).toEqual(['flt_1', 'flt_2']);
    const removed = await target.call(`${control}/faults/flt_1`, { method: 'DELETE' });
    expect(removed).toMatchObject({ status: 200, body: { id: 'flt_1', status: 'removed' } });
    expect(target.mock.faults.list()).toMatchObject([{ id: 'flt_2', path: ORDERS, status: 500 }]);
    expect(target.mock.faults.add({ path: ORDERS, status: 502 })).toBe('flt_3');
    const after = await target.call('/orders?limit=1');
    const number = (answer: typeof before) =>
      Number(answer.headers.get(REQUEST_ID_HEADER)?.slice('req_'.length));
    expect(number(after)).toBeGreaterThan(number(before));
    expect(target.mock.requests.map((entry) => entry.id)).toEqual([number(after)]);
  });

  it('never faults the control endpoints, and names every answer with X-Request-Id', async () => {
    const target = await start();
    target.mock.faults.add({ path: '/*', error: 'reset' });
    const clock = await target.call(`${target.hostUrl}/__mock/clock`);
    expect(clock.status).toBe(200);
    expect(clock.headers.get(REQUEST_ID_HEADER)).toMatch(/^req_\d+$/);
    target.mock.faults.clear();
    const api = await target.call('/orders?limit=1');
    const id = api.headers.get(REQUEST_ID_HEADER);
    expect(target.mock.requests.at(-1)?.requestId).toBe(id);
    expect(id).not.toBe(clock.headers.get(REQUEST_ID_HEADER));
  });
});
