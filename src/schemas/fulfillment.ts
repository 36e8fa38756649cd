// Wire shapes of the inbound shipment notification (specification 2.8, 4.6).
import * as z from 'zod/mini';
import { IsoDateTimeWithOffsetSchema } from './common.js';
import {
  anyBody,
  LooseIdSchema,
  lenient,
  type OpenString,
  openString,
  wireObject,
} from './wire.js';

/** The only event kind the inbound endpoint takes, in the body's `olay` field. */
export const FULFILLED_EVENT = 'order.fulfilled';

/** The status an inbound notification writes onto the matched order, verbatim. */
export const SHIPPED_STATUS = 'shipped';

// An ISO 8601 date-time with an offset, as the same instant in UTC ending in Z. Only the
// date and time move: the fraction of a second, whatever its digits, is kept, since offsets
// are whole minutes.
function toUtc(value: string): string {
  const match = /^(.+T\d\d:\d\d(?::\d\d)?)(\.\d+)?(Z|[+-]\d\d(?::?\d\d)?)$/i.exec(value);
  if (!match) return value;
  const [, time = '', fraction = '', offset = 'Z'] = match;
  if (/^(z|[+-]00(:?00)?)$/i.test(offset)) return `${time}${fraction}Z`;
  const hhmm = offset.length === 3 ? `${offset}:00` : `${offset.slice(0, 3)}:${offset.slice(-2)}`;
  const utc = new Date(`${time}${hhmm}`).toISOString().slice(0, 19);
  return `${utc}${fraction}Z`;
}

// A key is optional, and null counts as absent, as pydantic's Optional[str] reads it: many
// serializers write every field, null included.
const orderKey = z.optional(z.nullable(z.string().check(z.minLength(1))));

const wholeSecondaryKey = (body: { source?: string | null; external_ref?: string | null }) =>
  (body.source == null) === (body.external_ref == null);

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
    // The specification asks for UTC; any offset names an instant, which is sent in UTC.
    shipped_at: z.pipe(IsoDateTimeWithOffsetSchema, z.transform(toUtc)),
  })
  .check(
    // Half a secondary key names no order: the service can only skip it (4.6 rule 3), so
    // sending it is a sender's bug, refused here; beside an `inbound_order_id`, which alone
    // decides (4.6 rule 1), it is not read at all.
    z.refine((body) => body.inbound_order_id != null || wholeSecondaryKey(body), {
      message: 'source and external_ref must be given together',
      path: ['external_ref'],
    }),
  );

/** Body of the inbound shipment notification. */
export interface FulfillmentNotification extends z.infer<typeof FulfillmentNotificationSchema> {}

/** The outcomes the mock reports; a real service may report others, or nothing. */
export const KNOWN_FULFILLMENT_STATUSES = ['applied', 'unchanged', 'skipped'] as const;

/** An outcome of the inbound endpoint: one of {@link KNOWN_FULFILLMENT_STATUSES}, or another. */
export type FulfillmentStatus = OpenString<(typeof KNOWN_FULFILLMENT_STATUSES)[number]>;

// The fields of an inbound answer, every one optional; FulfillmentResultSchema takes any body.
const FulfillmentResultFields = wireObject({
  status: lenient(openString(KNOWN_FULFILLMENT_STATUSES)),
  /** The matched order, as the service wrote its id (a string or a number). */
  order_id: lenient(LooseIdSchema),
});

/**
 * What the inbound endpoint answered. The specification shows neither the body nor the
 * status code (4.6), so any 2xx answer is a success: every field may be missing, and a body
 * that is not an object (a 204 with no body, `"OK"`) gives `{}`. The mock answers
 * `{ status, order_id }`: `applied` wrote `shipped`, `unchanged` found it already written,
 * `skipped` had no key that names an order of this integrator (docs/spec-gaps.md).
 */
export const FulfillmentResultSchema = anyBody(FulfillmentResultFields);

/** What the inbound endpoint answered: always an object, each field possibly missing. */
export interface FulfillmentResult extends z.infer<typeof FulfillmentResultFields> {}
