// Faults of the connection, from a real node:http proxy in front of mock.listen(): resets
// before the headers and mid-body, answers slower than the timeout, a body that stalls. Each
// pull either recovers inside the retries or ends with a typed error whose `cursor` a new pull
// resumes from; either way the orders seen are exactly the store's.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, MOCK_API_KEY } from '../../mock/index.js';
import { ConnectionError, createClient, TimeoutError } from '../../src/index.js';
import { FAST_RETRY as FAST } from '../support/fake-fetch.js';
import { pullResuming, storeIds } from '../support/reliability.js';

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
