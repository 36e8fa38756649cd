// Stopping the CLI while a webhook delivery hangs: a harness that stops it and starts the next
// server on the same port needs the port free at once and a clean exit soon after, however
// long the receiver takes to answer.
import { createServer, type Server } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { started } from '../support/cli.js';
import { send } from '../support/mock.js';

// A receiver that accepts every delivery and never answers it: `firstDelivery` resolves on
// the first, `hanging()` counts the delivery connections still open.
async function silentReceiver() {
  let delivered: () => void = () => undefined;
  const firstDelivery = new Promise<void>((resolve) => {
    delivered = resolve;
  });
  let open = 0;
  const receiver = createServer(() => delivered());
  receiver.on('connection', (socket) => {
    open += 1;
    socket.once('close', () => {
      open -= 1;
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    receiver.closeAllConnections();
    return new Promise<void>((resolve) => receiver.close(() => resolve()));
  });
  const { port } = receiver.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hooks`, firstDelivery, hanging: () => open };
}

// Starts the CLI with `flags` and leaves one delivery hanging on a silent receiver.
async function hangingDelivery(flags: string[]) {
  const receiver = await silentReceiver();
  const cli = await started(['--port', '0', '--json', ...flags]);
  const ready = JSON.parse(cli.output().stdout);
  const subscribed = await send(`${ready.baseUrl}/webhooks`, {
    method: 'POST',
    body: { url: receiver.url, events: ['order.created'] },
  });
  expect(subscribed.status).toBe(201);
  expect((await send(`${ready.controlUrl}/orders`, { method: 'POST', body: {} })).status).toBe(201);
  await receiver.firstDelivery;
  // Still delivering: the CLI runs and the receiver holds a delivery open.
  const delivering = () => cli.child.exitCode === null && receiver.hanging() > 0;
  return { ...cli, port: Number(new URL(cli.hostUrl).port), delivering };
}

// Binds `port` as the harness's next server would, retrying while `still()` holds; true when
// it was bound while `still()` held.
async function rebindWhile(port: number, still: () => boolean): Promise<boolean> {
  while (still()) {
    const next: Server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      next.once('error', () => resolve(false));
      next.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) {
      const held = still();
      await new Promise<void>((resolve) => next.close(() => resolve()));
      return held;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('order-fulfillment-mock, stopping', () => {
  it('frees its port at once on SIGTERM and exits 0 though a delivery never gets an answer', async () => {
    const cli = await hangingDelivery([]);
    const start = Date.now();
    cli.child.kill('SIGTERM');
    expect(await rebindWhile(cli.port, cli.delivering)).toBe(true);
    expect(await cli.exited).toBe(0);
    // Generous guard: the stop grace is 2 s by default, while waiting out the delivery's three
    // attempts (each with its 5 s timeout) would take 15 s.
    expect(Date.now() - start).toBeLessThan(10_000);
  });

  // Ctrl+C twice, or a harness terminating twice: node's default for the second would kill
  // the process by the signal, which reads as a crash.
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'exits 0 at once on a second %s while deliveries drain',
    async (signal) => {
      const cli = await hangingDelivery(['--stop-grace', '600000']);
      cli.child.kill(signal);
      // The port is free while it still waits on the delivery.
      expect(await rebindWhile(cli.port, cli.delivering)).toBe(true);
      cli.child.kill(signal);
      expect(await cli.exited).toBe(0);
    },
  );
});
