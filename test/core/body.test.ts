// Reading bodies: a 2xx body's bytes joined before they are decoded, whatever the chunking;
// an error answer's body under the same limits as a 2xx body, when it stalls after the headers.
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  createClient,
  NotFoundError,
  OrderFulfillmentError,
  ServerError,
  TimeoutError,
} from '../../src/index.js';
import {
  clientOver,
  FAST_RETRY,
  fakeFetch,
  HOST,
  json,
  KEY,
  NO_RETRY,
} from '../support/fake-fetch.js';
import { cursorService } from '../support/scripted-service.js';

describe('reading the body', () => {
  it('decodes UTF-8 split across chunks, in any number of chunks', async () => {
    const page = { items: [], page: 1, page_size: 50, total: 0, note: 'Müller – 東京 🚚' };
    const bytes = new TextEncoder().encode(JSON.stringify(page));
    for (const size of [1, 2, 3, 7, bytes.length]) {
      const client = createClient({
        hostUrl: HOST,
        apiKey: KEY,
        fetch: async () => {
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              for (let at = 0; at < bytes.length; at += size) {
                controller.enqueue(bytes.slice(at, at + size));
              }
              controller.close();
            },
          });
          return new Response(stream, { headers: { 'content-type': 'application/json' } });
        },
      });
      await expect(client.products.list()).resolves.toEqual(page);
    }
  });
});

/**
 * An answer whose headers arrive and whose body stops half way, as from a worker killed
 * mid-answer behind a proxy. Like a socket's, the body fails when the request's signal
 * aborts; nothing else ends it. `waiting` runs once the first half has been read.
 */
function stalled(status: number, signal: AbortSignal, waiting?: () => void) {
  const answer = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"detail": "Service temporarily'));
      signal.addEventListener('abort', () => controller.error(signal.reason));
    },
    pull() {
      waiting?.();
      return new Promise<void>(() => {});
    },
    cancel() {
      answer.cancelled = true;
    },
  });
  const headers = {
    'content-type': 'application/json',
    'content-length': '100',
    'x-request-id': 'req_stalled',
  };
  return { answer, response: new Response(body, { status, headers }) };
}

describe('an error answer whose body stalls', () => {
  it.each([
    [503, ServerError],
    [404, NotFoundError],
  ])(
    'ends at the attempt timeout as the %i error, without the body, and lets the body go',
    async (status, ErrorClass) => {
      let answer = { cancelled: false };
      const service = fakeFetch((request) => {
        const stall = stalled(status, request.signal);
        answer = stall.answer;
        return stall.response;
      });
      const client = clientOver(service, { ...NO_RETRY, timeout: 50 });
      const error = await client.orders.get('o1').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toMatchObject({ status, body: undefined, detail: undefined });
      expect(answer.cancelled).toBe(true);
    },
  );

  it('is retried on its status: a later 200 is the result, a stall on every attempt ends as ServerError', async () => {
    const order = { id: 'o1', status: 'Created', updated_at: '2026-01-01T00:00:00Z' };
    let first = { cancelled: false };
    const recovering = fakeFetch((request, index) => {
      if (index > 0) return json(order);
      const stall = stalled(503, request.signal);
      first = stall.answer;
      return stall.response;
    });
    const retry = { ...FAST_RETRY, limit: 1 };
    const quiet = { timeout: 50, retry, logLevel: 'off' } as const;
    await expect(clientOver(recovering, quiet).orders.get('o1')).resolves.toMatchObject({
      id: 'o1',
    });
    // The answer given up for the retry is let go: unread, it would hold its connection.
    expect(first.cancelled).toBe(true);
    const down = fakeFetch((request) => stalled(503, request.signal).response);
    const error = await clientOver(down, quiet)
      .orders.get('o1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect(down.requests).toHaveLength(2);
  });

  it('ends as AbortError, the reason as cause, when the caller aborts during the read', async () => {
    const controller = new AbortController();
    const service = fakeFetch(
      (request) =>
        stalled(503, request.signal, () => controller.abort(new Error('shutting down'))).response,
    );
    const error = await clientOver(service, NO_RETRY)
      .orders.get('o1', { signal: controller.signal, timeout: false })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toBeInstanceOf(OrderFulfillmentError);
    expect((error as Error).cause).toEqual(new Error('shutting down'));
  });

  it('ends as TimeoutError when totalTimeout runs out during the read', async () => {
    const service = fakeFetch((request) => stalled(503, request.signal).response);
    const error = await clientOver(service, NO_RETRY)
      .orders.get('o1', { totalTimeout: 50, timeout: false })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    // The headers had come: the error names the answer, as for a 2xx body that stalls.
    expect(error).toMatchObject({ limit: 'total', status: 503, requestId: 'req_stalled' });
    expect((error as Error).message).toContain(
      'after the headers of a 503 answer (request id req_stalled)',
    );
  });

  it('carries the cursor to resume from in a pull', async () => {
    const healthy = cursorService(9);
    const service = fakeFetch((request, index) =>
      index === 0 ? healthy(request, index) : stalled(503, request.signal).response,
    );
    const pages = clientOver(service, { ...NO_RETRY, timeout: 50 }).orders.pages({ limit: 3 });
    const first = await pages.next();
    const error = await pages.next().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).cursor).toEqual({
      since: first.value?.next_since,
      since_id: first.value?.next_since_id,
    });
  });
});
