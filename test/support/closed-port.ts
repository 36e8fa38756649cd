// A port nothing listens on, for a refused connection: bound, then released.
import { createServer } from 'node:net';

/** A local TCP port that was free a moment ago and is closed now. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
