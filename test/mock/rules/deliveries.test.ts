// Webhook deliveries under load: a receiver that is slow to answer holds at most
// MAX_DELIVERIES_IN_FLIGHT attempts (and so sockets) at once; the others wait their turn and
// are all delivered in the end, or dropped by a reset.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createMockService, MOCK_API_KEY } from '../../../mock/index.js';
import { MAX_DELIVERIES_IN_FLIGHT } from '../../../mock/rules/deliveries.js';
import { reach, useMswServer } from '../../support/mock.js';

const server = useMswServer();

describe('delivery attempts in flight', () => {
  // A subscribed mock whose receiver holds every POST until the test answers it.
  async function heldReceiver() {
    const mock = createMockService({ orders: 0 });
    const target = await reach(server, mock, 'msw');
    const body = { url: 'https://receiver.test/hooks', events: ['order.created'] };
    expect((await target.call('/webhooks', { method: 'POST', body })).status).toBe(201);
    const held: (() => void)[] = [];
    const seen = { sent: 0, open: 0, most: 0 };
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => {
          seen.sent++;
          seen.most = Math.max(seen.most, ++seen.open);
          held.push(() => {
            seen.open--;
            resolve(new Response(null, { status: 204 }));
          });
        }),
    );
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    // Lets the deliveries start (each on a timer), then answers every POST held so far.
    const answerHeld = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const answers = held.splice(0);
      for (const answer of answers) answer();
      return answers.length;
    };
    return { mock, seen, answerHeld };
  }

  it('sends at most MAX_DELIVERIES_IN_FLIGHT at once to a slow receiver, then every event once', async () => {
    const { mock, seen, answerHeld } = await heldReceiver();
    const events = MAX_DELIVERIES_IN_FLIGHT * 3;
    for (let i = 0; i < events; i++) mock.orders.create();
    const flushed = mock.flushDeliveries();
    let answered = 0;
    for (let round = 0; answered < events && round < 100; round++) answered += await answerHeld();
    await flushed;
    expect(seen.most).toBe(MAX_DELIVERIES_IN_FLIGHT);
    expect(seen.sent).toBe(events);
    const kept = mock.deliveries;
    expect(kept).toHaveLength(events);
    expect(kept.every((attempt) => attempt.ok && attempt.attempt === 1)).toBe(true);
    expect(new Set(kept.map((attempt) => attempt.event_id)).size).toBe(events);
  });

  it('sends none of the waiting attempts after reset()', async () => {
    const { mock, seen, answerHeld } = await heldReceiver();
    for (let i = 0; i < MAX_DELIVERIES_IN_FLIGHT * 2; i++) mock.orders.create();
    await new Promise((resolve) => setTimeout(resolve, 5));
    mock.reset();
    await answerHeld();
    await mock.flushDeliveries();
    expect(seen.sent).toBe(MAX_DELIVERIES_IN_FLIGHT);
    expect(mock.deliveries).toEqual([]);
  });
});

describe('a reset with every place taken', () => {
  it('stops the attempts in flight, so the deliveries after it go out at once', async () => {
    // A long receiver timeout: without the stop, the next delivery would wait that long.
    const retry = { attempts: 1, baseDelayMs: 1, timeoutMs: 60_000 };
    const mock = createMockService({ orders: 0, deliveryRetry: retry });
    const subscribe = async (url: string) => {
      const res = await mock.fetch(`${mock.baseUrl}/webhooks`, {
        method: 'POST',
        headers: { 'X-API-Key': MOCK_API_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url, events: ['order.created'] }),
      });
      expect(res.status).toBe(201);
    };
    await subscribe('https://stuck.test/hooks');
    const stopped: unknown[] = [];
    const delivered: string[] = [];
    // The stuck receiver never answers; like a real fetch, its POST ends when its signal aborts.
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url.startsWith('https://stuck.test')) {
        return new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => {
            stopped.push(init.signal?.reason);
            reject(init.signal?.reason);
          }),
        );
      }
      delivered.push(JSON.parse(String(init.body)).data.order.id);
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    for (let i = 0; i < MAX_DELIVERIES_IN_FLIGHT * 2; i++) mock.orders.create();
    await new Promise((resolve) => setTimeout(resolve, 5));
    mock.reset();
    expect(stopped).toHaveLength(MAX_DELIVERIES_IN_FLIGHT);
    await subscribe('https://fresh.test/hooks');
    const order = mock.orders.create();
    await mock.flushDeliveries();
    expect(delivered).toEqual([order.id]);
    expect(mock.deliveries.map((attempt) => [attempt.url, attempt.ok])).toEqual([
      ['https://fresh.test/hooks', true],
    ]);
  });
});
