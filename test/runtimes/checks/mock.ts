// The mock itself on the runtime under test (Node, Bun or Deno): its msw handlers in-process
// and its own HTTP server, each driven through the SDK, with a webhook delivered to a
// node:http receiver in the same process and verified.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { createClient, verifyWmsSignature, WEBHOOK_SIGNATURE_HEADER } from 'order-fulfillment-sdk';
import { createMockService, MOCK_API_KEY } from 'order-fulfillment-sdk/mock';
import type { MockSmokeConfig } from './config.js';
import { MOCK_CHECKS } from './names.js';
import { assert, type CheckRow, runCheck } from './report.js';

async function pullAll(hostUrl: string) {
  const client = createClient({ hostUrl, apiKey: MOCK_API_KEY, retry: 0 });
  let count = 0;
  for await (const _order of client.orders.iterate({ limit: 10 })) count += 1;
  return count;
}

async function inProcess(config: MockSmokeConfig) {
  const mock = createMockService({ orders: config.orderCount });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const count = await pullAll(mock.hostUrl);
    assert(count === config.orderCount, `pulled ${count} of ${config.orderCount} orders`);
    mock.orders.update('3', { status: 'Delivered' });
    const order = await createClient({ hostUrl: mock.hostUrl, apiKey: MOCK_API_KEY }).orders.get(
      '3',
    );
    assert(order.status === 'Delivered', `order 3 reads ${order.status} after the update`);
    return `${count} orders pulled through setupServer; a state change read back`;
  } finally {
    server.close();
  }
}

/** A node:http receiver on a free port that keeps each body exactly as it arrived. */
async function startReceiver() {
  const bodies: { raw: string; signature: string }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const signature = req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
    bodies.push({ raw: Buffer.concat(chunks).toString('utf8'), signature: String(signature) });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${port}/hooks`, bodies, close };
}

async function overHttp(config: MockSmokeConfig) {
  const mock = createMockService({ orders: config.orderCount });
  const running = await mock.listen();
  const receiver = await startReceiver();
  try {
    const count = await pullAll(running.hostUrl);
    assert(count === config.orderCount, `pulled ${count} of ${config.orderCount} orders`);
    const client = createClient({ hostUrl: running.hostUrl, apiKey: MOCK_API_KEY, retry: 0 });
    const { secret } = await client.webhooks.create({
      url: receiver.url,
      events: ['order.updated'],
    });
    mock.orders.update('4', { status: 'Cancelled' });
    await mock.flushDeliveries();
    const [delivery] = receiver.bodies;
    assert(delivery && receiver.bodies.length === 1, `${receiver.bodies.length} deliveries`);
    verifyWmsSignature(delivery.raw, delivery.signature, secret as string);
    return `${count} orders pulled from ${new URL(running.hostUrl).host}; a delivery verified`;
  } finally {
    await receiver.close();
    await running.close();
  }
}

/** Runs both mock checks; never throws. */
export async function runMockChecks(config: MockSmokeConfig): Promise<CheckRow[]> {
  const [inProcessCheck, httpCheck] = MOCK_CHECKS;
  return [
    await runCheck(inProcessCheck, () => inProcess(config)),
    await runCheck(httpCheck, () => overHttp(config)),
  ];
}
