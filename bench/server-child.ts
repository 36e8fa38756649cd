// A server run in a child process, so that its CPU time and heap stay out of the process
// that measures. Started by startServer() in util.ts: `mock <orders>` serves a mock service
// over HTTP with mock.listen(); `bare` serves one fixed response received over IPC.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockService } from '../mock/index.js';

/** Messages the parent sends. */
export type ToChild = { type: 'bare-body'; body: string } | { type: 'memory' };
/** Messages the child sends. */
export type FromChild =
  | { type: 'ready'; hostUrl: string }
  | { type: 'memory'; heapUsed: number; rss: number };

const send = (message: FromChild) => process.send?.(message);

async function serveMock(orders: number): Promise<void> {
  const mock = createMockService({ orders });
  const server = await mock.listen();
  send({ type: 'ready', hostUrl: server.hostUrl });
}

// The baseline: no routing, no auth, no serialization; the bytes are computed once.
function serveBare(body: string): void {
  const bytes = Buffer.from(body);
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(bytes.length),
    });
    res.end(bytes);
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    send({ type: 'ready', hostUrl: `http://127.0.0.1:${port}` });
  });
}

process.on('message', (message: ToChild) => {
  if (message.type === 'bare-body') serveBare(message.body);
  if (message.type === 'memory') {
    const { heapUsed, rss } = process.memoryUsage();
    send({ type: 'memory', heapUsed, rss });
  }
});
// The parent going away ends the child, even when the parent was killed.
process.on('disconnect', () => process.exit(0));

const [mode, count] = process.argv.slice(2);
if (mode === 'mock') await serveMock(Number(count));
