// `npm run example:webhook-receiver`: a webhook receiver on node:http built from
// createWebhookHandler and toNodeListener. The SDK verifies each delivery's
// X-Webhook-Signature over the raw body, checks the event, and acknowledges a redelivered
// event id without running the handler again; the application only applies events:
//
//   - by order: an event older than what is stored (deliveries can overtake each other)
//     changes nothing, since `updated_at` only moves forward.
//
// The same listener is Express middleware: `app.post('/hooks/orders', receive)`, with no
// express.raw() in front. The example subscribes it to the embedded mock, makes orders
// change, loses one answer on purpose after the event was handled, sends a forged and a
// re-serialized request, and exits 1 unless every case ends as it should.
import { once } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createClient,
  createWebhookHandler,
  type OrderEvent,
  signWmsPayload,
  toNodeListener,
  type WebhookHandler,
} from 'order-fulfillment-sdk';
import {
  createMockService,
  MOCK_API_KEY,
  WEBHOOK_SIGNATURE_HEADER,
} from 'order-fulfillment-sdk/mock';
import { isOlderVersion } from './support/versions.js';

/** What the receiver's application keeps: the latest state per order. */
export type OrderTable = Map<string, { status?: string | null | undefined; updated_at: string }>;

/** What one request to the receiver ended as; for the log. */
type Outcome = 'applied' | 'stale' | 'duplicate' | 'rejected';

/**
 * Applies one verified event: newest `updated_at` wins (to the microsecond), so an older copy
 * changes nothing; the same version again is applied again, harmlessly.
 */
export function applyEvent(orders: OrderTable, event: OrderEvent): Outcome {
  const { order } = event.data;
  const known = orders.get(order.id);
  if (known && isOlderVersion(order.updated_at, known.updated_at)) return 'stale';
  orders.set(order.id, { status: order.status, updated_at: order.updated_at });
  return 'applied';
}

/**
 * The receiver: one handler per event type; the SDK does the rest.
 *
 * @param secret - The subscription's secret, returned once by `client.webhooks.create`.
 * @param orders - Where events are applied.
 * @param onApplied - Told what each handled event did.
 */
export function webhookReceiver(
  secret: string,
  orders: OrderTable,
  onApplied: (outcome: Outcome, event: OrderEvent) => void,
): WebhookHandler {
  const apply = (event: OrderEvent) => onApplied(applyEvent(orders, event), event);
  return createWebhookHandler({
    secret,
    on: { 'order.created': apply, 'order.updated': apply },
    // A delivery answered 500 is delivered again; this says why it failed.
    onError: (error, event) => console.error(`event ${event?.id ?? '(unread)'} failed:`, error),
  });
}

async function main() {
  const mock = createMockService({ orders: 50, seed: 5 });
  const server = await mock.listen();
  const client = createClient({ hostUrl: server.hostUrl, apiKey: MOCK_API_KEY });

  const orders: OrderTable = new Map();
  const log: Outcome[] = [];
  let loseNextAnswer = false;
  // Set once the subscription's secret is known; until then nothing is delivered.
  let listener: RequestListener = (_req, res) => void res.writeHead(503).end();
  const receiver = createServer((req, res) => listener(req, res));
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/orders`;

  const subscription = await client.webhooks.create({
    url,
    events: ['order.created', 'order.updated'],
  });
  const secret = subscription.secret ?? '';
  console.log(
    `subscribed ${subscription.id} to ${(subscription.events ?? []).join(', ')} at ${url}`,
  );

  let handled = 0;
  const handler = webhookReceiver(secret, orders, (outcome, event) => {
    handled++;
    log.push(outcome);
    const { order } = event.data;
    console.log(
      `  ${outcome.padEnd(9)} ${event.id} ${event.type} order ${order.id} (${order.status})`,
    );
  });
  // Around the SDK's handler, only to narrate: a 200 with no handler call is a duplicate,
  // and one answer is "lost" on its way back, as a dropped connection would lose it.
  listener = toNodeListener(async (request) => {
    const before = handled;
    const response = await handler(request);
    if (response.status === 400) {
      log.push('rejected');
      console.log(`  rejected  ${await response.clone().text()}`);
    } else if (response.ok && handled === before) {
      log.push('duplicate');
      console.log('  duplicate acknowledged, handler not called again');
    } else if (response.ok && loseNextAnswer) {
      loseNextAnswer = false;
      console.log('            its answer is lost: the service will deliver it again');
      return new Response(null, { status: 502 });
    }
    return response;
  });

  console.log('\norders change; deliveries arrive:');
  mock.orders.update('7', { status: 'Processing' });
  await mock.flushDeliveries();
  loseNextAnswer = true;
  mock.orders.update('8', { status: 'Cancelled' });
  await mock.flushDeliveries();
  mock.orders.create({ platform: 'Shopify' });
  await mock.flushDeliveries();

  console.log('\nrequests that must be rejected:');
  const sample = mock.deliveries[0];
  if (!sample) throw new Error('no delivery was made');
  const send = async (what: string, signature: string, body: string) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
      body,
    });
    console.log(`            ${what}: answered ${res.status}`);
  };
  await send('a sender without the secret', signWmsPayload(sample.body, 'nope'), sample.body);
  // The right signature, over a body that was parsed and re-serialized on the way.
  await send(
    'a re-serialized body',
    signWmsPayload(sample.body, secret),
    JSON.stringify(JSON.parse(sample.body), null, 2),
  );

  console.log(`\n${mock.deliveries.length} delivery attempts:`);
  for (const d of mock.deliveries) {
    console.log(`  ${d.event_id} attempt ${d.attempt}: ${d.status ?? d.error}`);
  }
  const expected: Outcome[] = [
    'applied',
    'applied',
    'duplicate',
    'applied',
    'rejected',
    'rejected',
  ];
  receiver.close();
  receiver.closeAllConnections();
  await server.close();
  const ok =
    JSON.stringify(log) === JSON.stringify(expected) &&
    handled === 3 &&
    orders.get('8')?.status === 'Cancelled';
  if (!ok) {
    console.error(`FAILED: outcomes ${log.join(', ')}; expected ${expected.join(', ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      '\nchecked: 3 events handled once each, the redelivered one acknowledged as a duplicate, both bad requests rejected',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
