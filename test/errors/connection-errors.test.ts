// Calls that get no response: a network failure, a timeout, the caller's abort.
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ConnectionError,
  createClient,
  OrderFulfillmentError,
  TimeoutError,
} from '../../src/index.js';
import { failure } from '../support/failure.js';
import { fakeFetch, hangingFetch, NO_RETRY } from '../support/fake-fetch.js';

describe('errors from responses', () => {
  it('wraps a network failure in ConnectionError with the cause', async () => {
    const service = fakeFetch(() => new TypeError('fetch failed'));
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(client.products.list())) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.message).toBe('GET /products → network error: fetch failed');
  });

  it('describes a network failure whose causes loop, instead of following them for ever', async () => {
    const looping = new TypeError('fetch failed');
    (looping as { cause?: unknown }).cause = looping;
    const service = fakeFetch(() => looping);
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(client.products.list())) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe('GET /products → network error: fetch failed: fetch failed');
  });

  it('throws TimeoutError when no response arrives in time', async () => {
    const client = createClient({
      ...NO_RETRY,
      timeout: 20,
      fetch: hangingFetch,
    });
    const error = (await failure(client.products.list())) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.timeout).toBe(20);
  });

  it('rejects an aborted call with AbortError, an OrderFulfillmentError with the reason as cause', async () => {
    const controller = new AbortController();
    const client = createClient({
      ...NO_RETRY,
      fetch: hangingFetch,
    });
    const pending = client.products.list({}, { signal: controller.signal });
    const reason = new Error('shutting down');
    controller.abort(reason);
    const error = await failure(pending);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toBeInstanceOf(OrderFulfillmentError);
    expect(error.name).toBe('AbortError');
    expect(error.cause).toBe(reason);
    expect(error.message).toBe('GET /products → aborted by the caller: shutting down');
    const { method, path, cursor } = error as AbortError;
    expect([method, path, cursor]).toEqual(['GET', '/products', undefined]);
  });

  it('gives an aborted cursor pull’s AbortError the cursor to resume from', async () => {
    const controller = new AbortController();
    const client = createClient({ ...NO_RETRY, fetch: hangingFetch });
    const start = { since: '2026-01-01T00:00:00Z', since_id: 'ord_7' };
    const pending = client.orders.pages(start, { signal: controller.signal }).next();
    controller.abort();
    const error = (await failure(pending)) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect([error.method, error.path, error.cursor]).toEqual(['GET', '/orders', start]);
  });
});
