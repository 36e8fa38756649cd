// GET {base_url}/products (specification 4.1): the 2.2 envelope, paged by `page`/`page_size`.
import * as z from 'zod/mini';
import { MAX_PAGE_SIZE, ProductListParamsSchema } from '../../src/schemas/index.js';
import { parseQuery } from '../store/input-checks.js';
import { BASE_PATH, type ServiceContext } from './context.js';
import { json, unprocessable } from './responses.js';
import type { Route } from './router.js';

/** Default `page_size` of GET /products (not shown by the specification). */
export const DEFAULT_PRODUCT_PAGE_SIZE = 50;

/**
 * The query the mock takes: the SDK's, whose `page_size` has no upper bound (the
 * specification shows none for products), with the mock's own, as for orders' `limit`.
 */
export const ProductQuerySchema = z.extend(ProductListParamsSchema, {
  page_size: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_PAGE_SIZE))),
});

// Read from the SDK's schema, so a parameter added there is read here too; the integers are
// named, as the orders route names its own, so that a text parameter added later stays text.
const QUERY_NAMES = Object.keys(ProductQuerySchema.shape);
const INTEGER_NAMES = ['page', 'page_size'];

/**
 * The product routes.
 *
 * @param ctx - The service.
 */
export function productRoutes(ctx: ServiceContext): Route[] {
  return [
    {
      method: 'GET',
      path: `${BASE_PATH}/products`,
      scope: 'products:read',
      handle(request) {
        const parsed = parseQuery(
          ProductQuerySchema,
          request.url.searchParams,
          QUERY_NAMES,
          INTEGER_NAMES,
        );
        if (!parsed.success) return unprocessable(parsed.issues);
        const page = parsed.data.page ?? 1;
        const pageSize = parsed.data.page_size ?? DEFAULT_PRODUCT_PAGE_SIZE;
        const all = ctx.state.products.all;
        const start = (page - 1) * pageSize;
        return json({
          items: all.slice(start, start + pageSize),
          page,
          page_size: pageSize,
          total: all.length,
        });
      },
    },
  ];
}
