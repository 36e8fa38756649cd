// The inbound shipment notification's rules (specification 4.6): which order it names, and
// what writing `shipped` onto it does. The HTTP side (signature, body) is in
// mock/routes/fulfillment.ts.
import { type FulfillmentNotification, SHIPPED_STATUS } from '../../src/schemas/index.js';
import { iso } from '../store/generate.js';
import type { OrderStore } from '../store/orders.js';
import type { MockOrder } from '../store/types.js';

// A key as the caller sent it, quoted so that spaces and an empty-looking key show, and cut so
// that a key of any length does not make an error of the same length.
function quoted(key: string): string {
  return JSON.stringify(key.length > 100 ? `${key.slice(0, 100)}…` : key);
}

/** What a verified, well-formed notification leads to. */
export type InboundOutcome =
  | { kind: 'applied' | 'unchanged'; orderId: string }
  | { kind: 'skipped' }
  | { kind: 'not_found' | 'ambiguous'; detail: string };

/**
 * Finds the notification's order and writes `shipped` and `shipped_at` onto it.
 *
 * Matching, in order: `inbound_order_id` exactly (no fallback when it names no order);
 * otherwise `source` with `external_ref` (more than one match is rejected and nothing is
 * written); neither (one of `source` and `external_ref` alone is neither): the event is not
 * the integrator's and is skipped. An order that already has this status and `shipped_at` is
 * left untouched: no `updated_at` move, no event.
 *
 * @param store - The orders.
 * @param notification - A verified, schema-valid body.
 */
export function applyFulfillment(
  store: OrderStore,
  notification: FulfillmentNotification,
): InboundOutcome {
  const { inbound_order_id: orderId, source, external_ref: externalRef } = notification;
  let current: MockOrder | undefined;
  // null is absent (FulfillmentNotificationSchema).
  if (orderId != null) {
    current = store.get(orderId);
    if (!current) {
      return { kind: 'not_found', detail: `No order with inbound_order_id ${quoted(orderId)}` };
    }
  } else if (source != null && externalRef != null) {
    const matched = store.withRef(source, externalRef);
    if (matched.length === 0) {
      return {
        kind: 'not_found',
        detail: `No order with source ${quoted(source)} and external_ref ${quoted(externalRef)}`,
      };
    }
    if (matched.length > 1) {
      return {
        kind: 'ambiguous',
        detail:
          `${matched.length} orders have source ${quoted(source)} and external_ref ${quoted(externalRef)} ` +
          '(external_ref is unique only per business); send inbound_order_id instead',
      };
    }
    current = matched[0] as MockOrder;
  } else {
    return { kind: 'skipped' };
  }
  const shippedAt = iso(Date.parse(notification.shipped_at));
  if (current.status === SHIPPED_STATUS && current.shipped_at === shippedAt) {
    return { kind: 'unchanged', orderId: current.id };
  }
  store.update(current.id, { status: SHIPPED_STATUS, shipped_at: shippedAt });
  return { kind: 'applied', orderId: current.id };
}
