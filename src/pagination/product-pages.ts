// The products of numbered pages (specification 4.1, 2.2): the position of the next page is
// its number and size, known once the page before it says there is more.
import { ResponseValidationError } from '../errors/response-validation-error.js';
import type { Product, ProductList, ProductListParams } from '../schemas/product.js';
import { PagingIterator } from './paging-iterator.js';
import { type FetchPageAt, Prefetcher } from './prefetch.js';

/** Where a page of products starts: its number, and its size once known. */
export interface ProductPagePosition {
  page: number;
  page_size?: number | undefined;
  /** Set once the first page answered: its size is the pull's from then on. */
  settled?: true;
}

/** Fetches one page of products by number, aborted by `signal`. */
export type FetchProductPage = FetchPageAt<ProductPagePosition, ProductList>;

// The page after `page`, or undefined after the page that reaches `total` or an empty page.
// The next number comes from the answer, so an answer for another page than the one asked for
// (a service that pages by parameters the SDK does not send; 4.1 shows none) would have the
// pull repeat a page for ever: it fails instead. Every page after the first has the size
// the first was answered with (the caller's, or the service's default or cap), which a
// service paging by `offset` needs to place the next page. Not each answer's: a service
// whose `page_size` counts the items of a short page would have the next land inside data
// already read.
function pageAfter(
  page: ProductList,
  requested: ProductPagePosition,
): ProductPagePosition | undefined {
  if (page.page !== requested.page) {
    throw new ResponseValidationError({
      method: 'GET',
      path: '/products',
      status: 200,
      issues: [
        { path: 'page', message: `is ${page.page}, where page ${requested.page} was asked for` },
      ],
      body: page,
    });
  }
  return page.items.length === 0 || page.page * page.page_size >= page.total
    ? undefined
    : {
        page: page.page + 1,
        page_size: requested.settled ? requested.page_size : page.page_size,
        settled: true,
      };
}

/**
 * An async iterator over every product, page after page, for `for await`. While the loop
 * works on one page the next ones load (`prefetch`, default 1); `break` stops it, aborting a
 * request in flight. Ends after the page that reaches `total`, or at an empty page.
 *
 * @example
 * ```ts
 * for await (const product of client.products.iterate({ page_size: 200 })) {
 *   console.log(product.sku, product.stock);
 * }
 * ```
 */
export class ProductIterator extends PagingIterator<Product> {
  readonly #chain: Prefetcher<ProductPagePosition, ProductList>;

  /**
   * Made by {@link ProductsClient.iterate}; not meant to be constructed directly.
   *
   * @param start - The checked parameters: the page to start at and `page_size`.
   * @param fetchPage - Fetches one page.
   * @param options - How far to fetch ahead, and the caller's signal.
   * @internal
   */
  constructor(
    start: ProductListParams,
    fetchPage: FetchProductPage,
    options: { prefetch: number; signal?: AbortSignal | undefined },
  ) {
    const chain = new Prefetcher<ProductPagePosition, ProductList>(
      { page: start.page ?? 1, page_size: start.page_size },
      options.prefetch,
      fetchPage,
      pageAfter,
      options.signal,
    );
    super(chain);
    this.#chain = chain;
  }

  /** @internal */
  protected async *walk(): AsyncGenerator<Product, undefined, undefined> {
    for await (const page of this.#chain.pages()) yield* page.items;
  }
}
