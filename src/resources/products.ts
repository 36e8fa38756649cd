// GET /products (specification 4.1): one page, or every product page by page.
import { APIPromise } from '../core/api-promise.js';
import { declareMethod } from '../core/method.js';
import { checkSignal, type RequestOptions } from '../core/request-options.js';
import { ResourceClient } from '../core/resource.js';
import { ProductIterator, type ProductPagePosition } from '../pagination/product-pages.js';
import { type PrefetchParams, splitPrefetch } from '../pagination/pull-params.js';
import {
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
 * Where a page of products starts, said two ways. 4.1 shows no query parameters: the mock
 * pages by `page` and `page_size`, but a service may page products as it pages orders, by
 * `limit` and `offset` (4.2), answering the same 2.2 envelope. Each ignores the other's
 * parameters (FastAPI ignores a query parameter it does not declare), so with both the page
 * asked for is the page answered. The offset follows from the page only once its size is known:
 * the caller's `page_size`, or, in a pull, the size the first page was answered with.
 */
interface ProductPageQuery extends ProductListParams {
  limit?: number;
  offset?: number;
}

function pageQuery({ page, page_size, first = 1 }: ProductPagePosition): ProductPageQuery {
  if (page_size === undefined) return page === undefined ? {} : { page };
  return { page, page_size, limit: page_size, offset: ((page ?? first) - first) * page_size };
}

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
   * @param params - `page` (1-based, default 1) and `page_size` (the service's default and
   *   maximum, which the specification does not show; the mock's are 50 and 200). Sent also as
   *   `limit` and `offset` when `page_size` is given, for a service that pages products by
   *   those, as it pages orders: give `page_size` with a `page` past the first.
   * @param options - {@link RequestOptions}: signal, timeout, totalTimeout, retry, headers.
   * @returns The page: `items`, `page`, `page_size`, `total`.
   * @throws {@link ValidationError} for bad parameters (nothing is sent),
   *   {@link ConfigurationError} without `apiKey`, for a bad per-call option, or for a header
   *   the SDK writes itself (nothing is sent), {@link AbortError} when `options.signal`
   *   aborts, or the {@link ApiError} subclass for the service's answer,
   *   {@link ConnectionError} ({@link TimeoutError} included), {@link ResponseValidationError}.
   */
  list(params: ProductListParams = {}, options: RequestOptions = {}): APIPromise<ProductList> {
    return APIPromise.attempt(() =>
      listProducts.send(this.transport, pageQuery(listProducts.parse(params)), { options }),
    );
  }

  /**
   * Iterates over every product, page after page, the next `prefetch` pages (default 1)
   * loading while the loop works on the current one. Stops after the page that reaches
   * `total`, or at an empty page.
   *
   * @param params - `page_size` per request, the `page` to start at (1-based; left out, the
   *   service's first page, asked for without a number, whose answer says whether the service
   *   counts pages from 0 or 1), and
   *   `prefetch`, the pages to fetch ahead (0 fetches each when the loop asks for it). Each
   *   page is asked for also by `limit` and `offset`, as {@link ProductsClient.list} says,
   *   past the first page with the size the service answered the first with.
   * @param options - {@link RequestOptions}: `signal` aborts the pull; `timeout`,
   *   `totalTimeout`, `retry` and `headers` apply to each page's request (`totalTimeout`
   *   bounds one page, not the pull).
   * @returns An async iterator for `for await`; `break` aborts a request in flight;
   *   `toArray({ limit })` collects up to `limit` products.
   * @throws {@link ValidationError} at once for bad parameters, {@link ConfigurationError}
   *   at once for a bad `prefetch` or `signal`; the others of {@link ProductsClient.list}
   *   from the loop ({@link ConfigurationError} without `apiKey` or for a bad option,
   *   {@link AbortError} when `options.signal` aborts, ...).
   *
   * @example
   * ```ts
   * for await (const product of client.products.iterate({ page_size: 200 })) {
   *   console.log(product.sku, product.stock);
   * }
   * ```
   */
  iterate(
    params: ProductListParams & PrefetchParams = {},
    options: RequestOptions = {},
  ): ProductIterator {
    const { prefetch, rest } = splitPrefetch(params);
    const start = listProducts.parse(rest, ['prefetch']);
    return new ProductIterator(
      start,
      (position, signal) =>
        listProducts.send(this.transport, pageQuery(position), {
          options: { ...options, signal },
        }),
      { prefetch, signal: checkSignal(options?.signal) },
    );
  }
}
