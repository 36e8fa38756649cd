// Calls that get no response: a network failure, a timeout, the caller's abort.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ConnectionError,
  createClient,
  OrderFulfillmentError,
  TimeoutError,
} from '../../src/index.js';
import { failure } from '../support/failure.js';
import {
  clientOver,
  FAST_RETRY,
  fakeFetch,
  hangingFetch,
  json,
  NO_RETRY,
  productPage,
} from '../support/fake-fetch.js';

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

  // Under jest's and vitest's vm pools the SDK has a realm of its own, while Node's fetch
  // rejects with the outer realm's errors: ky wraps such a rejection in its NonError, and no
  // instanceof of the SDK's realm recognizes it.
  describe('from another realm', () => {
    const refused = () =>
      runInNewContext(
        `const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', address: '127.0.0.1', port: 4999 });
         new TypeError('fetch failed', { cause })`,
      ) as TypeError;
    // A fetch that rejects with `failed()` for the first `failures` requests, then answers.
    const failing = (failed: () => unknown, failures = Number.POSITIVE_INFINITY) => {
      const service = {
        requests: 0,
        fetch: async () => {
          if (service.requests++ < failures) throw failed();
          return json(productPage);
        },
      };
      return service;
    };

    it('retries a network failure and reports it as ConnectionError', async () => {
      const flaky = failing(refused, 2);
      await expect(clientOver(flaky, { retry: FAST_RETRY }).products.list()).resolves.toEqual(
        productPage,
      );
      expect(flaky.requests).toBe(3);

      const down = failing(refused);
      const error = await failure(clientOver(down, { retry: FAST_RETRY }).products.list());
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as Error).message).toBe('GET /products → ECONNREFUSED 127.0.0.1:4999');
      expect((error as Error).cause).not.toBeInstanceOf(TypeError);
      expect(down.requests).toBe(4);
    });

    // ky wraps any rejection that is no Error of its realm: what is not an object stays
    // wrapped for the retry decision, and the call rejects with what the fetch threw.
    it.each([undefined, null, 'proxy refused'])(
      'rejects with what a fetch threw: %o',
      async (thrown) => {
        const service = failing(() => thrown);
        await expect(clientOver(service, { retry: FAST_RETRY }).products.list()).rejects.toBe(
          thrown,
        );
        expect(service.requests).toBe(1);
      },
    );

    it("reports workerd's plain Error and a body cut off as ConnectionError", async () => {
      const lost = failing(() => runInNewContext("new Error('Network connection lost.')"));
      const error = await failure(clientOver(lost, NO_RETRY).products.list());
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as Error).message).toBe(
        'GET /products → network error: Network connection lost.',
      );
      const cut = fakeFetch(
        () =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('{"items": ['));
                controller.error(runInNewContext("new TypeError('terminated')"));
              },
            }),
          ),
      );
      const truncated = await failure(clientOver(cut, NO_RETRY).products.list());
      expect(truncated).toBeInstanceOf(ConnectionError);
      expect((truncated as Error).message).toMatch(/^GET \/products → network error: terminated/);
    });
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

  it.each([
    ['', () => new Error('shutting down')],
    [' (from another realm)', () => runInNewContext("new Error('shutting down')") as Error],
  ])(
    'rejects an aborted call with AbortError, an OrderFulfillmentError with the reason as cause%s',
    async (_, made) => {
      const controller = new AbortController();
      const client = createClient({
        ...NO_RETRY,
        fetch: hangingFetch,
      });
      const pending = client.products.list({}, { signal: controller.signal });
      const reason = made();
      controller.abort(reason);
      const error = await failure(pending);
      expect(error).toBeInstanceOf(AbortError);
      expect(error).toBeInstanceOf(OrderFulfillmentError);
      expect(error.name).toBe('AbortError');
      expect(error.cause).toBe(reason);
      expect(error.message).toBe('GET /products → aborted by the caller: shutting down');
      const { method, path, cursor } = error as AbortError;
      expect([method, path, cursor]).toEqual(['GET', '/products', undefined]);
    },
  );

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
