// toNodeListener: the Fetch handler on node:http's request and response, typed to accept
// them (and Express's) as they are.
import { once } from 'node:events';
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request as post,
  type ServerResponse,
} from 'node:http';
import { connect, createServer as createHttp2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  createWebhookHandler,
  type HeadersLike,
  type NodeRequestLike,
  type NodeResponseLike,
  signWmsPayload,
  toNodeListener,
  WebhookBodyConsumedError,
} from '../../src/index.js';

// A request as node:http hands it over: a readable stream with method, url and headers.
function request(method: string, headers: Record<string, string | string[]>, chunks: string[]) {
  return Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {
    method,
    url: '/hooks/orders?x=1',
    headers,
  });
}

function response() {
  const res = {
    statusCode: 0,
    headers: {} as Record<string, string>,
    body: '',
    setHeader(name: string, value: string) {
      res.headers[name] = value;
    },
    end(body?: Uint8Array) {
      res.body = Buffer.from(body ?? []).toString('utf8');
    },
  };
  return res;
}

describe('toNodeListener', () => {
  it('accepts node:http’s (and so Express’s) request, response and headers as they are', () => {
    expectTypeOf<IncomingMessage>().toExtend<NodeRequestLike>();
    expectTypeOf<ServerResponse>().toExtend<NodeResponseLike>();
    expectTypeOf<IncomingHttpHeaders>().toExtend<HeadersLike>();
  });

  it('hands the handler the method, path, every header value and the streamed body, and writes its answer back', async () => {
    let seen: { method: string; url: string; cookie: string | null; body: string } | undefined;
    const listener = toNodeListener(async (req) => {
      seen = {
        method: req.method,
        url: req.url,
        cookie: req.headers.get('x-multi'),
        body: await req.text(),
      };
      return new Response('answer', { status: 202, headers: { 'x-answer': 'yes' } });
    });
    const res = response();
    await listener(
      request('POST', { 'x-multi': ['a', 'b'], ':path': '/h2' }, ['{"a"', ':1}']),
      res,
    );
    expect(seen).toEqual({
      method: 'POST',
      url: 'http://localhost/hooks/orders?x=1',
      cookie: 'a, b',
      body: '{"a":1}',
    });
    expect(res).toMatchObject({ statusCode: 202, body: 'answer' });
    expect(res.headers['x-answer']).toBe('yes');
  });

  it('passes a crash to Express’s next, or answers 500 without one', async () => {
    const crash = new Error('boom');
    const listener = toNodeListener(() => Promise.reject(crash));
    let passed: unknown;
    await listener(request('POST', {}, ['x']), response(), (error) => {
      passed = error;
    });
    expect(passed).toBe(crash);
    const res = response();
    await listener(request('POST', {}, ['x']), res);
    expect(res).toMatchObject({ statusCode: 500, body: 'receiver error' });
  });

  it('answers TRACE, TRACK and CONNECT 405 like any method but POST, though Fetch’s Request refuses them', async () => {
    const onError = vi.fn();
    const next = vi.fn();
    const listener = toNodeListener(
      createWebhookHandler({ secret: 's', on: { 'order.created': () => {} }, onError }),
    );
    for (const method of ['OPTIONS', 'TRACE', 'TRACK', 'CONNECT']) {
      const res = response();
      await listener(request(method, {}, []), res, next);
      expect(res, method).toMatchObject({ statusCode: 405, body: 'method not allowed' });
      expect(res.headers.allow, method).toBe('POST');
    }
    expect(next).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('streams the body to the handler, which reads none of a request it refuses by its headers', async () => {
    let read = 0;
    const chunks = (async function* () {
      for (let i = 0; i < 200; i++) {
        read++;
        yield Buffer.alloc(64 * 1024);
      }
    })();
    const req = Object.assign(Readable.from(chunks), { method: 'POST', url: '/', headers: {} });
    const res = response();
    await toNodeListener(createWebhookHandler({ secret: 's', on: { 'order.created': () => {} } }))(
      req,
      res,
    );
    expect(res).toMatchObject({ statusCode: 400, body: 'missing_header' });
    // Node's stream reads a little ahead of what is asked; nowhere near the 12.5 MB sent.
    expect(read).toBeLessThan(10);
  });
});

// A real delivery's body and headers, for the requests a framework hands on after its parsers.
const secret = 'whsec_node_test';
const event = JSON.stringify({
  id: 'evt_node_1',
  type: 'order.updated',
  data: { order: { id: '1042', updated_at: '2026-11-22T10:00:00Z' } },
});
const signed = () => ({
  'content-type': 'application/json',
  'x-webhook-signature': signWmsPayload(event, secret),
});

// The request as a body parser leaves it: its stream read to the end, and what it kept.
async function afterParser(kept: { body?: unknown; rawBody?: unknown }) {
  const req = request('POST', signed(), [event]);
  for await (const _ of req);
  // Property by property, so that a getter is copied as a getter, not read.
  return Object.defineProperties(req, Object.getOwnPropertyDescriptors(kept));
}

// What Vercel's Node helpers leave: the stream read, and `body` a getter that parses the
// bytes they took, throwing (their 400) on a body that is no JSON.
const lazyBody = {
  get body(): unknown {
    throw Object.assign(new Error('Invalid JSON'), { statusCode: 400 });
  },
};

describe('toNodeListener after a body parser', () => {
  it.each([
    ['Fastify’s or koa-bodyparser’s JSON parser (nothing in req.body)', {}],
    ['express.json() (the parsed object in req.body)', { body: JSON.parse(event) }],
    ['Vercel’s Node helpers (a req.body getter that throws)', lazyBody],
  ])('answers 500 naming the mistake and tells onError, after %s', async (_, kept) => {
    const handled = vi.fn();
    const onError = vi.fn();
    const listener = toNodeListener(
      createWebhookHandler({ secret, on: { 'order.updated': handled }, onError }),
    );
    const res = response();
    await listener(await afterParser(kept), res);
    expect(res.statusCode).toBe(500);
    expect(res.body).toMatch(/signed bytes are lost/);
    expect(handled).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(WebhookBodyConsumedError);
    expect(onError.mock.calls[0]?.[1]).toBeUndefined();
  });

  it.each([
    ['the Buffer NestJS’s rawBody: true keeps', Buffer.from(event)],
    ['the string a verify hook kept with buf.toString()', event],
    ['an ArrayBuffer a framework kept', new TextEncoder().encode(event).buffer],
  ])('verifies %s in req.rawBody, not the parsed req.body', async (_, rawBody) => {
    const handled = vi.fn();
    const listener = toNodeListener(
      createWebhookHandler({ secret, on: { 'order.updated': handled } }),
    );
    const res = response();
    await listener(await afterParser({ body: JSON.parse(event), rawBody }), res);
    expect(res).toMatchObject({ statusCode: 200, body: 'ok' });
    expect(handled).toHaveBeenCalledWith(expect.objectContaining({ id: 'evt_node_1' }));
  });

  it('verifies req.rawBody without reading a req.body getter (Cloud Functions, Vercel)', async () => {
    const handled = vi.fn();
    const listener = toNodeListener(
      createWebhookHandler({ secret, on: { 'order.updated': handled } }),
    );
    const res = response();
    const kept = Object.defineProperties(
      { rawBody: Buffer.from(event) },
      Object.getOwnPropertyDescriptors(lazyBody),
    );
    await listener(await afterParser(kept), res);
    expect(res).toMatchObject({ statusCode: 200, body: 'ok' });
    expect(handled).toHaveBeenCalledWith(expect.objectContaining({ id: 'evt_node_1' }));
  });
});

describe('toNodeListener on a keep-alive connection', () => {
  // Sends on the agent's one socket; a request stuck behind an unread body times out.
  function send(agent: Agent, port: number, headers: Record<string, string>, body: string) {
    return new Promise<{ status?: number; connection?: string; body: string }>(
      (resolve, reject) => {
        const req = post({ port, method: 'POST', path: '/hooks', agent, headers, timeout: 2000 });
        req.on('timeout', () => req.destroy(new Error('no answer within 2 s')));
        req.on('error', reject);
        req.on('response', async (res) => {
          let text = '';
          for await (const chunk of res) text += chunk;
          resolve({ status: res.statusCode, connection: res.headers.connection, body: text });
        });
        req.end(body);
      },
    );
  }

  const big = 'x'.repeat(200_000);
  it.each([
    ['refused by its headers', 400, { 'content-type': 'application/json' }],
    ['over maxBodyBytes', 413, { 'x-webhook-signature': signWmsPayload(big, secret) }],
  ])(
    'closes the connection after a request %s, so the next delivery is answered',
    async (_, status, headers) => {
      const handled = vi.fn();
      const handler = createWebhookHandler({
        secret,
        on: { 'order.updated': handled },
        maxBodyBytes: 100_000,
      });
      const server = createServer(toNodeListener(handler) as never).listen(0, '127.0.0.1');
      await once(server, 'listening');
      let connections = 0;
      server.on('connection', () => connections++);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const { port } = server.address() as AddressInfo;
      try {
        const refused = await send(agent, port, headers, big);
        expect(refused).toMatchObject({ status, connection: 'close' });
        const next = await send(agent, port, signed(), event);
        // Read to its end, the delivery leaves the connection open for the next.
        expect(next).toEqual({ status: 200, connection: 'keep-alive', body: 'ok' });
        expect(handled).toHaveBeenCalledOnce();
        expect(connections).toBe(2);
      } finally {
        agent.destroy();
        server.closeAllConnections();
        server.close();
      }
    },
  );
});

describe('toNodeListener on HTTP/2', () => {
  it('answers a request refused before its body is read without an HTTP/1 Connection header, which HTTP/2 forbids', async () => {
    const warnings = vi.spyOn(process, 'emitWarning');
    const handler = createWebhookHandler({ secret, on: { 'order.created': () => {} } });
    // node:http2's compatibility request and response, as node:http's are handed over.
    const server = createHttp2Server(toNodeListener(handler) as never).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      // Signed a day ago: refused by its header, with the body (far more than one read) unread.
      const stale = signWmsPayload(event, secret, new Date(Date.now() - 86_400_000));
      const req = client.request({
        ':method': 'POST',
        ':path': '/hooks',
        'x-webhook-signature': stale,
      });
      req.end('x'.repeat(200_000));
      const [headers] = await once(req, 'response');
      let body = '';
      for await (const chunk of req) body += chunk;
      expect(headers[':status']).toBe(400);
      expect(body).toBe('timestamp_too_old');
      expect(warnings.mock.calls.flat().join(' ')).not.toMatch(/connection header/i);
    } finally {
      warnings.mockRestore();
      client.close();
      server.close();
    }
  });
});
