// The signed inbound notification as sent: body, signature, endpoint, and a fresh signature
// on each retry.
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, FulfillmentClient, verifyWmsSignature } from '../../src/index.js';
import { FAST_RETRY, fakeFetch, HOST, json, KEY, SECRET } from '../support/fake-fetch.js';

const applied = { status: 'applied', order_id: 'ord_1' };
const INBOUND = `${HOST}/api/v1/webhooks/wms/fulfillment`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fulfillment.notifyShipped', () => {
  it('posts the signed notification to the inbound endpoint without the API key', async () => {
    const service = fakeFetch(() => json(applied));
    const client = createClient({
      hostUrl: `${HOST}/`,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
    });
    const result = await client.fulfillment.notifyShipped(
      { inbound_order_id: 'ord_1' },
      { shipped_at: '2026-11-22T01:55:45.123Z' },
    );
    expect(result).toEqual(applied);
    const [request] = service.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(INBOUND);
    expect(request?.headers.get('x-api-key')).toBeNull();
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toBe(
      '{"olay":"order.fulfilled","inbound_order_id":"ord_1","status":"shipped","shipped_at":"2026-11-22T01:55:45.123Z"}',
    );
    const header = request?.headers.get('x-wms-signature');
    expect(verifyWmsSignature(request?.body ?? '', header, SECRET).timestamp).toBeGreaterThan(0);
  });

  it('matches by source and external_ref, turns a Date into ISO UTC, and defaults shipped_at to now', async () => {
    const service = fakeFetch(() => json(applied));
    const fulfillment = new FulfillmentClient({
      hostUrl: HOST,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
    });
    await fulfillment.notifyShipped(
      { source: 'shopify', external_ref: '#1042' },
      { shipped_at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) },
    );
    expect(JSON.parse(service.requests[0]?.body ?? '')).toEqual({
      olay: 'order.fulfilled',
      source: 'shopify',
      external_ref: '#1042',
      status: 'shipped',
      shipped_at: '2026-01-02T03:04:05.000Z',
    });
    const before = Date.now();
    await fulfillment.notifyShipped({ inbound_order_id: 'ord_1' });
    const sent = Date.parse(JSON.parse(service.requests[1]?.body ?? '').shipped_at);
    expect(sent).toBeGreaterThanOrEqual(before - 1000);
  });

  // edge-runtime's VM context and jest's environments make their own Date.
  it('turns a Date from another realm into ISO UTC as well', async () => {
    const service = fakeFetch(() => json(applied));
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
    });
    const shipped: Date = runInNewContext('new Date(Date.UTC(2026, 0, 2, 3, 4, 5))');
    expect(shipped).not.toBeInstanceOf(Date);
    await client.fulfillment.notifyShipped({ inbound_order_id: 'ord_1' }, { shipped_at: shipped });
    expect(JSON.parse(service.requests[0]?.body ?? '').shipped_at).toBe('2026-01-02T03:04:05.000Z');
  });

  it('signs each retry afresh, so a late retry stays inside the ±5 minute window', async () => {
    const start = Date.now();
    let clock = start;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const service = fakeFetch((_, index) => {
      // Ten minutes pass between the attempts.
      clock += 600_000;
      return index === 0 ? json({ detail: 'unavailable' }, 503) : json(applied);
    });
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
      retry: FAST_RETRY,
    });
    await client.fulfillment.notifyShipped(
      { inbound_order_id: 'ord_1' },
      { shipped_at: '2026-01-01T00:00:00Z' },
    );
    expect(service.requests).toHaveLength(2);
    const [first, second] = service.requests;
    expect(first?.body).toBe(second?.body);
    const firstHeader = first?.headers.get('x-wms-signature') ?? '';
    const secondHeader = second?.headers.get('x-wms-signature') ?? '';
    expect(secondHeader).not.toBe(firstHeader);
    const secondSentAt = Math.floor((start + 600_000) / 1000);
    expect(
      verifyWmsSignature(second?.body ?? '', secondHeader, SECRET, { now: secondSentAt }).timestamp,
    ).toBe(secondSentAt);
    expect(() =>
      verifyWmsSignature(first?.body ?? '', firstHeader, SECRET, { now: secondSentAt }),
    ).toThrow();
  });

  // Each way the transport builds the inbound call's fetch: the call's own signal or not, the
  // caller's hooks or not. Each attempt is signed, keyless, and counted in the info line.
  it.each([
    ['no signal, no hooks', false, false],
    ['a signal', true, false],
    ['caller hooks', false, true],
    ['a signal and caller hooks', true, true],
  ])('logs at info the attempts it sent, each signed, with %s', async (_, withSignal, hooked) => {
    const service = fakeFetch((_request, index) =>
      index === 0 ? json({ detail: 'unavailable' }, 503) : json(applied),
    );
    const lines: string[] = [];
    const line = (text: string) => void lines.push(text);
    const seen: string[] = [];
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
      retry: FAST_RETRY,
      logger: { debug: line, info: line, warn: line, error: line },
      logLevel: 'info',
      ...(hooked
        ? { hooks: { beforeRequest: [(request: Request) => void seen.push(request.url)] } }
        : {}),
    });
    const signal = withSignal ? new AbortController().signal : undefined;
    await expect(
      client.fulfillment.notifyShipped({ inbound_order_id: 'ord_1' }, { signal }),
    ).resolves.toEqual(applied);
    expect(service.requests).toHaveLength(2);
    for (const request of service.requests) {
      expect(request.headers.get('x-api-key')).toBeNull();
      const header = request.headers.get('x-wms-signature');
      expect(verifyWmsSignature(request.body, header, SECRET).timestamp).toBeGreaterThan(0);
    }
    expect(seen).toHaveLength(hooked ? 2 : 0);
    expect(lines.at(-1)).toMatch(
      /POST \/api\/v1\/webhooks\/wms\/fulfillment → 200 in \d+ ms \(2 attempts\)$/,
    );
    expect(lines.join('\n')).not.toContain(SECRET);
  });
});
