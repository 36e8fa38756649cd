// Serves the service's routes over node:http: the standalone mock, which loads no msw.
// Requests go straight from node:http to the same intake and router the msw adapter uses,
// without building fetch Request and Response objects. The body reaches the routes byte-exact
// (the inbound endpoint verifies a signature over it), every path is mapped onto the service's
// host URL, and the routes see the socket's address for `allowedIps`. A cut connection is cut
// at the socket: reset with an RST, truncate mid-body, stall after the headers. A body over
// MAX_BODY_BYTES is never kept: 413, and the connection closes.
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type Answer, type Intake, type IntakeRequest, MAX_BODY_BYTES } from '../routes/intake.js';
import type { RouteResponse } from '../routes/requests.js';
import { carriesNoBody, responseHeaders } from '../routes/responses.js';
import { normalizeIp } from '../rules/keys.js';
import { answerClientError } from './parser-refusals.js';

/** Where `mock.listen()` binds. */
export interface ListenOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number | undefined;
  /** Interface address; default `127.0.0.1`. */
  host?: string | undefined;
}

/** A running standalone mock. */
export interface MockServer {
  /** `http://HOST:PORT`, the `{host_url}` to give clients. */
  hostUrl: string;
  /**
   * Stops accepting requests, ends open connections, and resolves when closed. Called again,
   * it returns the same promise (a test's own teardown and an `afterAll` may both call it).
   */
  close(): Promise<void>;
}

const EMPTY = new Uint8Array(0);

// The loopback address to print for a server bound to every interface.
const WILDCARD_LOOPBACK: Readonly<Record<string, string>> = { '0.0.0.0': '127.0.0.1', '::': '::1' };

function sendJson(res: ServerResponse, status: number, detail: string, requestId: string): void {
  const body = JSON.stringify({ detail });
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-request-id': requestId,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

// The headers as node:http must be given them. It re-encodes a Content-Disposition stored after
// a Content-Length (nodejs/node#46528) and then refuses its own result for any byte past ASCII,
// so a fault rule's `filename="résumé.json"` would be a 500: stored last, the length leaves the
// value as given. Only a rule's headers can name one, so other answers keep their object.
function headersOf(response: RouteResponse, requestId: string): Record<string, string> {
  const headers = responseHeaders(response, requestId);
  if (response.headers?.['content-disposition'] === undefined) return headers;
  const { 'content-length': length = '', ...rest } = headers;
  return { ...rest, 'content-length': length };
}

// The body to write whole. A string goes out in one UTF-8 write with the head, which would
// turn a header value past ASCII (a fault rule's Latin-1 text) into UTF-8 bytes; given bytes,
// node:http writes the head apart, as Latin-1, which is what Starlette sends. Only an answer
// with headers of its own can carry such a value, so no other answer pays for the copy.
function bodyOf(response: RouteResponse): string | Uint8Array {
  const { body } = response;
  return typeof body === 'string' && response.headers !== undefined ? Buffer.from(body) : body;
}

function send(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  const { response, cut } = answer;
  if (cut === 'reset') {
    // An RST where the platform has one (ECONNRESET for the client), else a plain close.
    const socket = req.socket as Duplex & { resetAndDestroy?: () => void };
    if (socket.resetAndDestroy) socket.resetAndDestroy();
    else socket.destroy();
    return;
  }
  // A status node:http has no name for (a rule's 420 or 599) goes with an empty reason
  // phrase, as uvicorn sends it and as in-process answers have it, not node's `unknown`.
  const reason = STATUS_CODES[response.status] ?? '';
  res.writeHead(response.status, reason, headersOf(response, answer.requestId));
  if (cut === 'truncate') {
    const close = () => req.socket.destroy();
    // A HEAD's answer (or a 204's) has no body to cut, and node:http ignores a write to it, so
    // the socket closed before the head went out: the head goes whole, then the connection
    // closes, and the client has the whole answer, as in-process.
    if (req.method === 'HEAD' || carriesNoBody(response.status)) {
      res.end(close);
      return;
    }
    const bytes = Buffer.from(response.body);
    res.write(bytes.subarray(0, Math.max(1, bytes.length >> 1)), close);
  } else if (cut === 'stall') {
    // The headers go now; the body never does. The client's abort (or close()) ends it.
    res.flushHeaders();
  } else {
    res.end(req.method === 'HEAD' ? undefined : bodyOf(response));
  }
}

// The body, or undefined once it passes the limit: what came so far is dropped and the rest
// is never kept (a stream left flowing without a listener discards what it reads).
function readBody(req: IncomingMessage): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      chunks.length = 0;
      resolve(undefined);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

// Whether the request declares a body over the limit in its Content-Length.
function declaredTooLarge(req: IncomingMessage): boolean {
  return Number(req.headers['content-length']) > MAX_BODY_BYTES;
}

// A body over the limit: the 413 goes at once, and the connection closes after it, so the
// client stops sending; node discards what still arrives until then.
function refuseBody(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.response.status, {
    ...responseHeaders(answer.response, answer.requestId),
    connection: 'close',
  });
  res.end(answer.response.body);
}

