// Every authentication outcome of {base_url}, in the decided order: 401 → 402 → 403 → 429.
import { describe, expect, it } from 'vitest';
import { createMockService, MOCK_API_KEY } from '../../../mock/index.js';
import { NOW, notification, postInbound } from '../../support/inbound.js';
import { reach, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

describe.each(TRANSPORTS)('authentication (%s)', (transport) => {
  it('answers 401 without an X-API-Key header', async () => {
    const target = await reach(server, createMockService(), transport);
    const res = await target.call('/orders', { key: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Missing API key: send it in the X-API-Key header' });
  });

  it('answers 401 for an unknown key', async () => {
    const target = await reach(server, createMockService(), transport);
    const res = await target.call('/products', { key: 'wrong-key' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid API key' });
  });

  it('never accepts a key in the query string or the body', async () => {
    const mock = createMockService();
    const target = await reach(server, mock, transport);
    const query = await target.call(`/orders?api_key=${MOCK_API_KEY}`, { key: null });
    expect(query.status).toBe(401);
    expect(query.body.detail).toMatch(/query string is never accepted/);
    const body = await target.call('/webhooks', {
      method: 'POST',
      key: null,
      body: { api_key: MOCK_API_KEY, url: 'https://example.com/hook', events: ['order.created'] },
    });
    expect(body.status).toBe(401);
    expect(mock.subscriptions).toEqual([]);
  });

  it('answers 402 when the plan lacks apiAccess, after checking the key', async () => {
    const target = await reach(
      server,
      createMockService({ plan: { apiAccess: false } }),
      transport,
    );
    expect((await target.call('/orders', { key: 'wrong' })).status).toBe(401);
    const res = await target.call('/orders');
    expect(res.status).toBe(402);
    expect(res.body.detail).toMatch(/apiAccess/);
  });

  it('applies an inbound shipment notification on a plan without apiAccess (no 402 there)', async () => {
    const mock = createMockService({ orders: 10, plan: { apiAccess: false } });
    mock.clock.set(NOW);
    const target = await reach(server, mock, transport);
    expect((await target.call('/orders/3')).status).toBe(402);
    const res = await postInbound(target, JSON.stringify(notification({ inbound_order_id: '3' })));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'applied', order_id: '3' });
    expect(mock.orders.get('3')?.status).toBe('shipped');
  });

  it('answers 403 when the key lacks the endpoint scope', async () => {
    const mock = createMockService({
      apiKeys: [{ key: 'orders-only', scopes: ['orders:read'] }],
    });
    const target = await reach(server, mock, transport);
    expect((await target.call('/orders', { key: 'orders-only' })).status).toBe(200);
    const products = await target.call('/products', { key: 'orders-only' });
    expect(products.status).toBe(403);
    expect(products.body.detail).toMatch(/products:read/);
    const hook = await target.call('/webhooks', {
      method: 'POST',
      key: 'orders-only',
      body: { url: 'https://example.com/hook', events: ['order.created'] },
    });
    expect(hook.status).toBe(403);
    expect(hook.body.detail).toMatch(/webhooks:manage/);
    expect(mock.subscriptions).toEqual([]);
  });

  it('checks the scope of the order detail and items', async () => {
    const target = await reach(
      server,
      createMockService({ apiKeys: [{ key: 'products-only', scopes: ['products:read'] }] }),
      transport,
    );
    for (const path of ['/orders', '/orders/1', '/orders/1/items']) {
      const res = await target.call(path, { key: 'products-only' });
      expect(res.status, path).toBe(403);
      expect(res.body.detail).toMatch(/orders:read/);
    }
  });

  it('checks the key before the input, so a bad query still gets 401', async () => {
    const target = await reach(server, createMockService(), transport);
    expect((await target.call('/orders?limit=abc', { key: null })).status).toBe(401);
  });
});

describe('IP restriction', () => {
  const restricted = (allowedIps: string[], clientIp?: string) =>
    createMockService({
      apiKeys: [{ key: 'k', scopes: ['orders:read'], allowedIps }],
      ...(clientIp ? { clientIp } : {}),
    });

  it('uses the socket address over real HTTP', async () => {
    const allowed = await reach(server, restricted(['127.0.0.1']), 'http');
    expect((await allowed.call('/orders', { key: 'k' })).status).toBe(200);
    const denied = await reach(server, restricted(['10.0.0.0/8']), 'http');
    const res = await denied.call('/orders', { key: 'k' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('This API key may not be used from IP address 127.0.0.1');
  });

  it('prefers the socket address over options.clientIp when serving over HTTP', async () => {
    const target = await reach(server, restricted(['10.0.0.0/8'], '10.9.9.9'), 'http');
    const res = await target.call('/orders', { key: 'k' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/127\.0\.0\.1/);
  });

  it('ignores a spoofed X-Forwarded-For header', async () => {
    const target = await reach(server, restricted(['10.1.2.3']), 'http');
    const res = await target.call('/orders', {
      key: 'k',
      headers: { 'X-Forwarded-For': '10.1.2.3', 'X-Real-IP': '10.1.2.3' },
    });
    expect(res.status).toBe(403);
  });

  it('uses options.clientIp in-process', async () => {
    const inside = await reach(server, restricted(['10.0.0.0/8'], '10.20.30.40'), 'msw');
    expect((await inside.call('/orders', { key: 'k' })).status).toBe(200);
    server.resetHandlers();
    const outside = await reach(server, restricted(['10.0.0.0/8'], '192.168.1.5'), 'msw');
    const res = await outside.call('/orders', { key: 'k' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/192\.168\.1\.5/);
  });

  it('compares IPv6 entries as addresses, whatever their notation', async () => {
    const cases: Array<[string[], string, number]> = [
      [['0:0:0:0:0:0:0:1'], '::1', 200],
      [['::1'], '0:0:0:0:0:0:0:1', 200],
      [['2001:DB8::1'], '2001:db8:0:0:0:0:0:1', 200],
      // IPv4-mapped IPv6 equals its IPv4 address, in any notation, on either side.
      [['::ffff:7f00:1'], '127.0.0.1', 200],
      [['::ffff:127.0.0.1'], '::ffff:7f00:1', 200],
      [['127.0.0.1'], '0:0:0:0:0:ffff:7f00:1', 200],
      [['10.0.0.0/8'], '::ffff:a01:203', 200],
      // IPv6 ranges, as real allow-lists hold them beside IPv4 ones.
      [['10.0.0.0/8', '2001:db8::/32'], '2001:db8:ffff::7', 200],
      [['2001:db8:0:0:0:0:0:0/128'], '2001:db8::', 200],
      [['::1'], '::2', 403],
      [['::ffff:7f00:1'], '127.0.0.2', 403],
      [['2001:db8::/32'], '2001:db9::1', 403],
      [['2001:db8::/32'], '10.0.0.1', 403],
    ];
    for (const [allowedIps, clientIp, status] of cases) {
      server.resetHandlers();
      const target = await reach(server, restricted(allowedIps, clientIp), 'msw');
      const res = await target.call('/orders?limit=1', { key: 'k' });
      expect(res.status, `${allowedIps} from ${clientIp}`).toBe(status);
      if (status === 403) expect(res.body.detail).toMatch(/may not be used from IP address/);
      else expect(res.body.items).toHaveLength(1);
    }
  });

  it('matches an IPv4-mapped IPv6 entry against an IPv4 socket over real HTTP', async () => {
    const mapped = await reach(server, restricted(['::ffff:7f00:1']), 'http');
    expect((await mapped.call('/orders', { key: 'k' })).status).toBe(200);
    const other = await reach(server, restricted(['0:0:0:0:0:ffff:7f00:2']), 'http');
    expect((await other.call('/orders', { key: 'k' })).status).toBe(403);
  });

  it('checks the IP before the scope', async () => {
    const mock = createMockService({
      apiKeys: [{ key: 'k', scopes: ['orders:read'], allowedIps: ['10.0.0.1'] }],
    });
    const target = await reach(server, mock, 'msw');
    expect((await target.call('/products', { key: 'k' })).body.detail).toMatch(/IP address/);
  });
});
