// The API key at the fetch call: below every hook and every caller's code, so no error,
// Request or retry callback a caller can hold carries it; and the URL as ky would build it.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient, TimeoutError } from '../../src/index.js';
import { clientOver, fakeFetch, HOST, hangingFetch, json, KEY } from '../support/fake-fetch.js';

describe('the API key at the fetch call', () => {
  const inspectDeep = (value: unknown) => inspect(value, { depth: 10, showHidden: true });
  // Caller code that can hold the Request fetch got: a retry.shouldRetry, the configuration's
  // or a call's own; a call with a signal, or logged at info, gets a fetch of its own.
  it.each([
    ['configuration', false],
    ['call', false],
    ['configuration', true],
    ['call', true],
  ] as const)(
    "stays out of the timeout error the %s's retry.shouldRetry sees, and the one thrown (own fetch: %s)",
    async (where, own) => {
      const seen: string[] = [];
      const requests: Request[] = [];
      const retry = {
        limit: 1,
        delay: () => 0,
        shouldRetry: ({ error }: { error: Error }) => {
          seen.push(
            inspectDeep(error),
            ...[...((error as { request?: Request }).request?.headers ?? [])].flat(),
          );
          return undefined;
        },
      };
      const client = createClient({
        hostUrl: HOST,
        apiKey: KEY,
        timeout: 20,
        ...(where === 'configuration' ? { retry } : {}),
        ...(own ? { logger: { debug() {}, info() {}, warn() {}, error() {} } } : {}),
        logLevel: own ? 'info' : 'warn',
        fetch: (request) => {
          requests.push(request);
          return hangingFetch(request);
        },
      });
      const error = await client.products
        .list(
          {},
          {
            ...(where === 'call' ? { retry } : {}),
            ...(own ? { signal: new AbortController().signal } : {}),
          },
        )
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(requests).toHaveLength(2);
      expect(requests.every((request) => request.headers.get('x-api-key') === KEY)).toBe(true);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.join('\n')).not.toContain(KEY);
      expect(inspectDeep(error)).not.toContain(KEY);
    },
  );

  it('stays out of the error thrown after a timeout when no caller code watches the request', async () => {
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      timeout: 20,
      retry: { limit: 1, delay: () => 0 },
      fetch: hangingFetch,
    });
    const error = await client.orders.list({ limit: 5 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(inspectDeep(error)).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
  });

  it('sends the query in the URL as ky would have built it', async () => {
    const service = fakeFetch(() => json({ items: [], total: 0, page: 1, page_size: 5 }));
    const client = clientOver(service);
    await client.orders.list({ status: 'Created & Paid', limit: 5 });
    await client.orders.list();
    expect(service.requests.map((request) => request.url.search)).toEqual([
      '?status=Created+%26+Paid&limit=5',
      '',
    ]);
  });
});
