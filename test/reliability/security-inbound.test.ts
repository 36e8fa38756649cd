// Security: signatures and keys are compared with crypto.timingSafeEqual; the inbound
// endpoint refuses replays outside the window in both directions, and everything when no
// secret is configured.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { FULFILLMENT_PATH, MOCK_API_KEY } from '../../mock/index.js';
import { signWmsPayload, verifyWmsSignature } from '../../src/index.js';
import { NOW_SECONDS, notification, snapshot } from '../support/inbound.js';
import { handlerFetch, send } from '../support/mock.js';
import { API_KEY, newMock, SECRET } from '../support/secrets.js';

describe('constant-time comparison', () => {
  // The CommonJS face of node:crypto, whose properties the SDK and the mock look up.
  const crypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');

  afterEach(() => {
    vi.restoreAllMocks();
    syncBuiltinESMExports();
  });

  it('compares a right and a wrong signature of the same length with timingSafeEqual', () => {
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    const body = '{"olay":"order.fulfilled"}';
    const header = signWmsPayload(body, SECRET, NOW_SECONDS);
    expect(verifyWmsSignature(body, header, SECRET, { now: NOW_SECONDS })).toEqual({
      timestamp: NOW_SECONDS,
    });
    expect(spy).toHaveBeenCalledTimes(1);
    const wrong = header.replace(/v1=(.)/, (_, c: string) => `v1=${c === 'a' ? 'b' : 'a'}`);
    expect(wrong).toHaveLength(header.length);
    expect(() => verifyWmsSignature(body, wrong, SECRET, { now: NOW_SECONDS })).toThrow(
      /No v1 signature matches/,
    );
    expect(spy).toHaveBeenCalledTimes(2);
    for (const [a, b] of spy.mock.calls) {
      expect((a as Uint8Array).length).toBe(32);
      expect((b as Uint8Array).length).toBe(32);
    }
  });

  it('checks every v1 value, not only up to the first match', () => {
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    const body = '{}';
    const right = signWmsPayload(body, SECRET, NOW_SECONDS);
    const header = `${right},v1=${'0'.repeat(64)},v1=${'f'.repeat(64)}`;
    verifyWmsSignature(body, header, SECRET, { now: NOW_SECONDS });
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('has the mock compare API keys and inbound signatures with timingSafeEqual', async () => {
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    syncBuiltinESMExports();
    const mock = newMock();
    const fetch = handlerFetch(mock);
    const url = `${mock.baseUrl}/orders?limit=1`;
    for (const key of [API_KEY, `${API_KEY.slice(0, -1)}X`]) {
      await fetch(new Request(url, { headers: { 'X-API-Key': key } }));
    }
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
    spy.mockClear();
    const raw = JSON.stringify(notification({ inbound_order_id: '3' }));
    const header = signWmsPayload(raw, SECRET, NOW_SECONDS);
    const wrong = header.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    for (const signature of [wrong, header]) {
      await fetch(
        new Request(`${mock.hostUrl}${FULFILLMENT_PATH}`, {
          method: 'POST',
          headers: { 'X-WMS-Signature': signature, 'Content-Type': 'application/json' },
          body: raw,
        }),
      );
    }
    expect(spy).toHaveBeenCalledTimes(2);
    expect(mock.orders.get('3')?.status).toBe('shipped');
  });
});

describe('the inbound endpoint over real HTTP', () => {
  async function start(options: { signingSecret?: string | null } = {}) {
    const mock = newMock(options);
    const running = await mock.listen();
    onTestFinished(() => running.close());
    const raw = JSON.stringify(notification({ inbound_order_id: '3' }));
    const post = (header: string | null, body = raw) =>
      send(`${running.hostUrl}${FULFILLMENT_PATH}`, {
        method: 'POST',
        key: null,
        body,
        headers: header === null ? {} : { 'X-WMS-Signature': header },
      });
    return { mock, raw, post };
  }

  it.each([
    ['301 s old', -301, 'timestamp_too_old'],
    ['301 s ahead', 301, 'timestamp_in_future'],
    ['a day old', -86_400, 'timestamp_too_old'],
    ['a day ahead', 86_400, 'timestamp_in_future'],
  ])(
    'rejects a signature %s by the mock clock with 401, writing nothing',
    async (_n, shift, reason) => {
      const { mock, raw, post } = await start();
      const before = snapshot(mock);
      const res = await post(signWmsPayload(raw, SECRET, NOW_SECONDS + shift));
      expect(res.status).toBe(401);
      expect(res.body.detail).toContain(`(${reason})`);
      expect(snapshot(mock)).toBe(before);
    },
  );

  it('accepts the edges of the window, and a replay inside it changes nothing more', async () => {
    const { mock, raw, post } = await start();
    const first = await post(signWmsPayload(raw, SECRET, NOW_SECONDS - 300));
    expect(first.body).toEqual({ status: 'applied', order_id: '3' });
    const after = snapshot(mock);
    const replay = await post(signWmsPayload(raw, SECRET, NOW_SECONDS + 300));
    expect(replay.body).toEqual({ status: 'unchanged', order_id: '3' });
    expect(snapshot(mock)).toBe(after);
  });

  it('refuses every request with 403 when no secret is configured, writing nothing', async () => {
    const { mock, raw, post } = await start({ signingSecret: null });
    const before = snapshot(mock);
    for (const header of [
      signWmsPayload(raw, SECRET, NOW_SECONDS),
      signWmsPayload(raw, 'anything', NOW_SECONDS),
      'garbage',
      null,
    ]) {
      const res = await post(header);
      expect(res.status).toBe(403);
      expect(typeof res.body.detail).toBe('string');
    }
    const empty = await post(null, '');
    expect(empty.status).toBe(403);
    expect(snapshot(mock)).toBe(before);
  });

  it('never accepts the API key instead of a signature', async () => {
    const { mock, raw } = await start();
    const before = snapshot(mock);
    const running = await mock.listen();
    onTestFinished(() => running.close());
    const res = await send(`${running.hostUrl}${FULFILLMENT_PATH}`, {
      method: 'POST',
      key: API_KEY,
      body: raw,
    });
    expect(res.status).toBe(401);
    expect(snapshot(mock)).toBe(before);
    expect(MOCK_API_KEY).not.toBe(API_KEY);
  });
});
