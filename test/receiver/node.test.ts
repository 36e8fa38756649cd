// toNodeListener: the Fetch handler on node:http's request and response, typed to accept
// them (and Express's) as they are.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
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
    await toNodeListener(createWebhookHandler({ secret: 's', on: {} }))(req, res);
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
  return Object.assign(req, kept);
}

describe('toNodeListener after a body parser', () => {
  it.each([
    ['Fastify’s or koa-bodyparser’s JSON parser (nothing in req.body)', {}],
    ['express.json() (the parsed object in req.body)', { body: JSON.parse(event) }],
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

  it('verifies the Buffer NestJS’s rawBody: true keeps in req.rawBody, not the parsed req.body', async () => {
    const handled = vi.fn();
    const listener = toNodeListener(
      createWebhookHandler({ secret, on: { 'order.updated': handled } }),
    );
    const res = response();
    await listener(
      await afterParser({ body: JSON.parse(event), rawBody: Buffer.from(event) }),
      res,
    );
    expect(res).toMatchObject({ statusCode: 200, body: 'ok' });
    expect(handled).toHaveBeenCalledWith(expect.objectContaining({ id: 'evt_node_1' }));
  });
});
