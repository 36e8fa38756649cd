// Real signed deliveries, obtained from inside the runtime under test: the SDK subscribes a
// webhook at the Node recorder, the mock's control API changes orders so the mock delivers,
// and the recorder hands back what arrived byte for byte. The recorder answers the first
// delivery with a 500, so the mock delivers that event again: a genuine replay.
import type { Client, WebhookSubscription } from 'order-fulfillment-sdk';
import type { RecordedDelivery, SdkSmokeConfig } from './config.js';
import { assert } from './report.js';

/** The subscription's secret and every delivery the recorder got for it. */
export interface Deliveries {
  secret: string;
  recorded: RecordedDelivery[];
}

/** Calls the mock's control API (`/__mock/...`, no key) and returns its JSON answer. */
export async function control<T = unknown>(
  config: SdkSmokeConfig,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${config.hostUrl}/__mock/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  assert(response.ok, `${method} /__mock/${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Subscribes, creates one order and updates another, waits until the mock has delivered
 * (retries included), and returns the recorded deliveries.
 */
export async function collectDeliveries(
  client: Client,
  config: SdkSmokeConfig,
): Promise<Deliveries> {
  const subscription: WebhookSubscription = await client.webhooks.create({
    url: config.recorderUrl,
    events: ['order.created', 'order.updated'],
  });
  assert(subscription.secret, 'POST /webhooks returned no secret');
  await control(config, 'POST', 'orders', { platform: 'Amazon' });
  await control(config, 'PATCH', 'orders/1', { status: 'Cancelled' });
  await control(config, 'POST', 'deliveries/flush');
  const response = await fetch(config.recorderUrl);
  const recorded = (await response.json()) as RecordedDelivery[];
  // Two events, the first delivery of one of them refused once: three arrivals.
  assert(recorded.length >= 3, `expected 3 deliveries, the recorder got ${recorded.length}`);
  return { secret: subscription.secret, recorded };
}

/** A recorded delivery's signature header, as node:http gave it. */
export function signatureHeader(delivery: RecordedDelivery): string {
  const value = delivery.headers['x-webhook-signature'];
  assert(typeof value === 'string', 'a delivery came without X-Webhook-Signature');
  return value;
}

// Set by the client and the connection, not by the sender: a Request refuses or rewrites
// them, and no receiver reads them.
const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** The recorded delivery as the Web-standard Request a Workers-style handler receives. */
export function toRequest(delivery: RecordedDelivery, body: string = delivery.raw): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(delivery.headers)) {
    if (value === undefined || TRANSPORT_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request('http://receiver.test/hooks/orders', { method: 'POST', headers, body });
}

/** The event id inside a delivery's body (the same on every attempt of one event). */
export function eventId(delivery: RecordedDelivery): string {
  return (JSON.parse(delivery.raw) as { id: string }).id;
}
