// `npm run demo`: the whole integration against the embedded mock, in one run and with no
// network or account. Pull every order over the cursor, read one order, receive a signed
// webhook, send a signed fulfillment notification, and read the order back as shipped.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createClient,
  createWebhookHandler,
  type OrderEvent,
  toNodeListener,
  type WebhookHandler,
} from 'order-fulfillment-sdk';
import {
  createMockService,
  MOCK_API_KEY,
  MOCK_SIGNING_SECRET,
  WEBHOOK_SIGNATURE_HEADER,
} from 'order-fulfillment-sdk/mock';
import { startProgress } from './support/progress.js';

const ORDER_COUNT = 5000;

const step = (n: number, title: string) => console.log(`\n${n}. ${title}`);
const say = (text: string) => console.log(`   ${text}`);

async function main() {
  console.log('order-fulfillment-sdk demo: the embedded mock service, no network, no account');

  // --- 1. The service ------------------------------------------------------------------
  step(1, `Start the mock service with ${ORDER_COUNT.toLocaleString('en-US')} generated orders`);
  const mock = createMockService({ orders: ORDER_COUNT, seed: 1 });
  const server = await mock.listen(); // a real HTTP server on 127.0.0.1, free port
  say(`listening on ${server.hostUrl}`);
  const client = createClient({
    hostUrl: server.hostUrl,
    apiKey: MOCK_API_KEY,
    signingSecret: MOCK_SIGNING_SECRET,
  });

  // --- 2. Pull every order --------------------------------------------------------------
  step(2, 'Pull every order with the cursor (for await, 200 per page)');
  const orders = client.orders.iterate({ limit: 200 });
  const progress = startProgress('orders', ORDER_COUNT);
  const byStatus = new Map<string, number>();
  let candidate: string | undefined;
  for await (const order of orders) {
    progress.tick();
    const status = order.status ?? '(none)';
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    // Remember one order the warehouse could still ship.
    if (!candidate && order.status === 'Processing') candidate = order.id;
  }
  const pulled = progress.done();
  say(
    `${pulled.count} orders in ${pulled.seconds.toFixed(2)} s (${Math.round(pulled.rate)}/s): ` +
      [...byStatus].map(([status, n]) => `${n} ${status}`).join(', '),
  );
  const checkpoint = orders.checkpoint;
  say(`checkpoint to persist: since=${checkpoint.since} since_id=${checkpoint.since_id}`);
  if (pulled.count !== ORDER_COUNT || !candidate)
    throw new Error('the pull did not see every order');
  const orderId = candidate;

  // --- 3. One order's detail and items ---------------------------------------------------
  step(3, `Read order ${orderId}: detail and items`);
  const detail = await client.orders.get(orderId);
  say(
    `${detail.order_number} on ${detail.platform} (${detail.source} ${detail.external_ref}), ` +
      `status ${detail.status}, ${detail.total_price} ${detail.currency}`,
  );
  say(`ship to ${detail.shipping_address?.name}, ${detail.shipping_address?.city}`);
  const { items } = await client.orders.items(orderId);
  for (const item of items) {
    say(
      `  ${item.quantity} x ${item.sku} ${item.name ?? ''} @ ${item.price} (barcode ${item.barcode})`,
    );
  }

  // --- 4. A webhook receiver and a subscription -------------------------------------------
  step(4, 'Subscribe a local webhook receiver to order.updated');
  // The receiver must listen before subscribing (POST /webhooks needs its URL), and the
  // handler needs the subscription's secret, known once that answers: refuse until then.
  let handle: WebhookHandler = async () => new Response(null, { status: 503 });
  const events: OrderEvent[] = [];
  // toNodeListener reads the raw body; createWebhookHandler verifies X-Webhook-Signature over
  // those bytes before anything parses them, then calls the handler for the event's type.
  const receiver = createServer(toNodeListener((request) => handle(request)));
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/orders`;
  const subscription = await client.webhooks.create({
    url: receiverUrl,
    events: ['order.updated'],
  });
  const secret = subscription.secret ?? '';
  handle = createWebhookHandler({
    secret,
    on: {
      'order.updated': async (event) => {
        events.push(event);
        receiver.emit('event');
      },
    },
  });
  say(`subscription ${subscription.id} -> ${receiverUrl}`);
  say(`deliveries are signed in ${WEBHOOK_SIGNATURE_HEADER} with the subscription's secret`);

  // Waits for the next delivery; a delivery that never comes fails the demo, not hangs it.
  const nextEvent = async (): Promise<OrderEvent> => {
    const seen = events.length;
    const signal = AbortSignal.timeout(10_000);
    while (events.length === seen) await once(receiver, 'event', { signal });
    return events[seen] as OrderEvent;
  };

  // --- 5. An update arrives as an event ----------------------------------------------------
  step(5, `The carrier integration records a parcel for order ${orderId} (mock state API)`);
  const parcel = {
    id: `${orderId}-S1`,
    carrier: 'Aras Kargo',
    tracking_number: 'AR7000123456',
    tracking_url: 'https://track.example/aras/AR7000123456',
    shipped_at: null,
  };
  let event = nextEvent();
  mock.orders.update(orderId, {
    shipments: [parcel],
    tracking_number: parcel.tracking_number,
    tracking_url: parcel.tracking_url,
  });
  const updated = await event;
  say(
    `received ${updated.type} ${updated.id} for order ${updated.data.order.id} ` +
      `(updated_at ${updated.data.order.updated_at}), signature verified`,
  );

  // --- 6. The warehouse reports the shipment ----------------------------------------------
  step(6, 'The WMS sends a signed fulfillment notification (X-WMS-Signature)');
  event = nextEvent();
  const shippedAt = new Date();
  const result = await client.fulfillment.notifyShipped(
    { inbound_order_id: orderId },
    { shipped_at: shippedAt },
  );
  say(`service answered: ${result.status} for order ${result.order_id}`);
  const shippedEvent = await event;
  say(`received ${shippedEvent.type} ${shippedEvent.id}: status ${shippedEvent.data.order.status}`);
  const again = await client.fulfillment.notifyShipped(
    { inbound_order_id: orderId },
    { shipped_at: shippedAt },
  );
  if (result.status !== 'applied' || again.status !== 'unchanged') {
    throw new Error(`the notification was ${result.status}, then ${again.status} when sent again`);
  }
  say(`sent again (a retry after a lost answer): ${again.status}, nothing written twice`);

  // --- 7. The order as shipped, with its tracking data --------------------------------------
  step(7, `Read order ${orderId} back`);
  const shipped = await client.orders.get(orderId);
  say(`status ${shipped.status}, shipped_at ${shipped.shipped_at}`);
  say(`tracking ${shipped.tracking_number} ${shipped.tracking_url}`);
  for (const s of shipped.shipments ?? []) {
    say(`  parcel ${s.id}: ${s.carrier} ${s.tracking_number}`);
  }
  if (shipped.status !== 'shipped' || shipped.shipments?.length !== 1) {
    throw new Error('the order is not shipped with its parcel');
  }

  // --- 8. Resume the pull from the checkpoint ------------------------------------------------
  step(8, 'Resume the cursor pull from the checkpoint saved in step 2');
  const changed = [];
  for await (const order of client.orders.iterate({ ...checkpoint, limit: 200 }))
    changed.push(order);
  say(
    `${changed.length} order changed since: ${changed.map((o) => `${o.id} (${o.status})`).join(', ')}`,
  );
  say('an order comes again whenever it changes: process orders idempotently, keyed by id');

  await mock.flushDeliveries();
  const failed = mock.deliveries.filter((delivery) => !delivery.ok);
  if (failed.length > 0)
    throw new Error(`${failed.length} webhook deliveries were not answered 2xx`);
  say(`${mock.deliveries.length} webhook deliveries, all answered 2xx`);
  receiver.close();
  receiver.closeAllConnections();
  await server.close();
  console.log('\nDone. Next: README.md, examples/, docs/cursor.md, docs/webhooks.md');
}

main().catch((error: unknown) => {
  console.error('\ndemo failed:', error);
  process.exitCode = 1;
});
