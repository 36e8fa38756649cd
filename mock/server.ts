// Serves the handlers over node:http: the standalone mock. The adapter keeps the request body
// byte-exact (the inbound endpoint verifies a signature over it), maps every path onto the
// handlers' origin, and tells the handlers the socket's address for `allowedIps`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { normalizeIp } from './auth.js';

/** Where {@link listen} binds. */
export interface ListenOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface address; default `127.0.0.1`. */
  host?: string;
}

/** A running standalone mock. */
export interface MockServer {
  /** `http://HOST:PORT`, the `{host_url}` to give clients. */
  hostUrl: string;
  /** Stops accepting requests, ends open connections, and resolves when closed. */
  close(): Promise<void>;
}

/** Runs a request's handling with the client address the handlers should see. */
export type RunWithClientIp = <T>(clientIp: string, run: () => Promise<T>) => Promise<T>;

// Connection-level headers describe the hop to this server, not the request.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'expect',
]);

function sendJson(res: ServerResponse, status: number, detail: string): void {
  const body = JSON.stringify({ detail });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.append(name, req.rawHeaders[i + 1] as string);
  }
  // An absolute-form target (sent through a proxy) keeps only its path and query.
  const target = (req.url ?? '/').startsWith('/')
    ? (req.url ?? '/')
    : new URL(req.url ?? '/').pathname;
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`${origin}${target}`, {
    method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

/**
 * Serves handlers over HTTP.
 *
 * @param handlers - The service's handlers.
 * @param origin - The origin the handlers answer on; every incoming path is mapped onto it.
 * @param runWithClientIp - Makes the socket's address visible to the handlers.
 * @param options - Port and host.
 * @throws When the port cannot be bound (the promise rejects).
 */
export async function listen(
  handlers: readonly RequestHandler[],
  origin: string,
  runWithClientIp: RunWithClientIp,
  options: ListenOptions = {},
): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError(`listen: port must be an integer from 0 to 65535, got ${String(port)}`);
  }
  const server = createServer(async (req, res) => {
    try {
      let request: Request;
      try {
        request = await toRequest(req, origin);
      } catch (error) {
        sendJson(
          res,
          400,
          `Bad request: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      const clientIp = normalizeIp(req.socket.remoteAddress ?? '');
      const response = await runWithClientIp(clientIp, () => getResponse([...handlers], request));
      if (!response) {
        sendJson(res, 404, 'Not Found');
        return;
      }
      const body = Buffer.from(await response.arrayBuffer());
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      headers['content-length'] = String(body.length);
      res.writeHead(response.status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      if (!res.headersSent) {
        sendJson(
          res,
          500,
          `Internal error in the mock server: ${error instanceof Error ? error.message : String(error)}`,
        );
      } else {
        res.destroy();
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    hostUrl: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
