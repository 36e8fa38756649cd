// The products of numbered pages (specification 4.1, 2.2): the position of the next page is
// its number and size, known once the page before it says there is more.
import { ResponseValidationError } from '../errors/response-validation-error.js';
import type { Product, ProductList, ProductListParams } from '../schemas/product.js';
import { PagingIterator } from './paging-iterator.js';
import { type FetchPageAt, Prefetcher } from './prefetch.js';

/** Where a page of products starts: its number, and its size once known. */
export interface ProductPagePosition {
  /** Left out for the service's first page, when the caller named none. */
  page?: number | undefined;
  page_size?: number | undefined;
  /** Set once the first page answered: its size is the pull's from then on. */
  settled?: true;
  /** The number of the service's first page, 0 or 1, as it answered it; 1 until then. */
  first?: number | undefined;
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
// A pull the caller started at no page asks for none: the service's first page comes back
// numbered 0 or 1, which says how it counts (2.2 types `page` as an integer, no more), where
// asking for page 1 of a service counting from 0 would have skipped its first page unseen.
function pageAfter(
  page: ProductList,
  requested: ProductPagePosition,
): ProductPagePosition | undefined {
  const atFirst = requested.page === undefined;
  if (atFirst ? page.page !== 0 && page.page !== 1 : page.page !== requested.page) {
    const asked = atFirst ? 'the first page (no page number)' : `page ${requested.page}`;
    throw new ResponseValidationError({
      method: 'GET',
      path: '/products',
      status: 200,
      issues: [{ path: 'page', message: `is ${page.page}, where ${asked} was asked for` }],
      body: page,
    });
  }
  const first = atFirst ? page.page : (requested.first ?? 1);
  return page.items.length === 0 || (page.page - first + 1) * page.page_size >= page.total
    ? undefined
    : {
        page: page.page + 1,
        page_size: requested.settled ? requested.page_size : page.page_size,
        settled: true,
        first,
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
      { page: start.page, page_size: start.page_size },
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
