// Wire shapes of GET /products (specification 2.1, 2.2, 4.1).
import * as z from 'zod/mini';

/** Largest page the service returns; also the ceiling on `limit` for orders. */
export const MAX_PAGE_SIZE = 200;

/** A product with its stock and price (specification 2.1). */
export const ProductSchema = z.looseObject({
  id: z.number().check(z.int()),
  sku: z.string(),
  name: z.string(),
  barcode: z.string(),
  stock: z.number().check(z.int()),
  price: z.number(),
  currency: z.string(),
});

/** A product with its stock and price (specification 2.1). */
export type Product = z.infer<typeof ProductSchema>;

/** One page of products (specification 2.2). */
export const ProductListSchema = z.looseObject({
  items: z.array(ProductSchema),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
  total: z.number().check(z.int()),
});

/** One page of products (specification 2.2). */
export type ProductList = z.infer<typeof ProductListSchema>;

/**
 * Query of GET /products. The specification shows none; the service pages products
 * like orders, by 1-based `page` and `page_size` (docs/spec-gaps.md).
 */
export const ProductListParamsSchema = z.object({
  page: z.optional(z.number().check(z.int(), z.minimum(1))),
  page_size: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE))),
});

/** Query of GET /products. */
export type ProductListParams = z.infer<typeof ProductListParamsSchema>;
