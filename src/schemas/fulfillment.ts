// Wire shapes of the inbound shipment notification (specification 2.8, 4.6).
import * as z from 'zod/mini';
import { isoDateTime } from './iso.js';

/** The only event kind the inbound endpoint takes, in the body's `olay` field. */
export const FULFILLED_EVENT = 'order.fulfilled';

/** The status an inbound notification writes onto the matched order, verbatim. */
export const SHIPPED_STATUS = 'shipped';

// A key is optional, and null counts as absent, as pydantic's Optional[str] reads it: many
// serializers write every field, null included.
const orderKey = z.optional(z.nullable(z.string().check(z.minLength(1))));

/**
 * Body of POST {host_url}/api/v1/webhooks/wms/fulfillment (specification 2.8). The order
 * is matched by `inbound_order_id` when present, else by `source` with `external_ref`.
 */
export const FulfillmentNotificationSchema = z
  .object({
    olay: z.literal(FULFILLED_EVENT),
    inbound_order_id: orderKey,
    source: orderKey,
    external_ref: orderKey,
    status: z.literal(SHIPPED_STATUS),
    // The specification asks for UTC.
    shipped_at: isoDateTime({ error: 'must be an ISO 8601 date-time in UTC, ending in Z' }),
  })
  .check(
    // Half a secondary key names no order and is a sender's bug, not a skip.
    z.refine((body) => (body.source == null) === (body.external_ref == null), {
      message: 'source and external_ref must be given together',
      path: ['external_ref'],
    }),
  );

/** Body of the inbound shipment notification. */
export type FulfillmentNotification = z.infer<typeof FulfillmentNotificationSchema>;

/**
 * What the inbound endpoint did (not shown by the specification; docs/spec-gaps.md):
 * `applied` wrote `shipped`, `unchanged` found it already written, `skipped` had no key
 * that names an order of this integrator.
 */
export const FulfillmentResultSchema = z.looseObject({
  status: z.enum(['applied', 'unchanged', 'skipped']),
  order_id: z.nullable(z.string()),
});

/** What the inbound endpoint did with a notification. */
export type FulfillmentResult = z.infer<typeof FulfillmentResultSchema>;
