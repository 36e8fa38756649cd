// 429 with Retry-After per key, on the mock clock; the next window admits requests again.
import { describe, expect, it } from 'vitest';
import { createMockService, MOCK_API_KEY } from '../../../mock/index.js';
import { reach, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

describe.each(TRANSPORTS)('rate limit (%s)', (transport) => {
  it('answers 429 with Retry-After in seconds, then admits after the window', async () => {
    const mock = createMockService({ rateLimit: { limit: 2, windowMs: 10_000 } });
    mock.clock.set('2026-06-01T00:00:00.000Z');
    const target = await reach(server, mock, transport);
    expect((await target.call('/orders?limit=1')).status).toBe(200);
    mock.clock.advance(2_500);
    expect((await target.call('/products')).status).toBe(200);
    const limited = await target.call('/orders?limit=1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('8');
    expect(limited.body.detail).toMatch(/Rate limit exceeded/);
    mock.clock.advance(7_499);
    expect((await target.call('/orders')).headers.get('retry-after')).toBe('1');
    mock.clock.advance(1);
    expect((await target.call('/orders?limit=1')).status).toBe(200);
  });

  it('counts each key on its own', async () => {
    const mock = createMockService({
      rateLimit: { limit: 1, windowMs: 60_000 },
      apiKeys: [
        { key: MOCK_API_KEY, scopes: ['orders:read'] },
        { key: 'second', scopes: ['orders:read'] },
      ],
    });
    mock.clock.set(0);
    const target = await reach(server, mock, transport);
    expect((await target.call('/orders')).status).toBe(200);
    expect((await target.call('/orders')).status).toBe(429);
    expect((await target.call('/orders', { key: 'second' })).status).toBe(200);
  });

  it('does not count requests rejected before the limit (401, 403)', async () => {
    const mock = createMockService({
      rateLimit: { limit: 1, windowMs: 60_000 },
      apiKeys: [{ key: MOCK_API_KEY, scopes: ['orders:read'] }],
    });
    mock.clock.set(0);
    const target = await reach(server, mock, transport);
    expect((await target.call('/products')).status).toBe(403);
    expect((await target.call('/orders', { key: 'nope' })).status).toBe(401);
    expect((await target.call('/orders')).status).toBe(200);
  });

  it('is off by default', async () => {
    const target = await reach(server, createMockService(), transport);
    for (let i = 0; i < 30; i++) expect((await target.call('/orders?limit=1')).status).toBe(200);
  });
});