// An absolute-form target (sent through a proxy) keeps its path and query; anything else
// that is not a path (such as `*`) is answered as the root, which the router rejects.
function originForm(raw: string): string {
  if (raw.startsWith('/')) return raw;
  try {
    const url = new URL(raw);
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}

// A class rather than an object literal per request: its methods and the `signal` getter
// live once on the prototype, and `signal` builds its controller only when a delay asks.
class NodeRequest implements IntakeRequest {
  readonly method: string;
  readonly url: URL;
  readonly clientIp: string;
  readonly rawHeaders: readonly string[];

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    origin: string,
    readonly body: Uint8Array,
  ) {
    this.method = (req.method ?? 'GET').toUpperCase();
    this.url = new URL(`${origin}${originForm(req.url ?? '/')}`);
    this.clientIp = normalizeIp(req.socket.remoteAddress ?? '');
    this.rawHeaders = req.rawHeaders;
  }

  header(name: string): string | null {
    const value = this.req.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  get signal(): AbortSignal {
    const controller = new AbortController();
    this.res.once('close', () => controller.abort());
    return controller.signal;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// A route that threw or rejected: a JSON 500 while the answer has not begun, else the
// connection is cut (a half-sent body must not pass for a whole one).
function failed(res: ServerResponse, error: unknown, requestId: string): void {
  if (!res.headersSent) {
    sendJson(res, 500, `Internal error in the mock server: ${describe(error)}`, requestId);
  } else {
    res.destroy();
  }
}

/**
 * Serves a service's routes over HTTP.
 *
 * @param intake - Where each request enters the service.
 * @param origin - The host URL the routes answer on; every incoming path is mapped onto it.
 * @param options - Port and host.
 * @throws When the port cannot be bound (the promise rejects).
 */
export async function listen(
  intake: Intake,
  origin: string,
  options: ListenOptions = {},
): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError(`listen: port must be an integer from 0 to 65535, got ${String(port)}`);
  }
  const answer = (req: IncomingMessage, res: ServerResponse, body: Uint8Array) => {
    let request: IntakeRequest;
    try {
      request = new NodeRequest(req, res, origin, body);
    } catch (error) {
      sendJson(res, 400, `Bad request: ${describe(error)}`, intake.reserveId());
      return;
    }
    // No closure for a synchronous answer (every GET): this runs once per request.
    try {
      const response = intake.handle(request);
      if (response instanceof Promise) {
        response.then(
          (settled) => send(req, res, settled),
          (error: unknown) => failed(res, error, intake.reserveId()),
        );
      } else {
        send(req, res, response);
      }
    } catch (error) {
      failed(res, error, intake.reserveId());
    }
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // GET and HEAD bodies are never read (node discards them), so those requests are
    // answered in the same tick they arrive.
    if (req.method === 'GET' || req.method === 'HEAD') {
      answer(req, res, EMPTY);
      return;
    }
    // A declared length over the limit is refused before a byte of the body is read.
    if (declaredTooLarge(req)) {
      refuseBody(res, intake.refuseBody());
      return;
    }
    readBody(req).then(
      (body) => (body ? answer(req, res, body) : refuseBody(res, intake.refuseBody())),
      (error: unknown) => sendJson(res, 400, `Bad request: ${describe(error)}`, intake.reserveId()),
    );
  };
  const server = createServer(onRequest);
  // `Expect: 100-continue` (curl's default for a body over 1 MiB): node would answer
  // `100 Continue` by itself and the client would upload the whole body before its 413. A
  // declared length over the limit is refused here instead, and the body never sent.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (declaredTooLarge(req)) {
      refuseBody(res, intake.refuseBody());
      return;
    }
    res.writeContinue();
    onRequest(req, res);
  });
  // Any other expectation: uvicorn ignores the header and serves the request, where node
  // would answer a bare 417 without the service's JSON `detail` or `X-Request-Id`.
  server.on('checkExpectation', onRequest);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket, intake.reserveId()),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  // A wildcard bind (every interface) is no address to connect to (Windows refuses it): the
  // URL names the loopback of the same family, which the server also listens on.
  const reachable = WILDCARD_LOOPBACK[address.address] ?? address.address;
  const shownHost = reachable.includes(':') ? `[${reachable}]` : reachable;
  let closed: Promise<void> | undefined;
  return {
    hostUrl: `http://${shownHost}:${address.port}`,
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      })),
  };
}
