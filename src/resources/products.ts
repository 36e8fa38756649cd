// GET /products (specification 4.1): one page, or every product page by page.
import type { APIPromise } from '../core/api-promise.js';
import { declareMethod } from '../core/method.js';
import type { RequestOptions } from '../core/request-options.js';
import { ResourceClient } from '../core/resource.js';
import { productItems, productPages } from '../pagination/product-pages.js';
import {
  type Product,
  type ProductList,
  type ProductListParams,
  ProductListParamsSchema,
  ProductListSchema,
} from '../schemas/product.js';

const listProducts = declareMethod({
  method: 'GET',
  path: '/products',
  query: ProductListParamsSchema,
  output: ProductListSchema,
  retry: 'safe',
});

/**
 * The product endpoints. Usually reached as `client.products` from {@link createClient};
 * constructible alone with the same configuration, or with a {@link Transport} to share.
 *
 * @example
 * ```ts
 * const products = new ProductsClient({ hostUrl, apiKey });
 * const { items, total } = await products.list({ page: 1, page_size: 100 });
 * ```
 */
export class ProductsClient extends ResourceClient {
  /**
   * Fetches one page of products.
   *
   * @param params - `page` (1-based, default 1) and `page_size` (default 50, at most 200).
   * @param options - {@link RequestOptions}: signal, timeout, totalTimeout, retry, headers.
   * @returns The page: `items`, `page`, `page_size`, `total`.
   * @throws {@link ValidationError} for bad parameters (nothing is sent), or the
   *   {@link ApiError} subclass for the service's answer, {@link ConnectionError},
   *   {@link ResponseValidationError}.
   */
  list(params: ProductListParams = {}, options: RequestOptions = {}): APIPromise<ProductList> {
    return listProducts.call(this.transport, params, { options });
  }

  /**
   * Iterates over every product, fetching page after page as the loop asks for them. Stops
   * after the page that reaches `total`, or at an empty page.
   *
   * @param params - `page_size` per request and the `page` to start at (default 1).
   * @param options - {@link RequestOptions}: signal, timeout, totalTimeout, retry, headers.
   * @returns An async iterator for `for await`; `break` stops fetching.
   * @throws {@link ValidationError} at once for bad parameters; the others of
   *   {@link ProductsClient.list} from the loop.
   *
   * @example
   * ```ts
   * for await (const product of client.products.iterate({ page_size: 200 })) {
   *   console.log(product.sku, product.stock);
   * }
   * ```
   */
  iterate(
    params: ProductListParams = {},
    options: RequestOptions = {},
  ): AsyncGenerator<Product, void, undefined> {
    const start = listProducts.parse(params);
    return productItems(
      productPages(start, (page) => listProducts.send(this.transport, page, { options })),
    );
  }
}
