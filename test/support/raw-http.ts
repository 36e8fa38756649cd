// Raw HTTP over a socket, for what fetch will not send: malformed requests, bodies that
// never finish, lengths that lie.
import { connect } from 'node:net';

/**
 * Writes `parts` on a fresh connection to `port` and collects everything the server sends
 * until it closes the connection.
 *
 * @param port - A port on 127.0.0.1.
 * @param parts - The request's bytes, written in order.
 */
export function rawExchange(port: number, ...parts: (string | Uint8Array)[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      for (const part of parts) socket.write(part);
    });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('close', () => resolve(received));
    // A reset after the answer arrived (request bytes left unread) does not lose the answer.
    socket.on('error', (error) => (received ? resolve(received) : reject(error)));
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no close; got ${received}`)));
  });
}
