// A call's own signal: an abort ends it as an AbortError, and the caller's signal, however
// long it lives and however many calls share it, keeps no listener or memory past the calls.

import { AbortError, createClient, OrderFulfillmentError } from 'order-fulfillment-sdk';
import { describe, expect, it, vi } from 'vitest';
import { countedSignal } from '../support/counted-signal.js';
import { fakeFetch, HOST, hangingFetch, json, KEY } from '../support/fake-fetch.js';

const EMPTY_PAGE = { items: [], total: 0, page: 1, page_size: 50 };

describe('a call’s signal', () => {
  it('keeps no listener on the caller’s signal once a call with totalTimeout has ended', async () => {
    const service = fakeFetch(() => json(EMPTY_PAGE));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    const caller = countedSignal();
    await client.products.list({}, { signal: caller.signal, totalTimeout: 5_000 });
    expect(caller.listeners()).toBe(0);
  });

  it('never hands the caller’s signal to AbortSignal.any, which leaks on a long-lived one', async () => {
    // Node 20 and 22 keep memory on the source signal for every AbortSignal.any over it; ky
    // makes one per call over the signal it is given.
    const any = vi.spyOn(AbortSignal, 'any');
    try {
      const service = fakeFetch(() => json(EMPTY_PAGE));
      const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
      const shutdown = new AbortController();
      for (const options of [{}, { totalTimeout: 5_000 }, { timeout: 5_000 }]) {
        await client.products.list({}, { signal: shutdown.signal, ...options });
      }
      expect(service.requests).toHaveLength(3);
      const sources = any.mock.calls.flatMap(([signals]) => [...signals]);
      expect(sources).not.toContain(shutdown.signal);
    } finally {
      any.mockRestore();
    }
  });

  it('keeps one listener on a signal shared by many calls in flight, none once they end', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const service = fakeFetch(async () => {
      await answered;
      return json(EMPTY_PAGE);
    });
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    const shutdown = countedSignal();
    const calls = Array.from({ length: 20 }, (_, i) =>
      client.products.list(
        {},
        { signal: shutdown.signal, ...(i % 2 ? { totalTimeout: 5_000 } : {}) },
      ),
    );
    await vi.waitFor(() => expect(service.requests).toHaveLength(20));
    // Node warns of a leak past 10 listeners on one signal.
    expect(shutdown.listeners()).toBe(1);
    answer();
    await Promise.all(calls);
    expect(shutdown.listeners()).toBe(0);
  });

  it('rejects an aborted call with AbortError, the reason as cause', async () => {
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: hangingFetch });
    const controller = new AbortController();
    const pending = client.orders.get('o1', { signal: controller.signal });
    controller.abort(new Error('shutting down'));
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toBeInstanceOf(OrderFulfillmentError);
    expect((error as Error).cause).toEqual(new Error('shutting down'));
  });
});
