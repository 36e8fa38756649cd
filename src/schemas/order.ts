// Wire shapes of the order endpoints (specification 2.3 to 2.6, 4.2 to 4.4).
// Only some order fields are documented; those are required, the service's other
// fields are optional, and every object is loose so nothing the service sends is lost.
import * as z from 'zod/mini';
import { IsoDateTimeWithOffsetSchema } from './common.js';
import { MAX_PAGE_SIZE } from './product.js';

/**
 * The cursor that starts a pull from the very beginning: every order comes after it in
 * (`updated_at`, `id`) order (docs/spec-gaps.md, "the first cursor call").
 */
export const ORIGIN_CURSOR = { since: '1970-01-01T00:00:00Z', since_id: '0' } as const;

/** An order as it appears in the order list (specification 2.3). */
export const OrderSchema = z.looseObject({
  /** The order identifier: the `{order_id}` of the paths and the `since_id` of the cursor. */
  id: z.string(),
  status: z.string(),
  platform: z.string(),
  order_date: z.string(),
  updated_at: z.string(),
  order_number: z.optional(z.string()),
  /** The sales channel; matched with `external_ref` by the inbound endpoint. */
  source: z.optional(z.string()),
  /** The channel's order reference, unique only per business. */
  external_ref: z.optional(z.nullable(z.string())),
  business_id: z.optional(z.string()),
  created_at: z.optional(z.string()),
  shipped_at: z.optional(z.nullable(z.string())),
  customer_name: z.optional(z.string()),
  total_price: z.optional(z.number()),
  currency: z.optional(z.string()),
});

/** An order as it appears in the order list (specification 2.3). */
export type Order = z.infer<typeof OrderSchema>;

/** One parcel of an order: its carrier and tracking number (specification 2.5). */
export const ShipmentSchema = z.looseObject({
  id: z.optional(z.string()),
  carrier: z.optional(z.nullable(z.string())),
  tracking_number: z.optional(z.nullable(z.string())),
  tracking_url: z.optional(z.nullable(z.string())),
  shipped_at: z.optional(z.nullable(z.string())),
});

/** One parcel of an order (specification 2.5). */
export type Shipment = z.infer<typeof ShipmentSchema>;

/** Where an order is shipped to. */
export const ShippingAddressSchema = z.looseObject({
  name: z.optional(z.string()),
  line1: z.optional(z.string()),
  line2: z.optional(z.nullable(z.string())),
  city: z.optional(z.string()),
  postal_code: z.optional(z.string()),
  country: z.optional(z.string()),
  phone: z.optional(z.nullable(z.string())),
});

/** Where an order is shipped to. */
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/**
 * An order with its shipping and tracking information (specification 2.5, `OrderDetailOut`).
 * The shipping fields are present only for a key with the `shipping:read` scope
 * (docs/spec-gaps.md).
 */
export const OrderDetailSchema = z.looseObject({
  ...OrderSchema.shape,
  shipping_address: z.optional(z.nullable(ShippingAddressSchema)),
  tracking_number: z.optional(z.nullable(z.string())),
  tracking_url: z.optional(z.nullable(z.string())),
  shipments: z.optional(z.array(ShipmentSchema)),
});

/** An order with its shipping and tracking information (specification 2.5). */
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** One line of an order (specification 2.6). */
export const OrderItemSchema = z.looseObject({
  sku: z.string(),
  barcode: z.optional(z.nullable(z.string())),
  quantity: z.number().check(z.int()),
  price: z.number(),
  id: z.optional(z.string()),
  name: z.optional(z.string()),
  product_id: z.optional(z.nullable(z.number().check(z.int()))),
  currency: z.optional(z.string()),
});

/** One line of an order (specification 2.6). */
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** Body of GET /orders/{order_id}/items; the envelope is a choice (docs/spec-gaps.md). */
export const OrderItemListSchema = z.looseObject({
  items: z.array(OrderItemSchema),
});

/** Body of GET /orders/{order_id}/items. */
export type OrderItemList = z.infer<typeof OrderItemListSchema>;

/** One page of orders in offset mode, newest `order_date` first (specification 2.3). */
export const OrderPageSchema = z.looseObject({
  items: z.array(OrderSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
});

/** One page of orders in offset mode (specification 2.3). */
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** One page of orders in cursor mode, oldest (`updated_at`, `id`) first (specification 2.4). */
export const OrderCursorPageSchema = z.looseObject({
  items: z.array(OrderSchema),
  next_since: z.string(),
  next_since_id: z.string(),
  has_more: z.boolean(),
});

/** One page of orders in cursor mode (specification 2.4). */
export type OrderCursorPage = z.infer<typeof OrderCursorPageSchema>;

/** Filters both paging modes accept (specification 4.2). */
const orderFilters = {
  status: z.optional(z.string()),
  platform: z.optional(z.string()),
  limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE))),
};

/** Query of GET /orders in offset mode (specification 4.2). */
export const OrderListParamsSchema = z.object({
  ...orderFilters,
  offset: z.optional(z.number().check(z.int(), z.minimum(0))),
});

/** Query of GET /orders in offset mode. */
export type OrderListParams = z.infer<typeof OrderListParamsSchema>;

/** A position in the (`updated_at`, `id`) order: both values of a cursor page, sent back. */
export const OrderCursorSchema = z.object({
  since: IsoDateTimeWithOffsetSchema,
  since_id: z.string().check(z.minLength(1)),
});

/** A position in the cursor order, to persist and resume from. */
export type OrderCursor = z.infer<typeof OrderCursorSchema>;

/**
 * Query of GET /orders in cursor mode (specification 4.2): `since` and `since_id` come
 * together or not at all; without them a pull starts at {@link ORIGIN_CURSOR}.
 */
export const OrderCursorParamsSchema = z
  .object({
    ...orderFilters,
    since: z.optional(IsoDateTimeWithOffsetSchema),
    since_id: z.optional(z.string().check(z.minLength(1))),
  })
  .check(
    z.refine((params) => (params.since === undefined) === (params.since_id === undefined), {
      message: 'since and since_id must be given together',
      path: ['since_id'],
    }),
  );

/** Query of GET /orders in cursor mode. */
export type OrderCursorParams = z.infer<typeof OrderCursorParamsSchema>;
