// Schemas for what the mock stores and serves, and for what the state API, the control
// endpoints and the inbound endpoint accept: those records made partial, with timestamps that
// must carry an offset (the mock stores them in UTC).

import * as z from 'zod/mini';
import { hasLoneSurrogate } from '../../src/core/method.js';
import {
  FulfillmentNotificationSchema,
  IsoDateTimeWithOffsetSchema,
  KNOWN_ORDER_STATUSES,
  KNOWN_PLATFORMS,
  OrderDetailSchema,
  OrderItemSchema,
  ProductSchema,
  ShipmentSchema,
  ShippingAddressSchema,
} from '../../src/schemas/index.js';
import { isoDateTime } from '../../src/schemas/iso.js';
import { openString } from '../../src/schemas/wire.js';
import { iso } from './generate.js';
import { instantMs, instantProblem, readDateTime } from './instants.js';

// The SDK's response schemas accept what any service may send: any value where the SDK
// relies on none (docs/spec-gaps.md, "Checking responses"). The mock is one such service and
// writes every field, typed, null only where it knows nothing yet: each record schema below
// restates every field of the response schema it extends, so that input is checked, and
// takes no field besides: a misspelt field would otherwise be stored and served, and move
// `updated_at` (an update that changed nothing else, with its event).
const text = z.string();
const maybe = z.nullable(z.string());

const LocalDateTime = isoDateTime({ local: true });

const datetimeIssue = (input: string, message: string) =>
  ({ code: 'invalid_format', format: 'datetime', input, message }) as const;

const NOT_A_DATE_TIME = 'must be an ISO 8601 date-time with Z or ±HH:MM';
const NO_OFFSET =
  'has no UTC offset: add Z or ±HH:MM (such as 2026-01-01T10:00:00Z), since a local time names no instant';

/**
 * An instant: ISO 8601 with any offset (`Z`, `+00:00`, `+02:00`, fractions of any length,
 * as Python's `isoformat()` writes them), within the years the mock writes (instants.ts). A
 * time without an offset names no instant, so it is refused with its own message.
 */
const InstantSchema = z.string().check(
  z.superRefine((value, ctx) => {
    const problem = IsoDateTimeWithOffsetSchema.safeParse(value).success
      ? instantProblem(value)
      : LocalDateTime.safeParse(value).success
        ? NO_OFFSET
        : NOT_A_DATE_TIME;
    if (problem) ctx.addIssue(datetimeIssue(value, problem));
  }),
);

/**
 * An instant as the service reads one it is sent (a pull's `since`, the inbound `shipped_at`):
 * any spelling pydantic v2 takes ({@link readDateTime}: `2026-01-01 10:00:00+00:00`, `+0000`,
 * no seconds), with an offset, within the years the mock writes. The mock's own control API
 * keeps {@link InstantSchema}, the one spelling its OpenAPI document gives.
 */
export const ServiceInstantSchema = z.string().check(
  z.superRefine((value, ctx) => {
    const read = readDateTime(value);
    const problem =
      read === undefined
        ? NOT_A_DATE_TIME
        : read.ms === undefined
          ? NO_OFFSET
          : instantProblem(value);
    if (problem) ctx.addIssue(datetimeIssue(value, problem));
  }),
);

/**
 * An order's own timestamp as given: {@link IsoDateTimeWithOffsetSchema} (whose JSON Schema
 * docs/openapi-control.json publishes), within the years the mock writes. The range is checked
 * only once the form holds, so a malformed value gets one issue, not two.
 */
const OrderTimestampSchema = IsoDateTimeWithOffsetSchema.check(
  z.superRefine((value: string, ctx) => {
    const problem = ctx.issues.length === 0 ? instantProblem(value) : undefined;
    if (problem) ctx.addIssue(datetimeIssue(value, problem));
  }),
);

/**
 * An instant as the mock stores it: any {@link InstantSchema}, written in UTC with
 * milliseconds (finer digits dropped), as every timestamp the mock writes, so a parcel's
 * `shipped_at` reads like its order's and the same instant is always the same text.
 */
