// toNodeListener: the Fetch handler served by node:http or Express. It reads the raw body
// itself, so no body parser has to be set up (or kept away) for the webhook route.
import { WebhookBodyConsumedError } from '../errors/webhook-body-consumed-error.js';
import { methodNotAllowed, type WebhookHandler } from './handler.js';
import { toHeaders } from './headers.js';

/**
 * The parts of node:http's `IncomingMessage` (or Express's `Request`) that are read.
 *
 * @example
 * ```ts
 * import { createServer, type IncomingMessage } from 'node:http';
 *
 * createServer((req: IncomingMessage, res) => listener(req satisfies NodeRequestLike, res));
 * ```
 */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  /** The HTTP method. */
  method?: string | undefined;
  /** The path and query. */
  url?: string | undefined;
  /** The headers, names in lower case. */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** A body a middleware already read: `express.raw` leaves the Buffer here. */
  body?: unknown;
  /**
   * The bytes as received, kept by a body parser that also parsed `body`: NestJS's
   * `rawBody: true`, or a `verify` hook of your own, leave a Buffer (or its UTF-8 text, or
   * an ArrayBuffer) here.
   */
  rawBody?: unknown;
  /** Whether the body stream has been read to its end (by a body parser, say). */
  readableEnded?: boolean;
  /** Whether node:http has received the whole body (false while some of it is unread). */
  complete?: boolean;
  /** 1 for HTTP/1.x, 2 for node:http2's compatibility request. */
  httpVersionMajor?: number;
}

/**
 * The parts of node:http's `ServerResponse` (or Express's `Response`) that are used.
 *
 * @example
 * ```ts
 * import { createServer, type ServerResponse } from 'node:http';
 *
 * createServer((req, res: ServerResponse) => listener(req, res satisfies NodeResponseLike));
 * ```
 */
export interface NodeResponseLike {
  /** The status to send. */
  statusCode: number;
  /** Sets one response header. */
  setHeader(name: string, value: string): unknown;
  /** Sends the body and finishes the response. */
  end(body?: Uint8Array): unknown;
}

/**
 * A node:http request listener that is also an Express handler (`next` gets any crash).
 *
 * @example
 * ```ts
 * const receive: NodeListener = toNodeListener(createWebhookHandler({ secret, on }));
 * app.post('/hooks/orders', receive);
 * ```
 */
export type NodeListener = (
  req: NodeRequestLike,
  res: NodeResponseLike,
  next?: (error?: unknown) => void,
) => Promise<void>;

// The stream as the handler reads it, chunk by chunk as it asks: it reads none of a
// request it refuses by its headers, and stops at its size limit. Not destroyed when the
// handler stops early (that would cut the socket before the answer): the answer closes the
// connection instead (see toNodeListener).
function streamOf(req: NodeRequestLike): ReadableStream<Uint8Array> {
  const chunks = req[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  // Asked for now, not at the first pull: node's iterator starts listening only once asked,
  // and a listener before this one (a logger teeing 'data') would take the chunks till then.
  // Each read is caught at once as well: one the handler never awaits (it refused the
  // request by its headers) must not reject unhandled when the sender goes away.
  const ask = () => {
    const read = chunks.next();
    read.catch(() => undefined);
    return read;
  };
  let next = ask();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await next;
      if (done) return controller.close();
      next = ask();
      controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
    },
  });
}

// The bytes as received: kept by a body parser beside what it parsed (`req.rawBody`,
// preferred to any `req.body`), left by one that only read them (express.raw, express.text),
// or from the stream. A stream someone else read to its end without keeping the bytes
// cannot be verified, whatever they left in `req.body`: express.json leaves an object,
// Fastify's and koa-bodyparser's JSON parsers leave nothing there (reading the ended stream
// would verify an empty body: a silent 400 to every delivery). Its body errors when the
// handler reads it, so that the handler's `onError` hears of it.
function rawBody(req: NodeRequestLike): BodyInit {
  const raw = req.rawBody;
  // A Buffer's memory may be a pooled ArrayBufferLike, which BodyInit's typing leaves out.
  if (raw instanceof Uint8Array || raw instanceof ArrayBuffer || typeof raw === 'string') {
    return raw as BodyInit;
  }
  let body: unknown;
  try {
    // Vercel's Node helpers make `body` a getter that parses the bytes they read, and throws
    // on a body that is no JSON: the bytes are lost all the same.
    body = req.body;
  } catch {}
  if (body instanceof Uint8Array || typeof body === 'string') return body as BodyInit;
  if (!req.readableEnded) return streamOf(req);
  return new ReadableStream({
    pull: (controller) => controller.error(new WebhookBodyConsumedError(CONSUMED)),
  });
}

