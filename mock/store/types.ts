// The records the mock stores, as its state API returns them. Inferred from the schemas that
// check them (record-schemas.ts), so the two cannot drift: a stored order is the full order
// detail plus its items.
import type * as z from 'zod/mini';
import type { Product } from '../../src/schemas/index.js';
import type { OrderItemRecordSchema, OrderRecordSchema } from './record-schemas.js';

/**
 * An order as the mock stores it: every field of the order detail present (nullable where the
 * service may know nothing), plus its `items`.
 */
export interface MockOrder extends OrderRecord {
  /** The order's lines. */
  items: OrderItemRecord[];
}

/**
 * The stored fields of an order: those of the order detail, each present.
 *
 * @inline
 */
type OrderRecord = z.infer<typeof OrderRecordSchema>;

/**
 * One stored order line.
 *
 * @inline
 */
type OrderItemRecord = z.infer<typeof OrderItemRecordSchema>;

/**
 * `T` with every list, at any depth, also taken readonly: what the mock reads from a caller
 * it never writes to, so a constant (`as const`, `SCOPES`) or a frozen configuration
 * fits as it is. Mapped field by field, so each field keeps its documentation.
 *
 * @internal
 */
export type ReadonlyLists<T> = T extends readonly (infer E)[]
  ? readonly ReadonlyLists<E>[]
  : T extends object
    ? { [K in keyof T]: ReadonlyLists<T[K]> }
    : T;

/**
 * `T` with every field optional, and `undefined` taken for "not given" (as the mock reads it)
 * under `exactOptionalPropertyTypes` too, where `Partial` would refuse it.
 *
 * @internal
 */
export type Optional<T> = { [K in keyof T]?: T[K] | undefined };

/**
 * What `mock.orders.create` and the `orders` option accept: any subset of {@link MockOrder};
 * the rest is generated. Timestamps may be any ISO 8601 string and are stored in UTC with
 * milliseconds. Its lists (`items`, `shipments`) may be readonly.
 */
export interface OrderInput extends ReadonlyLists<Optional<MockOrder>> {}

/** What `mock.orders.update` accepts: fields to change. `id` and `updated_at` are the mock's. */
export interface OrderPatch extends Omit<OrderInput, 'id' | 'updated_at'> {}

/** A product as the mock stores it. */
export interface MockProduct extends Required<Product> {}

/** What `mock.products.create` and the `products` option accept; the rest is generated. */
export interface ProductInput extends Optional<MockProduct> {}

/** What `mock.products.update` accepts: fields to change, never `id`. */
export interface ProductPatch extends Omit<ProductInput, 'id'> {}
