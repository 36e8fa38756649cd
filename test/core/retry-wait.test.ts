// How long a retry waits: Retry-After (seconds, an HTTP date, beyond maxRetryAfter, unreadable),
// the backoff and its jitter, and a caller's abort during the wait.
import type { RetryOptions } from 'ky';
import { describe, expect, it, vi } from 'vitest';
import { RateLimitError } from '../../src/index.js';
import {
  clientOver,
  FAST_RETRY,
  fakeFetch,
  json,
  productPage,
  tooMany,
} from '../support/fake-fetch.js';

describe('the wait between retries', () => {
  it('waits for Retry-After (seconds) on a 429 and then succeeds', async () => {
    const service = fakeFetch((_, index) => (index === 0 ? tooMany('1') : json(productPage)));
    const client = clientOver(service);
    await expect(client.products.list()).resolves.toEqual(productPage);
    expect(service.requests).toHaveLength(2);
  });

  it('reads Retry-After as an HTTP date', async () => {
    const past = new Date(Date.now() - 60_000).toUTCString();
    const service = fakeFetch((_, index) => (index === 0 ? tooMany(past) : json(productPage)));
    const client = clientOver(service);
    await expect(client.products.list()).resolves.toEqual(productPage);
    expect(service.requests).toHaveLength(2);
  });

  it('throws at once when Retry-After exceeds maxRetryAfter, instead of retrying early', async () => {
    const service = fakeFetch(() => tooMany('3600'));
    const client = clientOver(service);
    const error = await client.products.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
    expect(service.requests).toHaveLength(1);
  });

  // The backoff here is FAST_RETRY's, 0 ms: ky alone would wait its 60 s cap on each.
  it.each([
    ['a Retry-After it cannot read', { 'retry-after': 'soon' }],
    ['a Retry-After that is not whole seconds', { 'retry-after': '1e3' }],
    [
      'only an X-RateLimit-Reset an hour out',
      { 'x-ratelimit-reset': `${Math.floor(Date.now() / 1000) + 3600}` },
    ],
  ])('retries a 429 with %s after the backoff', async (_, headers) => {
    const lines: string[] = [];
    const service = fakeFetch((_, index) =>
      index === 0 ? json({ detail: 'Rate limit exceeded' }, 429, headers) : json(productPage),
    );
    const client = clientOver(service, {
      retry: FAST_RETRY,
      logger: { debug() {}, info() {}, warn: (line) => lines.push(line), error() {} },
    });
    await expect(client.products.list()).resolves.toEqual(productPage);
    expect(service.requests).toHaveLength(2);
    expect(lines).toEqual([
      expect.stringMatching(/^\[order-fulfillment-sdk\] GET \/products → 429: retry 1 in 0 ms$/),
    ]);
  });

  // ky waits no longer than a timer can; the log names that wait, not an Infinity.
  it('names the wait ky takes when the backoff has no limit', async () => {
    const controller = new AbortController();
    const lines: string[] = [];
    const service = fakeFetch(() => json({ detail: 'down' }, 503));
    const client = clientOver(service, {
      retry: {
        limit: 1,
        delay: () => Number.POSITIVE_INFINITY,
        jitter: false,
        backoffLimit: Number.POSITIVE_INFINITY,
      },
      logger: {
        debug() {},
        info() {},
        warn(line) {
          lines.push(line);
          controller.abort();
        },
        error() {},
      },
    });
    await expect(client.products.list({}, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(lines).toEqual([expect.stringMatching(/: retry 1 in 2147483647 ms$/)]);
  });

  it('stops waiting between retries when the caller aborts', async () => {
    const controller = new AbortController();
    const service = fakeFetch(() => {
      queueMicrotask(() => controller.abort());
      return tooMany('30');
    });
    const client = clientOver(service);
    const error = await client.products
      .list({}, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect((error as Error).name).toBe('AbortError');
    expect(service.requests).toHaveLength(1);
  });

  it.each<[string, RetryOptions, number]>([
    ['its function’s value', { delay: () => 20, jitter: () => 7 }, 7],
    ['the delay itself when off', { delay: () => 5, jitter: false }, 5],
    ['a random share of the delay when on', { delay: () => 20, jitter: true }, 10],
    // Drawn below the cap, not capped after the draw (which would wait 100 ms).
    [
      'a random share of the delay capped at backoffLimit',
      { delay: () => 40_000, backoffLimit: 100, jitter: true },
      50,
    ],
    [
      'the delay for a jitter that is no wait (NaN)',
      { delay: () => 6, jitter: () => Number.NaN },
      6,
    ],
    ['the delay for a jitter that is no wait (< 0)', { delay: () => 4, jitter: () => -1 }, 4],
  ])('waits, as retry.jitter says, %s', async (_, retry, wait) => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const lines: string[] = [];
      const service = fakeFetch((_, index) =>
        index === 0 ? json({ detail: 'down' }, 503) : json(productPage),
      );
      const client = clientOver(service, {
        retry: { limit: 1, ...retry },
        logger: { debug() {}, info() {}, warn: (line) => lines.push(line), error() {} },
      });
      await expect(client.products.list()).resolves.toEqual(productPage);
      expect(lines).toEqual([expect.stringMatching(new RegExp(`retry 1 in ${wait} ms$`))]);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
