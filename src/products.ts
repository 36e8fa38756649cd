// GET /products (specification 4.1): one page, or every product page by page.
import type { ClientConfig } from './config.js';
import { type RequestOptions, type Transport, transportFor } from './http.js';
import {
  type Product,
  type ProductList,
  type ProductListParams,
  ProductListParamsSchema,
  ProductListSchema,
} from './schemas/product.js';
import { parseInput } from './validate.js';

const PATH = '/products';

/**
 * The product endpoints. Usually reached as `client.products` from {@link createClient};
 * constructible alone with the same configuration.
 *
 * @example
 * ```ts
 * const products = new ProductsClient({ hostUrl, apiKey });
 * const { items, total } = await products.list({ page: 1, page_size: 100 });
 * ```
 */
export class ProductsClient {
  readonly #transport: Transport;

  /**
   * @param config - How to reach the service.
   * @throws {@link ConfigurationError} for a missing or malformed option.
   */
  constructor(config: ClientConfig) {
    this.#transport = transportFor(config);
  }

  /**
   * Fetches one page of products.
   *
   * @param params - `page` (1-based, default 1) and `page_size` (default 50, at most 200).
   * @param options - `signal` to abort.
   * @returns The page: `items`, `page`, `page_size`, `total`.
   * @throws {@link ValidationError} for bad parameters (nothing is sent), or the
   *   {@link ApiError} subclass for the service's answer, {@link ConnectionError},
   *   {@link ResponseValidationError}.
   */
  async list(params: ProductListParams = {}, options: RequestOptions = {}): Promise<ProductList> {
    const query = parseInput(ProductListParamsSchema, params, 'query', {
      method: 'GET',
      path: PATH,
    });
    return this.#transport.send({
      method: 'GET',
      target: 'api',
      path: PATH,
      searchParams: query,
      schema: ProductListSchema,
      signal: options?.signal,
    });
  }

  /**
   * Iterates over every product, fetching page after page as the loop asks for them. Stops
   * after the page that reaches `total`, or at an empty page.
   *
   * @param params - `page_size` per request and the `page` to start at (default 1).
   * @param options - `signal` to abort.
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
    const start = parseInput(ProductListParamsSchema, params, 'query', {
      method: 'GET',
      path: PATH,
    });
    return this.#walk(start, options);
  }

  async *#walk(start: ProductListParams, options: RequestOptions) {
    let page = start.page ?? 1;
    while (true) {
      const result = await this.list({ ...start, page }, options);
      yield* result.items;
      if (result.items.length === 0 || result.page * result.page_size >= result.total) return;
      page = result.page + 1;
    }
  }
}
