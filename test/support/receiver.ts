// A real local HTTP receiver for webhook deliveries: records every request with its raw body.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** One request the receiver got. */
export interface Received {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}

/**
 * Starts a receiver on 127.0.0.1 that answers with the given statuses in turn (the last
 * repeats); closed when the test ends.
 *
 * @param statuses - Status per request.
 * @param headers - Headers of every answer (a `Location` for a redirect).
 */
export async function startReceiver(
  statuses: number[] = [204],
  headers: Record<string, string> = {},
) {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
    res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] as number;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${port}/hooks/orders`, received };
}
