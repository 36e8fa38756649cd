// The command-line runtime's own HTTP server, so the mock can deliver straight to a handler
// the runtime serves: Bun.serve on Bun, Deno.serve on Deno, node:http through toNodeListener
// on Node, each the way a receiver on that runtime would be written.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener, type WebhookHandler } from 'order-fulfillment-sdk';
import type { Serve } from '../checks/served.js';

/** The parts of Bun's and Deno's server APIs used here (their types are not installed). */
interface RuntimeGlobals {
  Bun?: {
    serve(options: { hostname: string; port: number; fetch: WebhookHandler }): {
      port: number;
      stop(closeActive: boolean): unknown;
    };
  };
  Deno?: {
    serve(
      options: { hostname: string; port: number; onListen(): void },
      handler: WebhookHandler,
    ): { addr: { port: number }; shutdown(): Promise<void> };
  };
}

/** A started server: `serve` installs the handler behind it, `close` stops it. */
export interface OwnServer {
  serve: Serve;
  close(): Promise<void>;
}

const HOSTNAME = '127.0.0.1';

/** Starts the runtime's own server on a free port. */
export async function startOwnServer(): Promise<OwnServer> {
  let installed: WebhookHandler | undefined;
  const handler: WebhookHandler = (request) =>
    installed ? installed(request) : Promise.resolve(new Response('no receiver', { status: 503 }));
  const { Bun, Deno } = globalThis as RuntimeGlobals;
  let port: number;
  let name: string;
  let close: () => Promise<void>;
  if (Bun) {
    const server = Bun.serve({ hostname: HOSTNAME, port: 0, fetch: handler });
    port = server.port;
    name = 'Bun.serve';
    close = async () => {
      server.stop(true);
    };
  } else if (Deno) {
    const server = Deno.serve({ hostname: HOSTNAME, port: 0, onListen() {} }, handler);
    port = server.addr.port;
    name = 'Deno.serve';
    close = () => server.shutdown();
  } else {
    const server = createServer(toNodeListener(handler));
    await new Promise<void>((resolve) => server.listen(0, HOSTNAME, resolve));
    port = (server.address() as AddressInfo).port;
    name = 'node:http with toNodeListener';
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  }
  const serve: Serve = (webhookHandler) => {
    installed = webhookHandler;
    return { url: `http://${HOSTNAME}:${port}/hooks/orders`, server: name };
  };
  return { serve, close };
}
