// The control endpoints refuse input they do not read (422 extra_forbidden) and change
// nothing: ignored, `DELETE /__mock/requests?path=...` emptied the whole journal,
// `DELETE /__mock/faults?id=flt_1` removed every rule, `POST /__mock/reset?dry_run=1` reset.
import { describe, expect, it } from 'vitest';
import { createMockService, type MockServiceOptions } from '../../../mock/index.js';
import { type CallOptions, reach, send, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

const ORDERS = '/api/v1/web-api/v1/orders';

describe.each(TRANSPORTS)('control endpoints refuse what they do not read (%s)', (transport) => {
  async function control(options: MockServiceOptions = {}) {
    const mock = createMockService(options);
    const target = await reach(server, mock, transport);
    const call = (method: string, path: string, options: CallOptions = {}) =>
      send(`${target.hostUrl}/__mock${path}`, { ...options, method, key: null });
    return { mock, target, call };
  }

  it('DELETE /__mock/requests with a filter or a body: 422, the journal kept', async () => {
    const { mock, target, call } = await control({ orders: 3, products: 2 });
    await target.call('/orders');
    await target.call('/products');
    const journal = mock.requests.map(({ id }) => id);
    expect(journal).toHaveLength(2);
    const filtered = await call('DELETE', '/requests?path=/api/v1/web-api/v1/products');
    expect(filtered.status).toBe(422);
    expect(filtered.body).toEqual({
      detail: [
        {
          loc: ['query', 'path'],
          msg:
            'is not a parameter; DELETE /__mock/requests takes no query or body and empties the ' +
            'whole journal; nothing empties part of it, but GET /__mock/requests filters it',
          type: 'extra_forbidden',
        },
      ],
    });
    const body = await call('DELETE', '/requests?limit=1', { body: { method: 'GET' } });
    expect(body.status).toBe(422);
    expect(body.body.detail.map(({ loc }: { loc: unknown }) => loc)).toEqual([
      ['query', 'limit'],
      ['body', 'method'],
    ]);
    expect(body.body.detail[1].msg).toMatch(/^is not a field; DELETE \/__mock\/requests takes/);
    expect(mock.requests.map(({ id }) => id)).toEqual(journal);
    expect((await call('GET', '/requests')).body.items).toHaveLength(2);
    // None, blanks and {} are no input: the journal is emptied.
    for (const sent of [{}, { body: ' \n' }, { body: {} }]) {
      await target.call('/orders');
      expect((await call('DELETE', '/requests', sent)).body).toEqual({ status: 'cleared' });
      expect(mock.requests).toEqual([]);
    }
  });

  it('DELETE /__mock/faults with an id in the query or body: 422 naming /faults/{id}, every rule kept', async () => {
    const { mock, call } = await control();
    for (const status of [500, 502, 503]) {
      await call('POST', '/faults', { body: { path: `${ORDERS}*`, status } });
    }
    const rules = (await call('GET', '/faults')).body.items;
    expect(rules.map(({ id }: { id: string }) => id)).toEqual(['flt_1', 'flt_2', 'flt_3']);
    const why =
      'DELETE /__mock/faults takes no query or body and removes every rule; ' +
      'DELETE /__mock/faults/{id} removes one (its id from GET /__mock/faults)';
    const query = await call('DELETE', '/faults?id=flt_1');
    expect(query.status).toBe(422);
    expect(query.body).toEqual({
      detail: [
        { loc: ['query', 'id'], msg: `is not a parameter; ${why}`, type: 'extra_forbidden' },
      ],
    });
    const body = await call('DELETE', '/faults', { body: { id: 'flt_3' } });
    expect(body.status).toBe(422);
    expect(body.body).toEqual({
      detail: [{ loc: ['body', 'id'], msg: `is not a field; ${why}`, type: 'extra_forbidden' }],
    });
    const list = await call('DELETE', '/faults', { body: '["flt_3"]' });
    expect(list.status).toBe(422);
    expect(list.body).toEqual({
      detail: [{ loc: ['body'], msg: `must be empty or {}; ${why}`, type: 'extra_forbidden' }],
    });
    expect((await call('GET', '/faults')).body.items).toEqual(rules);
    expect(mock.faults.list()).toEqual(rules);
    expect((await call('DELETE', '/faults/flt_3')).body).toEqual({
      id: 'flt_3',
      status: 'removed',
    });
    expect((await call('DELETE', '/faults', { body: {} })).body).toEqual({ status: 'cleared' });
    expect(mock.faults.list()).toEqual([]);
  });

  // Ignored, a body made these run in full: `{"only_if": "never"}` still removed the rule.
  it('DELETE /__mock/faults/{id} with a query or a body: 422, the rule kept', async () => {
    const { mock, call } = await control();
    await call('POST', '/faults', { body: { path: ORDERS, status: 503 } });
    const rules = mock.faults.list();
    const why =
      'DELETE /__mock/faults/{fault_id} takes no query or body and removes the one rule its ' +
      'path names';
    const body = await call('DELETE', '/faults/flt_1', { body: { only_if: 'never' } });
    expect(body.status).toBe(422);
    expect(body.body).toEqual({
      detail: [
        { loc: ['body', 'only_if'], msg: `is not a field; ${why}`, type: 'extra_forbidden' },
      ],
    });
    const both = await call('DELETE', '/faults/flt_1?dry_run=1', { body: 'flt_1' });
    expect(both.status).toBe(422);
    expect(both.body.detail).toEqual([
      { loc: ['query', 'dry_run'], msg: `is not a parameter; ${why}`, type: 'extra_forbidden' },
      { loc: ['body'], msg: `must be empty or {}; ${why}`, type: 'extra_forbidden' },
    ]);
    expect(mock.faults.list()).toEqual(rules);
    expect((await call('DELETE', '/faults/flt_1', { body: {} })).body).toEqual({
      id: 'flt_1',
      status: 'removed',
    });
    expect(mock.faults.list()).toEqual([]);
  });

  it('POST /__mock/deliveries/flush with a body: 422 before the wait, with the query’s issues', async () => {
    const { call } = await control();
    const why =
      'POST /__mock/deliveries/flush takes no body (only ?limit=) and waits for every pending ' +
      'delivery';
    const body = await call('POST', '/deliveries/flush', { body: { timeoutMs: 1 } });
    expect(body.status).toBe(422);
    expect(body.body).toEqual({
      detail: [
        { loc: ['body', 'timeoutMs'], msg: `is not a field; ${why}`, type: 'extra_forbidden' },
      ],
    });
    const both = await call('POST', '/deliveries/flush?limit=0', { body: '[1]' });
    expect(both.body.detail.map(({ loc }: { loc: unknown }) => loc)).toEqual([
      ['query', 'limit'],
      ['body'],
    ]);
    for (const sent of [{}, { body: ' ' }, { body: {} }]) {
      expect((await call('POST', '/deliveries/flush?limit=1', sent)).body).toEqual({ items: [] });
    }
  });

  it('POST /__mock/reset with a query or a text body: 422, nothing reset', async () => {
    const { mock, target, call } = await control({ orders: 3 });
    await call('PUT', '/clock', { body: { now: '2027-01-01T00:00:00Z' } });
    await call('POST', '/orders', { body: { id: 'KEEP-1' } });
    await call('POST', '/faults', { body: { path: `${ORDERS}/1`, status: 503 } });
    await target.call('/orders');
    const state = () =>
      JSON.stringify([mock.orders.all(), mock.clock.now(), mock.faults.list(), mock.requests]);
    const before = state();
    const dryRun = await call('POST', '/reset?dry_run=1');
    expect(dryRun.status).toBe(422);
    expect(dryRun.body).toEqual({
      detail: [
        {
          loc: ['query', 'dry_run'],
          msg: 'is not a parameter; POST /__mock/reset takes no query or body and always resets everything',
          type: 'extra_forbidden',
        },
      ],
    });
    const text = await call('POST', '/reset', {
      body: 'dry_run',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(422);
    expect(text.body.detail).toEqual([
      {
        loc: ['body'],
        msg: 'must be empty or {}; POST /__mock/reset takes no query or body and always resets everything',
        type: 'extra_forbidden',
      },
    ]);
    expect(state()).toBe(before);
    expect(mock.orders.get('KEEP-1')).toBeDefined();
    expect((await call('GET', '/clock')).body).toEqual({ now: '2027-01-01T00:00:00.000Z' });
    expect((await call('POST', '/reset')).body).toEqual({ status: 'reset' });
    expect(mock.orders.get('KEEP-1')).toBeUndefined();
  });

  it('refuses a clock body with a field it does not know, the clock unmoved', async () => {
    const { mock, call } = await control();
    await call('PUT', '/clock', { body: { now: '2026-06-01T00:00:00Z' } });
    const refused = [
      ['POST', '/clock/advance', { ms: 1, x: 2 }],
      ['PUT', '/clock', { now: '2030-01-01T00:00:00Z', x: 2 }],
    ] as const;
    for (const [method, path, body] of refused) {
      const res = await call(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body).toEqual({
        detail: [
          { loc: ['body', 'x'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
        ],
      });
    }
    expect((await call('GET', '/clock')).body).toEqual({ now: '2026-06-01T00:00:00.000Z' });
    expect(mock.clock.now().toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('refuses a query parameter on every control route that reads none, changing nothing', async () => {
    const { mock, call } = await control({ orders: 2, products: 1 });
    await call('PUT', '/clock', { body: { now: '2026-06-01T00:00:00Z' } });
    const snapshot = () =>
      JSON.stringify([
        mock.orders.all(),
        mock.products.all(),
        mock.clock.now(),
        mock.faults.list(),
      ]);
    const state = snapshot();
    const refused = [
      ['PUT', '/clock?ms=5', { now: '2030-01-01T00:00:00Z' }, 'ms', 'PUT /__mock/clock'],
      ['POST', '/clock/advance?dry_run=1', { ms: 1000 }, 'dry_run', 'POST /__mock/clock/advance'],
      ['POST', '/orders?notify=false', { id: 'NEW' }, 'notify', 'POST /__mock/orders'],
      [
        'PATCH',
        '/orders/1?force=1',
        { status: 'Delivered' },
        'force',
        'PATCH /__mock/orders/{order_id}',
      ],
      ['POST', '/products?x=1', { sku: 'NEW' }, 'x', 'POST /__mock/products'],
      ['PATCH', '/products/1?x=1', { stock: 7 }, 'x', 'PATCH /__mock/products/{product_id}'],
      ['POST', '/faults?times=1', { path: ORDERS, status: 503 }, 'times', 'POST /__mock/faults'],
      ['GET', '/subscriptions?url=http://x', undefined, 'url', 'GET /__mock/subscriptions'],
      ['GET', '/clock?tz=UTC', undefined, 'tz', 'GET /__mock/clock'],
    ] as const;
    for (const [method, path, body, name, route] of refused) {
      const res = await call(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body).toEqual({
        detail: [
          {
            loc: ['query', name],
            msg: `is not a parameter; ${route} takes no query`,
            type: 'extra_forbidden',
          },
        ],
      });
    }
    expect(snapshot()).toBe(state);
    expect(mock.orders.get('NEW')).toBeUndefined();
    // The same calls without the query go through.
    expect((await call('PATCH', '/orders/1', { body: { status: 'Delivered' } })).status).toBe(200);
  });
});