const StoredInstantSchema = z.pipe(
  InstantSchema,
  z.transform((value) => iso(instantMs(value))),
);

/** One parcel as the mock stores it. */
export const ShipmentRecordSchema = z.strictObject({
  ...ShipmentSchema.shape,
  id: z.optional(text),
  carrier: z.optional(maybe),
  tracking_number: z.optional(maybe),
  tracking_url: z.optional(maybe),
  shipped_at: z.optional(z.nullable(StoredInstantSchema)),
});

/** One order line as the mock stores it. */
export const OrderItemRecordSchema = z.strictObject({
  ...OrderItemSchema.shape,
  id: z.optional(text),
  product_id: z.optional(z.nullable(z.number().check(z.int()))),
  sku: text,
  barcode: z.optional(maybe),
  name: z.optional(text),
  // Never below zero, as a product's stock and price are: the served lines and the total
  // computed from them would otherwise go negative.
  quantity: z.number().check(z.int(), z.minimum(0)),
  price: z.number().check(z.minimum(0)),
  currency: z.optional(text),
});

/** An order as the mock stores it, without its items. */
export const OrderRecordSchema = z.strictObject({
  ...OrderDetailSchema.shape,
  order_number: text,
  // Typed as the SDK types them (OrderStatus, Platform): the known values are offered, and
  // any string is taken, since a test may want one the service has not written yet.
  status: openString(KNOWN_ORDER_STATUSES),
  platform: openString(KNOWN_PLATFORMS),
  source: text,
  external_ref: maybe,
  business_id: text,
  order_date: text,
  created_at: text,
  updated_at: text,
  shipped_at: maybe,
  customer_name: text,
  total_price: z.number().check(z.minimum(0)),
  currency: text,
  shipping_address: z.nullable(
    z.strictObject({
      ...ShippingAddressSchema.shape,
      name: text,
      line1: text,
      line2: maybe,
      city: text,
      postal_code: text,
      country: text,
      phone: maybe,
    }),
  ),
  tracking_number: maybe,
  tracking_url: maybe,
  shipments: z.array(ShipmentRecordSchema),
});

/** An order record or a part of one (`mock.orders.create`, the `orders` option, fixtures). */
export const OrderInputSchema = z.partial(
  z.extend(OrderRecordSchema, {
    // Well-formed Unicode: a lone surrogate cannot travel in a URL (a client writes U+FFFD
    // for it), so a cursor past such an id would come back as another one.
    id: z.string().check(
      z.minLength(1),
      z.refine((id) => !hasLoneSurrogate(id), 'must be well-formed Unicode (no lone surrogate)'),
    ),
    order_date: OrderTimestampSchema,
    created_at: OrderTimestampSchema,
    updated_at: OrderTimestampSchema,
    shipped_at: z.nullable(OrderTimestampSchema),
    items: z.array(OrderItemRecordSchema),
  }),
);

/** A product record or a part of one (`mock.products.create`, the `products` option). */
export const ProductInputSchema = z.partial(
  z.strictObject({
    ...ProductSchema.shape,
    id: z.number().check(z.int(), z.minimum(1)),
    sku: text,
    name: text,
    barcode: text,
    stock: z.number().check(z.int(), z.minimum(0)),
    price: z.number().check(z.minimum(0)),
    currency: text,
  }),
);

/**
 * The inbound notification's body as the service reads it (specification 2.8): the wire
 * schema's fields, with `shipped_at` any {@link ServiceInstantSchema}, read as the UTC instant
 * the mock stores, so the same instant in another spelling is the same notification. 2.8 asks
 * for UTC; `+00:00` is UTC, and another offset names its instant as exactly.
 * Without the SDK's check that `source` and `external_ref` come together: one of them alone
 * is not the second key of 4.6, so neither key is present and the event is skipped (rule 3),
 * where the SDK refuses to send it.
 */
export const InboundNotificationSchema = z.object({
  ...FulfillmentNotificationSchema.shape,
  shipped_at: z.pipe(
    ServiceInstantSchema,
    z.transform((value) => iso(instantMs(value))),
  ),
});
