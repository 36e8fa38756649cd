// The small Node receiver the mock delivers to during the SDK checks: it keeps each
// delivery's raw body and headers, and hands them to the runtime under test on GET. It
// refuses the first delivery (500) so that the mock delivers that event again, giving the
// checks a genuine replay.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedDelivery } from '../checks/config.js';

/** A running recorder: its URL, and close(). */
export interface Recorder {
  url: string;
  close(): Promise<void>;
}

/** Starts a recorder on 127.0.0.1 and a free port. */
export async function startRecorder(): Promise<Recorder> {
  const recorded: RecordedDelivery[] = [];
  const server = createServer(async (req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(recorded));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    recorded.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(recorded.length === 1 ? 500 : 204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/orders`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
