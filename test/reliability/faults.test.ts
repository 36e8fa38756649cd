// Faults between the SDK and the mock: error bursts, 429 storms, broken bodies, resets and
// slow answers. Each pull either recovers inside the retries or ends with a typed error whose
// `cursor` a new pull resumes from; either way the orders seen are exactly the store's.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, MOCK_API_KEY, type MockService } from '../../mock/index.js';
import {
  type Client,
  ConnectionError,
  createClient,
  type OrderCursor,
  OrderFulfillmentError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
} from '../../src/index.js';
import { handlerFetch } from '../support/mock.js';
import { clientFor } from '../support/reliability.js';

const FAST = { delay: () => 0, jitter: false } as const;

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

interface PullResult {
  ids: Set<string>;
  deliveries: number;
  errors: OrderFulfillmentError[];
}

/**
 * Pulls everything with `iterate`, resuming from `error.cursor` after each typed failure,
 * as an integrator's job would after a crash.
 */
async function pullResuming(client: Client, limit = 40, maxResumes = 10): Promise<PullResult> {
  const ids = new Set<string>();
  const errors: OrderFulfillmentError[] = [];
  let deliveries = 0;
  let from: OrderCursor | undefined;
  for (;;) {
    try {
      for await (const order of client.orders.iterate({ limit, ...from })) {
        ids.add(order.id);
        deliveries++;
      }
      return { ids, deliveries, errors };
    } catch (error) {
      expect(error).toBeInstanceOf(OrderFulfillmentError);
      const cursor = (error as { cursor?: OrderCursor }).cursor;
      expect(cursor).toBeDefined();
      errors.push(error as OrderFulfillmentError);
      if (errors.length > maxResumes) throw error;
      from = cursor;
    }
  }
}

function storeIds(mock: MockService): Set<string> {
  return new Set(mock.orders.all().map((order) => order.id));
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

/** What the proxy does with the n-th request it forwards. */
type ProxyFault = 'pass' | 'reset-before-headers' | 'reset-mid-body' | 'slow' | 'stall-body';

/** A real node:http proxy in front of the standalone mock, breaking requests as planned. */
async function startProxy(target: string, plan: (index: number) => ProxyFault) {
  let index = 0;
  // When each stalled response's connection closed, in ms after its headers went out.
  const stallsClosedAfter: number[] = [];
  const server: Server = createServer((req, res) => {
    const fault = plan(index++);
    if (fault === 'reset-before-headers') {
      req.socket.destroy();
      return;
    }
    const upstream = httpRequest(
      `${target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const send = () => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            if (fault === 'reset-mid-body' || fault === 'stall-body') {
              res.write(body.subarray(0, Math.floor(body.length / 2)));
              const sent = Date.now();
              if (fault === 'stall-body') {
                res.on('close', () => stallsClosedAfter.push(Date.now() - sent));
              }
              // Reset: the socket dies mid-body. Stall: the rest never comes.
              if (fault === 'reset-mid-body') setTimeout(() => res.socket?.destroy(), 20);
              return;
            }
            res.end(body);
          };
          if (fault === 'slow') setTimeout(send, 400);
          else send();
        });
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    hostUrl: `http://127.0.0.1:${port}`,
    stallsClosedAfter,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('faults from a real proxy in front of mock.listen()', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  async function setUp(plan: (index: number) => ProxyFault) {
    const mock = createMockService({ orders: 150 });
    const running = await mock.listen();
    closers.push(() => running.close());
    const proxy = await startProxy(running.hostUrl, plan);
    closers.push(proxy.close);
    const client = createClient({
      hostUrl: proxy.hostUrl,
      apiKey: MOCK_API_KEY,
      timeout: 200,
      retry: { ...FAST, limit: 2 },
    });
    return { mock, client, proxy };
  }

  it('retries a connection reset before the headers and loses nothing', async () => {
    const { mock, client } = await setUp((index) =>
      index === 0 || index === 2 ? 'reset-before-headers' : 'pass',
    );
    const result = await pullResuming(client);
    expect(result.errors).toEqual([]);
    expect(result.ids).toEqual(storeIds(mock));
  });

  it('ends with ConnectionError carrying the cursor on a reset mid-body; the resume completes', async () => {
    const { mock, client } = await setUp((index) => (index === 1 ? 'reset-mid-body' : 'pass'));
    const result = await pullResuming(client);
    expect(result.errors.map((error) => error.constructor)).toEqual([ConnectionError]);
    // The answer had begun: the error names its status and the request id of that page, so
    // the service's team can find it, and does not read as if nothing had answered.
    const cut = result.errors[0] as ConnectionError;
    const requestId = mock.requests[1]?.requestId;
    expect({ status: cut.status, requestId: cut.requestId }).toEqual({ status: 200, requestId });
    expect(cut.message).toContain(`after the headers of a 200 answer (request id ${requestId})`);
    expect(result.ids).toEqual(storeIds(mock));
    expect(result.deliveries).toBe(150);
  });

  it('retries an answer slower than the timeout, and ends with TimeoutError when every attempt is', async () => {
    // Request 0 is slow once (retried); requests 2 to 4 are one page's three attempts.
    const { mock, client } = await setUp((index) =>
      index === 0 || (index >= 2 && index <= 4) ? 'slow' : 'pass',
    );
    const result = await pullResuming(client);
    expect(result.errors.map((error) => error.constructor)).toEqual([TimeoutError]);
    expect((result.errors[0] as TimeoutError).timeout).toBe(200);
    // No answer had come: nothing claims one.
    expect((result.errors[0] as TimeoutError).status).toBeUndefined();
    expect((result.errors[0] as TimeoutError).requestId).toBeUndefined();
    expect(result.ids).toEqual(storeIds(mock));
    expect(result.deliveries).toBe(150);
  });

  it('ends with TimeoutError when the body stalls after the headers, closing that connection; the resume completes', async () => {
    const { mock, client, proxy } = await setUp((index) => (index === 1 ? 'stall-body' : 'pass'));
    const result = await pullResuming(client);
    expect(result.errors.map((error) => error.constructor)).toEqual([TimeoutError]);
    // The headers had come: the message does not say that nothing did.
    expect(result.errors[0]?.message).toMatch(/→ no complete response within \d+ ms/);
    const requestId = mock.requests[1]?.requestId;
    expect(result.errors[0]).toMatchObject({ status: 200, requestId });
    expect(result.ids).toEqual(storeIds(mock));
    expect(result.deliveries).toBe(150);
    // The client gave up on the body after its 200 ms and closed the socket, rather than
    // leaving it open until the runtime's own body timeout (undici's: 300 s).
    await expect.poll(() => proxy.stallsClosedAfter.length, { timeout: 2000 }).toBe(1);
    expect(proxy.stallsClosedAfter[0]).toBeLessThan(2000);
  });
});