const CONSUMED =
  'The request body was read before the webhook receiver (by a body parser, or the platform: Vercel, Next.js API routes), so the signed bytes are lost: mount the receiver before any body parser, or keep the bytes in req.rawBody.';

// The handler reads nothing of the URL: a target node:http takes and URL refuses
// (`//a:99999/`, `http://[/`), which anyone may send, must not fail the request.
function urlOf(target: string | undefined): URL {
  try {
    return new URL(target ?? '/', LOCAL);
  } catch {
    return new URL(LOCAL);
  }
}

const LOCAL = 'http://localhost/';

function toRequest(req: NodeRequestLike, body: BodyInit): Request {
  const method = req.method ?? 'GET';
  const bodyless = method === 'GET' || method === 'HEAD';
  let headers = toHeaders(req.headers);
  // Bytes a body parser kept are decoded already (body-parser, under express.raw and NestJS's
  // rawBody, inflates before it hands them on) but the header stays: the handler would decode
  // them again. Its Content-Length counts the coded bytes, not these.
  if (!(body instanceof ReadableStream) && headers.has('content-encoding')) {
    headers = new Headers(headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  // `duplex` is what fetch's Request asks of a streamed body; older DOM typings lack it.
  return new Request(urlOf(req.url), {
    method,
    headers,
    body: bodyless ? null : body,
    ...(bodyless ? {} : { duplex: 'half' }),
  } as RequestInit);
}

// Methods the Fetch API forbids: `new Request` throws for them, so no handler can be asked.
// They get the answer createWebhookHandler gives any method but POST.
const FORBIDDEN_METHOD = /^(connect|trace|track)$/i;

/**
 * Adapts a Fetch handler (from {@link createWebhookHandler}) to a node:http request
 * listener that is also Express middleware. It reads the raw body itself; when a body
 * parser before it has read the body already, it uses the bytes that parser kept: a Buffer
 * in `req.rawBody` (NestJS's `rawBody: true`), else the Buffer or string `express.raw()` or
 * `express.text()` left in `req.body`, taken as decoded, since body-parser inflates a
 * compressed body before it keeps it (the stream read here is decoded by the handler). A
 * body read without its bytes kept (`express.json()` on the route, Fastify's or
 * koa-bodyparser's JSON parser) has lost the signed bytes: the
 * handler gets a {@link WebhookBodyConsumedError} when it reads it, passes it to `onError`
 * and answers 500 with a message saying so, since a receiver set up that way would reject
 * every delivery. A request answered before its body was read to its end (refused by its
 * headers, or over `maxBodyBytes`) is answered with `Connection: close`, so that its unread
 * rest cannot hold up the next request on the connection. A TRACE, TRACK or CONNECT request,
 * which a Fetch `Request` cannot carry, is answered 405 with `Allow: POST` without calling
 * the handler.
 *
 * @param handler - The Fetch handler to serve.
 * @returns `(req, res, next?) => Promise<void>`, for `http.createServer` or `app.post`.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 *
 * const receive = toNodeListener(createWebhookHandler({ secret, on }));
 * createServer(receive).listen(8080);
 * // or, with Express, no express.raw() needed:
 * app.post('/hooks/orders', receive);
 * ```
 */
export function toNodeListener(handler: WebhookHandler): NodeListener {
  return async (req, res, next) => {
    try {
      const response = FORBIDDEN_METHOD.test(req.method ?? '')
        ? methodNotAllowed()
        : await handler(toRequest(req, rawBody(req)));
      res.statusCode = response.status;
      for (const [name, value] of response.headers) res.setHeader(name, value);
      closeIfUnread(req, res);
      res.end(new Uint8Array(await response.arrayBuffer()));
    } catch (error) {
      if (next) return next(error);
      res.statusCode = 500;
      closeIfUnread(req, res);
      res.end(new TextEncoder().encode('receiver error'));
    }
  };
}

// A body left unread (refused by its headers, or over the size limit) would stall the next
// request on a keep-alive connection: node discards the rest itself only when no one began
// to read it. Closing the connection drops it without reading it to its end. HTTP/2 forbids
// the header, and its streams do not queue behind one another.
function closeIfUnread(req: NodeRequestLike, res: NodeResponseLike): void {
  if (req.complete === false && (req.httpVersionMajor ?? 1) < 2) {
    res.setHeader('connection', 'close');
  }
}
