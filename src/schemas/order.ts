// Wire shapes of the order endpoints (specification 2.3 to 2.6, 4.2 to 4.4).
// Responses follow the checking rule of docs/spec-gaps.md: what the SDK relies on is
// required, the rest may be missing, null or of another type, and nothing sent is dropped.
import * as z from 'zod/mini';
import { IsoDateTimeWithOffsetSchema } from './common.js';
import { MAX_PAGE_SIZE } from './product.js';
import {
  givenTogether,
  LooseIdSchema,
  lenient,
  MoneySchema,
  type OpenString,
  openString,
  unchecked,
  wireObject,
} from './wire.js';

/**
 * The cursor that starts a pull from the very beginning: every order comes after it in
 * (`updated_at`, `id`) order (docs/spec-gaps.md, "the first cursor call").
 */
// Frozen: every pull without a cursor starts from a copy of it, so a caller that used it as a
// checkpoint's default and moved it on (`Object.assign(checkpoint, pages.cursor)`, which
// TypeScript allows on a readonly object) would start every later pull, any client's, there.
export const ORIGIN_CURSOR = Object.freeze({
  since: '1970-01-01T00:00:00Z',
  since_id: '0',
} as const);

/**
 * Order statuses the editor offers. The specification shows `Created` and `shipped` and not
 * the full set (3); the others are what the mock writes (docs/spec-gaps.md).
 */
export const KNOWN_ORDER_STATUSES = [
  'Created',
  'Processing',
  'shipped',
  'Delivered',
  'Cancelled',
] as const;

/**
 * An order status: one of {@link KNOWN_ORDER_STATUSES}, offered by the editor, or any other
 * string the service writes. Values are compared exactly: `Shipped` is not `shipped`.
 */
export type OrderStatus = OpenString<(typeof KNOWN_ORDER_STATUSES)[number]>;

/**
 * Sales platforms the editor offers: what the mock writes, since the specification lists
 * none (2.3); the service may report any other.
 */
export const KNOWN_PLATFORMS = ['Trendyol', 'Hepsiburada', 'Amazon', 'Shopify', 'Web'] as const;

/** A sales platform: one of {@link KNOWN_PLATFORMS}, offered by the editor, or any other string. */
export type Platform = OpenString<(typeof KNOWN_PLATFORMS)[number]>;

const OrderStatusSchema = openString(KNOWN_ORDER_STATUSES);
const PlatformSchema = openString(KNOWN_PLATFORMS);

/**
 * One parcel of an order: its carrier and tracking number (specification 2.5, whose element
 * fields are not shown; no field is relied upon:
 * [docs/spec-gaps.md, rule 2](../../docs/spec-gaps.md#checking-responses-the-one-rule)).
 */
export const ShipmentSchema = wireObject({
  id: lenient(LooseIdSchema),
  carrier: lenient(z.string()),
  tracking_number: lenient(z.string()),
  tracking_url: lenient(z.string()),
  shipped_at: lenient(z.string()),
});

/**
 * One parcel of an order (specification 2.5). No field is checked: each holds what the service
 * sent, of another type than declared if the service sends one
 * ([docs/spec-gaps.md, rule 2](../../docs/spec-gaps.md#checking-responses-the-one-rule));
 * check `typeof` before relying on one.
 */
export interface Shipment extends z.infer<typeof ShipmentSchema> {}

// The fields of an order in every context. Only `id` is relied upon (a path segment and the
// cursor's `since_id`); 2.3 names `status`, `platform`, `order_date` and `updated_at` without
// a type, and shows nothing else (docs/spec-gaps.md, "Checking responses").
const orderShape = {
  /** The order identifier: the `{order_id}` of the paths and the `since_id` of the cursor. */
  id: z.string(),
  /** Filterable (specification 4.2); compared exactly, case included. */
  status: lenient(OrderStatusSchema),
  /** Filterable (specification 4.2). */
  platform: lenient(PlatformSchema),
  /** The sort key of offset mode. */
  order_date: lenient(z.string()),
  /** The cursor key (specification 2.3). */
  updated_at: lenient(z.string()),
  order_number: lenient(LooseIdSchema),
  /** The sales channel; matched with `external_ref` by the inbound endpoint. */
  source: lenient(z.string()),
  /** The channel's order reference, unique only per business. */
  external_ref: lenient(z.string()),
  business_id: lenient(LooseIdSchema),
  created_at: lenient(z.string()),
  shipped_at: lenient(z.string()),
  customer_name: lenient(z.string()),
  total_price: lenient(MoneySchema),
  currency: lenient(z.string()),
  /**
   * The first parcel's tracking number (specification 2.5). In the detail, and in list items
   * where the service includes shipping (docs/spec-gaps.md); needs `shipping:read`.
   */
  tracking_number: lenient(z.string()),
  /** The first parcel's tracking URL; as `tracking_number`. */
  tracking_url: lenient(z.string()),
  /**
   * One element per parcel, with its carrier and tracking number: where 4.6 sends a
   * warehouse system to read them. As `tracking_number`.
   */
  shipments: lenient(z.array(ShipmentSchema)),
};

