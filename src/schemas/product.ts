// Wire shapes of GET /products (specification 2.1, 2.2, 4.1). The specification types every
// field of a product, so each is typed so; none is relied upon, so none fails a call. A
// price may be a decimal string.
import * as z from 'zod/mini';
import { MoneySchema, unchecked, wireObject } from './wire.js';

/** The largest `limit` of GET /orders (specification 8); the mock's largest product page too. */
export const MAX_PAGE_SIZE = 200;

/**
 * A product with its stock and price (specification 2.1): typed as the specification types
 * it; a field of another type (a `barcode` of `null`) is kept as received.
 */
export const ProductSchema = wireObject({
  id: unchecked(z.int()),
  sku: unchecked(z.string()),
  name: unchecked(z.string()),
  barcode: unchecked(z.string()),
  stock: unchecked(z.int()),
  /** A number, also when the service sends a decimal string (see {@link MoneySchema}). */
  price: unchecked(MoneySchema),
  currency: unchecked(z.string()),
});

/**
 * A product with its stock and price (specification 2.1), typed as the specification types it.
 * No field is checked: each holds what the service sent, of another type if the service breaks
 * the specification (a `barcode` of `null`;
 * [docs/spec-gaps.md, rule 2](../../docs/spec-gaps.md#checking-responses-the-one-rule)); check
 * `typeof` before relying on one.
 */
export interface Product extends z.infer<typeof ProductSchema> {}

/**
 * One page of products (specification 2.2). `page`, `page_size` and `total` tell
 * `products.iterate` where the next page starts and when to stop.
 */
export const ProductListSchema = wireObject({
  items: z.array(ProductSchema),
  page: z.int(),
  page_size: z.int(),
  total: z.int(),
});

/** One page of products (specification 2.2). */
export interface ProductList extends z.infer<typeof ProductListSchema> {}

/**
 * Query of GET /products. The specification shows none; the service pages products
 * like orders, by 1-based `page` and `page_size` (docs/spec-gaps.md). `page_size` has no
 * upper bound here: the specification bounds only the orders' `limit` (8), so the service
 * decides how large a product page may be (the mock: 200, {@link MAX_PAGE_SIZE}).
 */
export const ProductListParamsSchema = z.object({
  page: z.optional(z.int().check(z.minimum(1))),
  page_size: z.optional(z.int().check(z.minimum(1))),
});

/** Query of GET /products. */
export interface ProductListParams extends z.infer<typeof ProductListParamsSchema> {}
