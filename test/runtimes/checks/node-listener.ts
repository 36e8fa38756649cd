// toNodeListener on the runtime's own node:http server: the same real deliveries posted to
// it over HTTP, so the listener reads the raw body from a real socket, as behind Express.
import type { AddressInfo } from 'node:net';
import { createWebhookHandler, toNodeListener } from 'order-fulfillment-sdk';
import type { RecordedDelivery } from './config.js';
import { type Deliveries, eventId, toRequest } from './deliveries.js';
import { assert } from './report.js';

type NodeHttp = typeof import('node:http');

/** node:http, found the way the SDK finds node:crypto, so this file also bundles for Workers. */
function nodeHttp(): NodeHttp {
  const found = (
    globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
  ).process?.getBuiltinModule?.('node:http') as NodeHttp | undefined;
  assert(found, 'process.getBuiltinModule("node:http") found nothing');
  return found;
}

/** Serves a handler through toNodeListener on a free port; every delivery answered 2xx, once. */
export async function checkNodeListener({ secret, recorded }: Deliveries) {
  const calls: string[] = [];
  const record = async (event: { id: string }) => {
    calls.push(event.id);
  };
  const handler = createWebhookHandler({
    secret,
    on: { 'order.created': record, 'order.updated': record },
  });
  const server = nodeHttp().createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const post = async (delivery: RecordedDelivery, body = delivery.raw) => {
    const { headers } = toRequest(delivery);
    const response = await fetch(`http://127.0.0.1:${port}/hooks`, {
      method: 'POST',
      headers,
      body,
    });
    await response.arrayBuffer();
    return response.status;
  };
  try {
    for (const delivery of recorded) {
      const status = await post(delivery);
      assert(status >= 200 && status < 300, `a real delivery answered ${status}`);
    }
    const unique = new Set(recorded.map(eventId));
    assert(calls.length === unique.size, `${calls.length} calls for ${unique.size} events`);
    const first = recorded[0] as RecordedDelivery;
    const tampered = await post(first, `${first.raw} `);
    assert(tampered === 400, `a tampered body answered ${tampered}, not 400`);
    return `${recorded.length} deliveries over a node:http socket answered 2xx, ${calls.length} events handled; tampered 400`;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
