// Faults injected in-process between the SDK and the mock's real handlers: error bursts, 429
// storms, broken bodies and network errors. Each pull either recovers inside the retries or
// ends with a typed error whose `cursor` a new pull resumes from; either way the orders seen
// are exactly the store's.
import { describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../mock/index.js';
import {
  ConnectionError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
} from '../../src/index.js';
import { FAST_RETRY as FAST } from '../support/fake-fetch.js';
import { handlerFetch } from '../support/mock.js';
import { clientFor, pullResuming, storeIds } from '../support/reliability.js';

/** What the faulty fetch does with the n-th request (0-based): pass it on, or break it. */
type Fault = 'pass' | 'network' | 'truncate' | 'not-json' | { status: number; retryAfter?: string };

function faultyFetch(mock: MockService, plan: (index: number, url: URL) => Fault) {
  const real = handlerFetch(mock);
  let index = 0;
  const urls: URL[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    urls.push(url);
    const fault = plan(index++, url);
    if (fault === 'network') throw new TypeError('fetch failed');
    if (typeof fault === 'object') {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
      return new Response(JSON.stringify({ detail: 'Injected failure' }), {
        status: fault.status,
        headers,
      });
    }
    const response = await real(request);
    if (fault === 'pass') return response;
    const text = await response.text();
    const body = fault === 'truncate' ? text.slice(0, Math.floor(text.length / 2)) : '<html>';
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch, urls };
}

const pageOf = (url: URL) => url.searchParams.get('since_id');

describe('faults injected in-process, around the real handlers', () => {
  it('recovers from 500 and 503 bursts shorter than the retry limit, losing nothing', async () => {
    const mock = createMockService({ orders: 250 });
    // Every page fails twice (a 500, then a 503) before it is served.
    const { fetch, urls } = faultyFetch(mock, (index) =>
      index % 3 === 0 ? { status: 500 } : index % 3 === 1 ? { status: 503 } : 'pass',
    );
    const client = clientFor(mock, { fetch, retry: { ...FAST, limit: 3 } });
    const result = await pullResuming(client);
    expect(result.errors).toEqual([]);
    expect(result.ids).toEqual(storeIds(mock));
    expect(result.deliveries).toBe(250);
    expect(urls).toHaveLength(3 * 7);
  });

  it('ends with ServerError carrying the cursor after a longer burst; the resume completes', async () => {
    const mock = createMockService({ orders: 250 });
    let failing = 0;
    // The third page fails five times in a row: more than the three retries.
    const { fetch } = faultyFetch(mock, (index) => {
      if (index === 2 || (failing > 0 && failing < 5)) {
        failing++;
        return { status: 503 };
      }
      return 'pass';
    });
    const client = clientFor(mock, { fetch, retry: { ...FAST, limit: 3 } });
    const result = await pullResuming(client);
    expect(result.errors.map((error) => error.constructor)).toEqual([ServerError]);
    expect(result.ids).toEqual(storeIds(mock));
    // Nothing was delivered twice: the error's cursor is past every order already yielded.
    expect(result.deliveries).toBe(250);
  });

  it('waits out a 429 storm with Retry-After 0 and 1, then fails typed when it outlasts the retries', async () => {
    const mock = createMockService({ orders: 120 });
    // Retry-After 1 once (a real second), 0 otherwise; page two is refused four times.
    const { fetch } = faultyFetch(mock, (index) => {
      if (index === 1) return { status: 429, retryAfter: '1' };
      if (index >= 3 && index <= 6) return { status: 429, retryAfter: '0' };
      return index % 2 === 0 ? { status: 429, retryAfter: '0' } : 'pass';
    });
    const client = clientFor(mock, { fetch, retry: { ...FAST, limit: 3 } });
    const result = await pullResuming(client);
    expect(result.errors.map((error) => error.constructor)).toEqual([RateLimitError]);
    expect((result.errors[0] as RateLimitError).status).toBe(429);
    expect(result.ids).toEqual(storeIds(mock));
    expect(result.deliveries).toBe(120);
  });

  it('ends with ResponseValidationError on a truncated or non-JSON 200 body; the resume completes', async () => {
    const mock = createMockService({ orders: 200 });
    const { fetch } = faultyFetch(mock, (index) =>
      index === 1 ? 'truncate' : index === 4 ? 'not-json' : 'pass',
    );
    const client = clientFor(mock, { fetch, retry: { ...FAST, limit: 3 } });
    const result = await pullResuming(client);
    expect(result.errors.map((error) => error.constructor)).toEqual([
      ResponseValidationError,
      ResponseValidationError,
    ]);
    expect(result.ids).toEqual(storeIds(mock));
    expect(result.deliveries).toBe(200);
  });

  it('retries network errors, and ends with ConnectionError once they outlast the retries', async () => {
    const mock = createMockService({ orders: 200 });
    const { fetch, urls } = faultyFetch(mock, (index) =>
      index === 0 || index === 3 || (index >= 6 && index <= 9) ? 'network' : 'pass',
    );
    const client = clientFor(mock, { fetch, retry: { ...FAST, limit: 3 } });
    const result = await pullResuming(client);
    expect(result.errors.map((error) => error.constructor)).toEqual([ConnectionError]);
    expect(result.ids).toEqual(storeIds(mock));
    expect(result.deliveries).toBe(200);
    // The resumed pull asked again for the page that failed, not for the first one.
    const failedAt = pageOf(urls[9] as URL);
    expect(pageOf(urls[10] as URL)).toBe(failedAt);
    expect(failedAt).not.toBe('0');
  });
});
