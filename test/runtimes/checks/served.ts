// The mock delivering straight to a createWebhookHandler that the runtime itself serves
// (Bun.serve, Deno.serve, node:http on Node, the worker's own URL on workerd, the edge
// runtime's server): the handler refuses the first attempt, the mock delivers the event
// again, that delivery is sent once more by hand, and the event is handled exactly once.
import { type Client, createWebhookHandler, type WebhookHandler } from 'order-fulfillment-sdk';
import type { SdkSmokeConfig } from './config.js';
import { control } from './deliveries.js';
import { assert } from './report.js';

/**
 * Installs `handler` behind the runtime's own server; returns the URL that reaches it and
 * what serves it (for the row).
 */
export type Serve = (handler: WebhookHandler) => { url: string; server: string };

interface Attempt {
  subscription_id: string;
  event_id: string;
  status?: number;
}

/** Subscribes the served handler, changes an order, and checks attempts and calls. */
export async function checkServed(client: Client, config: SdkSmokeConfig, serve: Serve) {
  const calls: string[] = [];
  let refused = false;
  const record = async (event: { id: string }) => {
    // A failing database on the first attempt: the 500 makes the mock deliver again.
    if (!refused) {
      refused = true;
      throw new Error('refusing the first attempt');
    }
    calls.push(event.id);
  };
  const placeholder: { handler?: WebhookHandler } = {};
  // Read while its own request is in flight: Workers refuse a body touched from another.
  let last: { headers: [string, string][]; body: string } | undefined;
  const { url, server } = serve(async (request) => {
    const copy = request.clone();
    const response = await (placeholder.handler as WebhookHandler)(request);
    last = { headers: [...copy.headers], body: await copy.text() };
    return response;
  });
  const { id, secret } = await client.webhooks.create({ url, events: ['order.updated'] });
  assert(secret, 'POST /webhooks returned no secret');
  placeholder.handler = createWebhookHandler({ secret, on: { 'order.updated': record } });
  await control(config, 'PATCH', 'orders/5', { status: 'Delivered' });
  const { items } = await control<{ items: Attempt[] }>(config, 'POST', 'deliveries/flush');
  const statuses = items.filter((a) => a.subscription_id === id).map((a) => a.status);
  assert(
    statuses.length === 2 && statuses[0] === 500 && statuses[1] === 200,
    `attempts answered ${JSON.stringify(statuses)}, expected [500, 200]`,
  );
  assert(calls.length === 1, `the event was handled ${calls.length} times`);
  // The accepted delivery once more, byte for byte, through the same server.
  assert(last, 'the served handler saw no request');
  const replay = await fetch(url, { method: 'POST', ...last });
  assert(replay.ok, `the replayed delivery answered ${replay.status}`);
  assert(calls.length === 1, `after a replay the event was handled ${calls.length} times`);
  return `${server}: 500, then 200 and handled; replayed: 200, not handled again`;
}
