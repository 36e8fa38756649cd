// The node:http adapter: same handlers over real HTTP, any path mapped onto the handlers'
// origin, JSON for everything, clean start and stop.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMockService, MOCK_API_KEY } from '../../../mock/index.js';
import { send } from '../../support/mock.js';
import { rawExchange } from '../../support/raw-http.js';

const ORDERS = '/api/v1/web-api/v1/orders';

function parseRaw(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('mock.listen', () => {
  it('binds 127.0.0.1 on a free port and answers the API', async () => {
    const mock = createMockService({ orders: 3 });
    const running = await mock.listen();
    onTestFinished(() => running.close());
    expect(running.hostUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await send(`${running.hostUrl}/api/v1/web-api/v1/orders`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
  });

  it.for([
    ['0.0.0.0', 'http://127.0.0.1:'],
    ['::', 'http://[::1]:'],
  ] as const)(
    'given the wildcard host %s, gives a loopback URL a client can fetch',
    async ([host, origin], ctx) => {
      const mock = createMockService({ orders: 2 });
      let running: Awaited<ReturnType<typeof mock.listen>>;
      try {
        running = await mock.listen({ host });
      } catch (error) {
        // A machine without IPv6 cannot bind `::`.
        if (host === '::') return ctx.skip(`cannot bind ::: ${String(error)}`);
        throw error;
      }
      onTestFinished(() => running.close());
      expect(running.hostUrl.startsWith(origin)).toBe(true);
      expect(running.hostUrl).toMatch(/:\d+$/);
      const res = await send(`${running.hostUrl}/api/v1/web-api/v1/orders`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(2);
    },
  );

  it('serves handlers whose hostUrl has a path prefix', async () => {
    const mock = createMockService({ hostUrl: 'https://api.example.com/tenant-1/' });
    expect(mock.baseUrl).toBe('https://api.example.com/tenant-1/api/v1/web-api/v1');
    const running = await mock.listen();
    onTestFinished(() => running.close());
    expect((await send(`${running.hostUrl}/api/v1/web-api/v1/products`)).status).toBe(200);
  });

  // A test's own teardown and an afterAll may both close it: the second call must not reject.
  it('closes once, however often close() is called, and refuses connections after', async () => {
    const running = await createMockService().listen();
    const first = running.close();
    await expect(Promise.all([first, running.close()])).resolves.toEqual([undefined, undefined]);
    await expect(running.close()).resolves.toBeUndefined();
    await expect(fetch(`${running.hostUrl}/api/v1/web-api/v1/products`)).rejects.toThrow(
      'fetch failed',
    );
  });

  it('answers unknown paths and wrong methods with JSON', async () => {
    const running = await createMockService().listen();
    onTestFinished(() => running.close());
    const unknown = await fetch(`${running.hostUrl}/index.html`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
    expect(await unknown.json()).toEqual({ detail: 'Not Found' });
    const wrong = await send(`${running.hostUrl}/api/v1/webhooks/wms/fulfillment`);
    expect(wrong.status).toBe(405);
  });

  it('keeps the query of an absolute-form (proxy-style) request target', async () => {
    const running = await createMockService({ orders: 5 }).listen();
    onTestFinished(() => running.close());
    const { hostname, port } = new URL(running.hostUrl);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({
        host: hostname,
        port,
        // The whole URL as the request target, as an HTTP proxy client sends it.
        path: `${running.hostUrl}/api/v1/web-api/v1/orders?limit=2`,
        headers: { 'X-API-Key': MOCK_API_KEY },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(200);
    const page = JSON.parse(answer.body);
    expect(page.items).toHaveLength(2);
    expect(page.page_size).toBe(2);
  });

  it('answers a request node:http cannot parse with a JSON detail and a request id, and closes', async () => {
    const running = await createMockService({ orders: 3 }).listen();
    onTestFinished(() => running.close());
    const { port } = new URL(running.hostUrl);
    const head = 'Host: x\r\nConnection: close\r\n';
    const cases: Array<[string, string, number, RegExp]> = [
      [
        'a header over 16 KB',
        `GET /api/v1/web-api/v1/orders HTTP/1.1\r\n${head}X-API-Key: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        /header fields too large/i,
      ],
      [
        'broken chunked encoding',
        `POST /api/v1/webhooks/wms/fulfillment HTTP/1.1\r\n${head}Transfer-Encoding: chunked\r\n\r\nzz\r\n`,
        400,
        /Malformed HTTP request \(HPE_INVALID_CHUNK_SIZE\)/,
      ],
      [
        'an unknown method',
        `FOO /api/v1/web-api/v1/orders HTTP/1.1\r\n${head}\r\n`,
        400,
        /Malformed HTTP request \(HPE_INVALID_METHOD\)/,
      ],
    ];
    for (const [what, raw, status, detail] of cases) {
      const answer = parseRaw(await rawExchange(Number(port), raw));
      expect(answer.status, what).toBe(status);
      expect(answer.headers['content-type'], what).toBe('application/json');
      expect(answer.headers.connection, what).toBe('close');
      // Every answer carries a request id, also one node:http gave before the service saw it.
      expect(answer.headers['x-request-id'], what).toMatch(/^req_\d+$/);
      expect(Number(answer.headers['content-length']), what).toBe(Buffer.byteLength(answer.body));
      expect(JSON.parse(answer.body).detail, what).toMatch(detail);
    }
    // The server is still up and answering.
    expect((await send(`${running.hostUrl}/api/v1/web-api/v1/orders`)).body.total).toBe(3);
  });

  it('sends a fault rule’s Latin-1 header values as Latin-1, as in-process, Content-Disposition too', async () => {
    const headers = {
      'X-Reason': 'caf\u00e9',
      'Content-Disposition': 'attachment; filename="r\u00e9sum\u00e9.json"',
    };
    const mock = createMockService({ orders: 3 });
    mock.faults.add({ path: `${ORDERS}*`, status: 503, headers });
    const running = await mock.listen();
    onTestFinished(() => running.close());
    for (const method of ['GET', 'HEAD']) {
      const init = { method, headers: { 'X-API-Key': MOCK_API_KEY } };
      const inProcess = await mock.fetch(`${mock.baseUrl}/orders`, init);
      // fetch reads header bytes as Latin-1: UTF-8 bytes would read as `cafÃ©`.
      const overHttp = await fetch(`${running.hostUrl}${ORDERS}`, init);
      expect(overHttp.status, method).toBe(503);
      for (const [name, value] of Object.entries(headers)) {
        expect(overHttp.headers.get(name), `${method} ${name}`).toBe(value);
        expect(inProcess.headers.get(name), `${method} ${name}`).toBe(value);
      }
      // The answer is the journal's, not a 500 of the adapter's under another id.
      expect(mock.requests.at(-1)?.requestId).toBe(overHttp.headers.get('x-request-id'));
    }
  });

  // node:http writes no body for a HEAD, so the truncate's write flushed nothing before the
  // socket closed: the client saw a network error where in-process it had the whole answer.
  it('sends the whole head of a HEAD a truncate meets, then closes, as in-process', async () => {
    const mock = createMockService({ orders: 3 });
    const rule = { path: `${ORDERS}/1`, error: 'truncate', times: 1 } as const;
    mock.faults.add(rule);
    const init = { method: 'HEAD', headers: { 'X-API-Key': MOCK_API_KEY } };
    const inProcess = await mock.fetch(`${mock.baseUrl}/orders/1`, init);
    mock.faults.add(rule);
    const running = await mock.listen();
    onTestFinished(() => running.close());
    // Kept alive unless the server closes it: rawExchange resolves only once it does.
    const raw = await rawExchange(
      Number(new URL(running.hostUrl).port),
      `HEAD ${ORDERS}/1 HTTP/1.1\r\nHost: x\r\nX-API-Key: ${MOCK_API_KEY}\r\n\r\n`,
    );
    const answer = parseRaw(raw);
    expect(answer.status).toBe(inProcess.status);
    expect(answer.headers['content-type']).toBe(inProcess.headers.get('content-type'));
    expect(answer.headers['x-request-id']).toBe(mock.requests.at(-1)?.requestId);
    expect(answer.body).toBe('');
    expect(mock.requests.map((entry) => entry.fault?.effect)).toEqual(['truncate', 'truncate']);
  });

  // node:http named such a status `unknown`, which the SDK's error message then quoted.
  it.each([420, 599])(
    'sends %i, a status node:http has no name for, with an empty reason phrase, as in-process',
    async (status) => {
      const mock = createMockService({ orders: 3 });
      mock.faults.add({ path: `${ORDERS}*`, status });
      const running = await mock.listen();
      onTestFinished(() => running.close());
      const init = { headers: { 'X-API-Key': MOCK_API_KEY } };
      const inProcess = await mock.fetch(`${mock.baseUrl}/orders`, init);
      const overHttp = await fetch(`${running.hostUrl}${ORDERS}`, init);
      expect([inProcess.status, overHttp.status]).toEqual([status, status]);
      expect([inProcess.statusText, overHttp.statusText]).toEqual(['', '']);
    },
  );

  it('treats paths case-sensitively over HTTP: another case is an unknown path', async () => {
    const running = await createMockService({ orders: 3 }).listen();
    onTestFinished(() => running.close());
    const upper = await send(`${running.hostUrl}/API/V1/WEB-API/V1/ORDERS?limit=1`);
    expect(upper).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    const control = await send(`${running.hostUrl}/__MOCK/clock`, { key: null });
    expect(control).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    expect((await send(`${running.hostUrl}/api/v1/web-api/v1/orders?limit=1`)).status).toBe(200);
  });

  it('serves two independent services at once', async () => {
    const a = createMockService({ orders: 2 });
    const b = createMockService({
      orders: 7,
      apiKeys: [{ key: 'b-key', scopes: ['orders:read'] }],
    });
    const [ra, rb] = await Promise.all([a.listen(), b.listen()]);
    onTestFinished(() => Promise.all([ra.close(), rb.close()]).then(() => undefined));
    expect((await send(`${ra.hostUrl}/api/v1/web-api/v1/orders`)).body.total).toBe(2);
    expect(
      (await send(`${rb.hostUrl}/api/v1/web-api/v1/orders`, { key: 'b-key' })).body.total,
    ).toBe(7);
    expect(
      (await send(`${rb.hostUrl}/api/v1/web-api/v1/orders`, { key: MOCK_API_KEY })).status,
    ).toBe(401);
  });

  it('rejects a port in use and an invalid port', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const { port } = blocker.address() as AddressInfo;
    await expect(createMockService().listen({ port })).rejects.toThrow(/EADDRINUSE/);
    await expect(createMockService().listen({ port: -1 })).rejects.toThrow(TypeError);
  });

  it('closes with keep-alive connections open', async () => {
    const running = await createMockService().listen();
    await send(`${running.hostUrl}/api/v1/web-api/v1/products`);
    await running.close();
    await expect(fetch(`${running.hostUrl}/api/v1/web-api/v1/products`)).rejects.toThrow();
  });
});
