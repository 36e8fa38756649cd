// `npm run example:edge-receiver`: runs the Workers-style module of examples/edge-receiver.ts
// against real deliveries from the embedded mock. Node serves the module's `fetch` (through
// toNodeListener, the way a Workers dev server would), with in-memory stand-ins for its KV
// bindings. It fails one KV write, changes orders, replays one delivery byte for byte, and
// exits 1 unless the failure was logged and delivered again, each event was handled once and
// the stored orders match the mock's.
import { once } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, toNodeListener } from 'order-fulfillment-sdk';
import { createMockService, MOCK_API_KEY } from 'order-fulfillment-sdk/mock';
import worker, { type Env, type KeyValueStore } from './edge-receiver.js';

// A KV namespace in a Map, counting reads (each call of the module's handler reads ORDERS),
// whose next write fails when `failNextPut` is set, as a KV outage would.
function memoryKv(): KeyValueStore & {
  data: Map<string, string>;
  reads: number;
  failNextPut: boolean;
} {
  const data = new Map<string, string>();
  const kv = {
    data,
    reads: 0,
    failNextPut: false,
    get: async (key: string) => {
      kv.reads++;
      return data.get(key) ?? null;
    },
    put: async (key: string, value: string) => {
      if (kv.failNextPut) {
        kv.failNextPut = false;
        throw new Error('KV unavailable');
      }
      data.set(key, value);
    },
  };
  return kv;
}

async function main() {
  const mock = createMockService({ orders: 30, seed: 9 });
  const api = await mock.listen();
  const client = createClient({ hostUrl: api.hostUrl, apiKey: MOCK_API_KEY });

  const env = { WEBHOOK_SECRET: '', ORDERS: memoryKv(), EVENTS: memoryKv() } satisfies Env;
  let lastRequest: { headers: Headers; body: ArrayBuffer } | undefined;
  const serve: RequestListener = toNodeListener(async (request) => {
    lastRequest = {
      headers: new Headers(request.headers),
      body: await request.clone().arrayBuffer(),
    };
    return worker.fetch(request, env);
  });
  const server = createServer(serve);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  const subscription = await client.webhooks.create({
    url,
    events: ['order.created', 'order.updated'],
  });
  env.WEBHOOK_SECRET = subscription.secret ?? '';
  console.log(`worker subscribed as ${subscription.id} at ${url}`);

  // The first write fails: the worker answers 500, logs why, and the mock delivers again.
  env.ORDERS.failNextPut = true;
  const logged: unknown[][] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => void logged.push(args);
  mock.orders.update('4', { status: 'Processing' });
  await mock.flushDeliveries();
  console.error = consoleError;
  mock.orders.update('4', { status: 'Shipped' });
  await mock.flushDeliveries();
  const created = mock.orders.create({ platform: 'Trendyol' });
  await mock.flushDeliveries();
  for (const d of mock.deliveries)
    console.log(`  ${d.event_id} ${d.type}: answered ${d.status ?? d.error}`);

  // The last delivery again, same bytes and signature: acknowledged, its handler not run.
  const reads = env.ORDERS.reads;
  if (!lastRequest) throw new Error('the worker received no delivery');
  const replay = await fetch(url, {
    method: 'POST',
    headers: lastRequest.headers,
    body: lastRequest.body,
  });
  console.log(`  replay of ${mock.deliveries.at(-1)?.event_id}: answered ${replay.status}`);
  const forged = await fetch(url, {
    method: 'POST',
    headers: { 'x-webhook-signature': 't=1,v1=00' },
    body: '{}',
  });
  console.log(`  a forged request: answered ${forged.status} ${await forged.text()}`);

  server.closeAllConnections();
  server.close();
  await api.close();

  const stored = (id: string) =>
    JSON.parse(env.ORDERS.data.get(`order:${id}`) ?? '{}') as { status?: string };
  const [failed, ...delivered] = mock.deliveries;
  const ok =
    failed?.status === 500 &&
    String(logged[0]?.[1]).includes('KV unavailable') &&
    delivered.every((d) => d.status === 200) &&
    delivered.length === 3 &&
    replay.status === 200 &&
    env.ORDERS.reads === reads &&
    env.EVENTS.data.size === 3 &&
    forged.status === 400 &&
    stored('4').status === 'Shipped' &&
    stored(created.id).status === created.status;
  if (!ok) {
    console.error('FAILED: the worker did not handle each event exactly once');
    process.exitCode = 1;
  } else {
    console.log(
      'checked: a failed write logged and delivered again, 3 events stored once each, the replay acknowledged without running the handler, the forgery rejected',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