/**
 * An order of an offset page (specification 2.3): `id` is checked, every other field may be
 * missing, null or of another type
 * ([docs/spec-gaps.md, rule 2](../../docs/spec-gaps.md#checking-responses-the-one-rule)).
 */
export const OffsetOrderSchema = wireObject(orderShape);

/**
 * An order of an offset page (specification 2.3). Fields other than `id` are not checked: each
 * holds what the service sent, of another type than declared if the service sends one
 * ([docs/spec-gaps.md, rule 2](../../docs/spec-gaps.md#checking-responses-the-one-rule));
 * check `typeof` before relying on one.
 */
export interface OffsetOrder extends z.infer<typeof OffsetOrderSchema> {}

/**
 * An order of a cursor page (specification 2.4), and of a delivered event: as
 * {@link OffsetOrderSchema}, with `updated_at` required, since the cursor is made of it.
 */
export const OrderSchema = wireObject({
  ...orderShape,
  /** The cursor key (specification 2.3): with `id`, where a checkpoint resumes. */
  updated_at: z.string(),
});

/**
 * An order of a cursor page (specification 2.4) and of an event. Fields other than `id` and
 * `updated_at` are not checked: each holds what the service sent, of another type than
 * declared if the service sends one
 * ([docs/spec-gaps.md, rule 2](../../docs/spec-gaps.md#checking-responses-the-one-rule));
 * check `typeof` before relying on one.
 */
export interface Order extends z.infer<typeof OrderSchema> {}

/** Where an order is shipped to (not shown by specification 2.5; no field is relied upon). */
export const ShippingAddressSchema = wireObject({
  name: lenient(z.string()),
  line1: lenient(z.string()),
  line2: lenient(z.string()),
  city: lenient(z.string()),
  postal_code: lenient(z.string()),
  country: lenient(z.string()),
  phone: lenient(z.string()),
});

/** Where an order is shipped to. */
export interface ShippingAddress extends z.infer<typeof ShippingAddressSchema> {}

/**
 * An order with its shipping and tracking information (specification 2.5, `OrderDetailOut`).
 * The shipping fields are present only for a key with the `shipping:read` scope
 * (docs/spec-gaps.md).
 */
export const OrderDetailSchema = wireObject({
  ...orderShape,
  shipping_address: lenient(ShippingAddressSchema),
});

/**
 * An order with its shipping and tracking information (specification 2.5). Fields other than
 * `id` are not checked: each holds what the service sent, of another type than declared if the
 * service sends one
 * ([docs/spec-gaps.md, rule 2](../../docs/spec-gaps.md#checking-responses-the-one-rule));
 * check `typeof` before relying on one.
 */
export interface OrderDetail extends z.infer<typeof OrderDetailSchema> {}

/** One page of orders in offset mode, newest `order_date` first (specification 2.3). */
export const OrderPageSchema = wireObject({
  items: z.array(OffsetOrderSchema),
  // Typed by 2.3, and used by no code here: no offset pull walks them.
  total: unchecked(z.int()),
  page: unchecked(z.int()),
  page_size: unchecked(z.int()),
});

/** One page of orders in offset mode (specification 2.3). */
export interface OrderPage extends z.infer<typeof OrderPageSchema> {}

/** One page of orders in cursor mode, oldest (`updated_at`, `id`) first (specification 2.4). */
export const OrderCursorPageSchema = wireObject({
  items: z.array(OrderSchema),
  next_since: z.string(),
  next_since_id: z.string(),
  has_more: z.boolean(),
});

/** One page of orders in cursor mode (specification 2.4). */
export interface OrderCursorPage extends z.infer<typeof OrderCursorPageSchema> {}

/** Filters both paging modes accept (specification 4.2). */
const orderFilters = {
  status: z.optional(OrderStatusSchema),
  platform: z.optional(PlatformSchema),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_PAGE_SIZE))),
};

/** Query of GET /orders in offset mode (specification 4.2). */
export const OrderListParamsSchema = z.object({
  ...orderFilters,
  offset: z.optional(z.int().check(z.minimum(0))),
});

/** Query of GET /orders in offset mode. */
export interface OrderListParams extends z.infer<typeof OrderListParamsSchema> {}

/** A position in the (`updated_at`, `id`) order: both values of a cursor page, sent back. */
export const OrderCursorSchema = z.object({
  since: IsoDateTimeWithOffsetSchema,
  since_id: z.string().check(z.minLength(1)),
});

/** A position in the cursor order, to persist and resume from. */
export interface OrderCursor extends z.infer<typeof OrderCursorSchema> {}

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
  .check(givenTogether('since', 'since_id'));

/** Query of GET /orders in cursor mode. */
export interface OrderCursorParams extends z.infer<typeof OrderCursorParamsSchema> {}
