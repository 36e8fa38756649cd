// `npm run example:webhook-receiver`: a webhook receiver on node:http that verifies every
// delivery's X-Webhook-Signature over the RAW body, then processes events idempotently:
//
//   - by event id: a retried delivery (same `id`, same bytes) is acknowledged, not re-applied;
//   - by order: an event older than what is stored (deliveries can overtake each other)
//     changes nothing, since `updated_at` only moves forward.
//
// The example subscribes it to the embedded mock, makes orders change, fails one delivery
// on purpose after processing it (as if the answer were lost), sends a forged and a
// re-serialized request, and exits 1 unless every case ends as it should.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createClient,
  type OrderEvent,
  OrderEventSchema,
  SignatureVerificationError,
  signWmsPayload,
  verifyWmsSignature,
} from 'order-fulfillment-sdk';
import {
  createMockService,
  MOCK_API_KEY,
  WEBHOOK_SIGNATURE_HEADER,
} from 'order-fulfillment-sdk/mock';

/** What the receiver's application keeps: the latest state per order and the events seen. */
export interface EventStore {
  /** Event ids already processed (in production: a table with a unique key). */
  processed: Set<string>;
  orders: Map<string, { status?: string | null; updated_at: string }>;
}

/** What one request to the receiver ended as; for the log. */
type Outcome = 'applied' | 'stale' | 'duplicate' | 'rejected';

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Applies one verified event; safe to call twice with the same event. */
export function applyEvent(store: EventStore, event: OrderEvent): Outcome {
  if (store.processed.has(event.id)) return 'duplicate';
  const { order } = event.data;
  const known = store.orders.get(order.id);
  let outcome: Outcome = 'stale';
  if (!known || Date.parse(order.updated_at) > Date.parse(known.updated_at)) {
    store.orders.set(order.id, { status: order.status, updated_at: order.updated_at });
    outcome = 'applied';
  }
  // In a database, the upsert and this insert go in one transaction.
  store.processed.add(event.id);
  return outcome;
}

/**
 * The receiver: verify the signature over the raw bytes, then parse, then apply.
 *
 * @param getSecret - The subscription's secret, returned once by `client.webhooks.create`.
 * @param store - Where events are applied.
 * @param onOutcome - Called with what each request ended as; may ask for a 500 to simulate
 *   a lost answer.
 */
export function webhookReceiver(
  getSecret: () => string,
  store: EventStore,
  onOutcome: (outcome: Outcome, event?: OrderEvent, reason?: string) => number | undefined,
): RequestListener {
  return async (req, res) => {
    const raw = await readRaw(req);
    try {
      verifyWmsSignature(raw, req.headers['x-webhook-signature'], getSecret());
    } catch (error) {
      if (!(error instanceof SignatureVerificationError)) throw error;
      onOutcome('rejected', undefined, error.reason);
      // 400 tells the sender not to bother; the reason is for our own logs.
      res.writeHead(400, { 'content-type': 'text/plain' }).end(error.reason);
      return;
    }
    const parsed = OrderEventSchema.safeParse(JSON.parse(raw.toString('utf8')));
    if (!parsed.success) {
      onOutcome('rejected', undefined, 'not an order event');
      res.writeHead(400).end('not an order event');
      return;
    }
    const outcome = applyEvent(store, parsed.data);
    res.writeHead(onOutcome(outcome, parsed.data) ?? 204).end();
  };
}

async function main() {
  const mock = createMockService({ orders: 50, seed: 5 });
  const server = await mock.listen();
  const client = createClient({ hostUrl: server.hostUrl, apiKey: MOCK_API_KEY });

  const store: EventStore = { processed: new Set(), orders: new Map() };
  const log: Outcome[] = [];
  let secret = '';
  let failNext = false;
  const receiver = createServer(
    webhookReceiver(
      () => secret,
      store,
      (outcome, event, reason) => {
        log.push(outcome);
        const what = event
          ? `${event.id} ${event.type} order ${event.data.order.id} (${event.data.order.status})`
          : reason;
        console.log(`  ${outcome.padEnd(9)} ${what}`);
        if (failNext && outcome === 'applied') {
          failNext = false;
          console.log(
            '            answered 500 after processing: the service will deliver it again',
          );
          return 500;
        }
        return undefined;
      },
    ),
  );
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/orders`;

  const subscription = await client.webhooks.create({
    url,
    events: ['order.created', 'order.updated'],
  });
  secret = subscription.secret ?? '';
  console.log(
    `subscribed ${subscription.id} to ${(subscription.events ?? []).join(', ')} at ${url}`,
  );

  console.log('\norders change; deliveries arrive:');
  mock.orders.update('7', { status: 'Processing' });
  await mock.flushDeliveries();
  failNext = true; // the next delivery is processed but its answer "lost"
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
    store.processed.size === 3 &&
    store.orders.get('8')?.status === 'Cancelled';
  if (!ok) {
    console.error(`FAILED: outcomes ${log.join(', ')}; expected ${expected.join(', ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      '\nchecked: 3 events applied once each, the retried one acknowledged as a duplicate, both bad requests rejected',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
