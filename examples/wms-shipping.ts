// `npm run example:wms-shipping`: the warehouse side. When parcels leave the warehouse, the
// WMS tells the service with a signed fulfillment notification, handles each outcome, and
// reads carrier and tracking back from the order's `shipments[]` (the notification carries
// neither: specification 2.8).
//
// With the embedded mock it ships two Processing orders, one by `inbound_order_id` and one by
// `source` + `external_ref`, and shows the 409 (ambiguous reference) and 404 paths.
// Against a real service (ORDER_API_URL, ORDER_API_KEY, ORDER_SIGNING_SECRET) it ships only
// the order you name: `-- --order-id ID`, since a notification really marks it shipped. When
// the outcome is unknown (no answer, a timeout, a 5xx), it prints the command that sends it
// again with the first `--shipped-at`: a new shipped_at would be a second write.
import { parseArgs } from 'node:util';
import {
  type Client,
  ConflictError,
  ConnectionError,
  createClient,
  type FulfillmentTarget,
  NotFoundError,
  ServerError,
} from 'order-fulfillment-sdk';
import { openService } from './support/service.js';

/**
 * Reports one shipment by the exact order id when the WMS has it, else by the sales
 * channel's reference. Returns what the service did, or what to do about it.
 */
export async function reportShipment(
  client: Client,
  shipment: {
    orderId?: string | undefined;
    source?: string | undefined;
    externalRef?: string | undefined;
    shippedAt: Date;
  },
): Promise<string> {
  let target: FulfillmentTarget;
  if (shipment.orderId) target = { inbound_order_id: shipment.orderId };
  else if (shipment.source && shipment.externalRef) {
    target = { source: shipment.source, external_ref: shipment.externalRef };
  } else return 'skipped: no order id and no channel reference';
  try {
    // The same notification again leaves the order as one send does (the mock answers
    // `unchanged`), so the SDK retries it on 5xx, 429 and network errors like a GET.
    const result = await client.fulfillment.notifyShipped(target, {
      shipped_at: shipment.shippedAt,
    });
    // 4.6 does not show the success body: the mock's says what happened, another may not.
    return result.status == null ? 'accepted' : `${result.status} (order ${result.order_id})`;
  } catch (error) {
    // external_ref is unique only per business: nothing was written; send the id instead.
    if (error instanceof ConflictError) return `ambiguous: ${error.detail}`;
    // Not an order the service knows: park it for a human rather than retry.
    if (error instanceof NotFoundError) return `not-found: ${error.detail}`;
    throw error;
  }
}

async function main() {
  const { values } = parseArgs({
    options: { 'order-id': { type: 'string' }, 'shipped-at': { type: 'string' } },
  });
  const service = await openService({ orders: 400, seed: 2 });
  if (!service.signingSecret) throw new Error('set ORDER_SIGNING_SECRET to sign notifications');
  const client = createClient({
    hostUrl: service.hostUrl,
    apiKey: service.apiKey,
    signingSecret: service.signingSecret,
  });
  const { mock } = service;
  if (!mock && !values['order-id']) {
    throw new Error('against a real service, name the order to ship: --order-id ID');
  }

  let failed = false;
  const expect = (what: string, actual: string, wanted: string) => {
    console.log(`  ${what}: ${actual}`);
    if (mock && !actual.startsWith(wanted)) {
      failed = true;
      console.error(`  FAILED: expected ${wanted}`);
    }
  };

  if (!mock) {
    const id = values['order-id'] as string;
    const shippedAt = new Date(values['shipped-at'] ?? Date.now());
    if (Number.isNaN(shippedAt.getTime())) throw new Error('--shipped-at must be an ISO 8601 time');
    console.log(`shipping order ${id}, shipped at ${shippedAt.toISOString()}`);
    try {
      console.log(`  ${await reportShipment(client, { orderId: id, shippedAt })}`);
    } catch (error) {
      // It may have been applied (ConnectionError covers TimeoutError): send the same again.
      if (error instanceof ConnectionError || error instanceof ServerError) {
        console.error(
          `  unknown whether it shipped; send it again with: --order-id ${id} --shipped-at ${shippedAt.toISOString()}`,
        );
      }
      throw error;
    }
  } else {
    const { items } = await client.orders.list({ status: 'Processing', limit: 100 });
    const all = mock.orders.all();
    const refCount = (o: {
      source?: string | null | undefined;
      external_ref?: string | null | undefined;
    }) => all.filter((x) => x.source === o.source && x.external_ref === o.external_ref).length;
    const [first, second] = items.filter((o) => refCount(o) === 1);
    const ambiguous = items.find((o) => refCount(o) > 1);
    if (!first || !second || !ambiguous) throw new Error('the seed lacks the orders this needs');

    // The carrier integration on the service side records parcels; the WMS never sends them.
    mock.orders.update(first.id, {
      shipments: [
        { id: `${first.id}-S1`, carrier: 'Yurtici Kargo', tracking_number: 'YK100200300' },
        { id: `${first.id}-S2`, carrier: 'Yurtici Kargo', tracking_number: 'YK100200301' },
      ],
    });

    const shippedAt = new Date();
    console.log(`order ${first.id} left the warehouse in two parcels`);
    expect(
      'by inbound_order_id',
      await reportShipment(client, { orderId: first.id, shippedAt }),
      'applied',
    );
    expect(
      'sent again',
      await reportShipment(client, { orderId: first.id, shippedAt }),
      'unchanged',
    );

    console.log(
      `order ${second.source} ${second.external_ref} left the warehouse (WMS knows only the channel reference)`,
    );
    expect(
      'by source + external_ref',
      await reportShipment(client, {
        source: second.source ?? undefined,
        externalRef: second.external_ref ?? undefined,
        shippedAt,
      }),
      'applied',
    );

    console.log(
      `order ${ambiguous.id}: ${ambiguous.source} ${ambiguous.external_ref} exists in two businesses`,
    );
    expect(
      'reference only',
      await reportShipment(client, {
        source: ambiguous.source ?? undefined,
        externalRef: ambiguous.external_ref ?? undefined,
        shippedAt,
      }),
      'ambiguous',
    );
    expect(
      'by inbound_order_id instead',
      await reportShipment(client, {
        orderId: ambiguous.id,
        shippedAt,
      }),
      'applied',
    );
    console.log('an order the service does not know');
    expect(
      'by inbound_order_id',
      await reportShipment(client, { orderId: 'no-such-order', shippedAt }),
      'not-found',
    );

    console.log(`\norder ${first.id} as the service now has it:`);
    const order = await client.orders.get(first.id);
    console.log(`  status ${order.status}, shipped_at ${order.shipped_at}`);
    for (const parcel of order.shipments ?? []) {
      console.log(`  parcel ${parcel.id}: ${parcel.carrier} ${parcel.tracking_number}`);
    }
    if (order.status !== 'shipped' || order.shipments?.length !== 2) failed = true;
  }
  await service.close();
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
