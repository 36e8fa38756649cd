// The products part of the service document: GET /products.
import { BASE_PATH, DEFAULT_PRODUCT_PAGE_SIZE } from '../../../mock/index.js';
import { ProductQuerySchema } from '../../../mock/routes/products.js';
import * as S from '../../../src/schemas/index.js';
import { type Json, json, ref } from '../json-schema.js';
import { apiErrors, CHECK_ORDER, GAPS, queryParameters } from './operations.js';

/** The products endpoint, by path. */
export function productPaths(): Record<string, Json> {
  return {
    [`${BASE_PATH}/products`]: {
      get: {
        operationId: 'listProducts',
        tags: ['products'],
        summary: 'List products with stock and price',
        description:
          'Requires scope `products:read`. The specification shows no query parameters; the ' +
          `service pages products by 1-based \`page\` (default 1) and \`page_size\` (default ${DEFAULT_PRODUCT_PAGE_SIZE}, max ${S.MAX_PAGE_SIZE}) (${GAPS}). ${CHECK_ORDER}`,
        security: [{ ApiKey: ['products:read'] }],
        parameters: queryParameters(ProductQuerySchema, {
          page: `1-based page number; default 1 (${GAPS}).`,
          page_size: `Products per page, 1 to ${S.MAX_PAGE_SIZE}; default ${DEFAULT_PRODUCT_PAGE_SIZE} (${GAPS}).`,
        }),
        responses: {
          '200': { description: 'One page of products.', content: json(ref('ProductList')) },
          ...apiErrors('422'),
        },
      },
    },
  };
}
