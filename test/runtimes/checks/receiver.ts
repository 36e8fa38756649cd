// unwrapWebhook and createWebhookHandler on the real deliveries, inside the runtime under
// test. The deliveries include one event the mock delivered twice (the recorder refused the
// first attempt), which is the replay the handler must absorb.
import {
  createWebhookHandler,
  OrderFulfillmentError,
  SignatureVerificationError,
  unwrapWebhook,
} from 'order-fulfillment-sdk';
import type { RecordedDelivery } from './config.js';
import type { Deliveries } from './deliveries.js';
import { eventId, toRequest } from './deliveries.js';
import { assert, rejection } from './report.js';

/** Each delivery unwraps to its typed event; headers given as a plain object and as Headers. */
export async function checkUnwrap({ secret, recorded }: Deliveries) {
  for (const delivery of recorded) {
    const fromObject = await unwrapWebhook(delivery.raw, delivery.headers, secret);
    const fromHeaders = await unwrapWebhook(delivery.raw, toRequest(delivery).headers, secret);
    assert(fromObject.id === eventId(delivery), `unwrapped id ${fromObject.id}`);
    assert(fromHeaders.id === fromObject.id, 'Headers and a plain object unwrapped differently');
    assert(typeof fromObject.data.order.id === 'string', 'the event carries no order id');
  }
  const first = recorded[0] as RecordedDelivery;
  const tampered = await rejection(
    unwrapWebhook(first.raw.replace('"order', '"Order'), first.headers, secret),
    'unwrapping a tampered body',
  );
  assert(
    tampered instanceof SignatureVerificationError,
    `a tampered body: expected SignatureVerificationError, got ${String(tampered)}`,
  );
  const unsigned = await rejection(
    unwrapWebhook(first.raw, {}, secret),
    'unwrapping without a header',
  );
  assert(
    unsigned instanceof OrderFulfillmentError && !(unsigned instanceof SyntaxError),
    `no signature header: expected an SDK error, got ${String(unsigned)}`,
  );
  const types = [...new Set(recorded.map((d) => (JSON.parse(d.raw) as { type: string }).type))];
  return `${recorded.length} deliveries unwrapped (${types.sort().join(', ')}); tampered and unsigned rejected`;
}

/** A handler that records each event it is called with. */
function recordingHandler(secret: string, calls: string[]) {
  const record = async (event: { id: string }) => {
    calls.push(event.id);
  };
  return createWebhookHandler({
    secret,
    on: { 'order.created': record, 'order.updated': record },
  });
}

/** Answers: 2xx for each real delivery, 400 for a tampered one, 5xx when `on` throws. */
export async function checkHandler({ secret, recorded }: Deliveries) {
  const calls: string[] = [];
  const handler = recordingHandler(secret, calls);
  for (const delivery of recorded) {
    const response = await handler(toRequest(delivery));
    assert(response.ok, `a real delivery answered ${response.status}`);
  }
  const unique = new Set(recorded.map(eventId));
  assert(calls.length === unique.size, `${calls.length} calls for ${unique.size} events`);
  const first = recorded[0] as RecordedDelivery;
  const bad = await handler(toRequest(first, `${first.raw} `));
  assert(bad.status === 400, `a tampered body answered ${bad.status}, not 400`);
  assert(calls.length === unique.size, 'the handler ran for a tampered body');
  const failing = createWebhookHandler({
    secret,
    on: {
      'order.created': async () => Promise.reject(new Error('database down')),
      'order.updated': async () => Promise.reject(new Error('database down')),
    },
  });
  const failed = await failing(toRequest(first));
  assert(failed.status >= 500, `a throwing handler answered ${failed.status}, not 5xx`);
  return `${recorded.length} deliveries answered 2xx, ${calls.length} events handled; tampered 400, throwing handler ${failed.status}`;
}

/** The event the mock delivered twice is handled once, and once more replayed still once. */
export async function checkReplay({ secret, recorded }: Deliveries) {
  const ids = recorded.map(eventId);
  const replayed = ids.find((id, index) => ids.indexOf(id) !== index);
  assert(replayed, 'the mock delivered no event twice');
  const calls: string[] = [];
  const handler = recordingHandler(secret, calls);
  const copies = recorded.filter((delivery) => eventId(delivery) === replayed);
  // The mock's own redelivery, then the first attempt sent again by hand.
  for (const delivery of [...copies, copies[0] as RecordedDelivery]) {
    const response = await handler(toRequest(delivery));
    assert(response.ok, `a replayed delivery answered ${response.status}`);
  }
  const handled = calls.filter((id) => id === replayed).length;
  assert(handled === 1, `event ${replayed} handled ${handled} times`);
  return `event delivered ${copies.length}x by the mock + 1 manual replay: all 2xx, handled once`;
}
