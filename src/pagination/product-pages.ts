// Product pages (specification 4.1, 2.2) and the products in them: page-numbered, so the
// page iterator's only state is the number of the next page.
import type { Product, ProductList, ProductListParams } from '../schemas/product.js';

/** Fetches one page of products. */
export type FetchProductPage = (params: ProductListParams) => Promise<ProductList>;

/**
 * Iterates over product pages from `start.page` (default 1), fetching each when the loop asks
 * for it. Ends after the page that reaches `total`, or at an empty page.
 *
 * @param start - The checked parameters: `page_size` and the page to start at.
 * @param fetchPage - Fetches one page.
 * @internal
 */
export async function* productPages(
  start: ProductListParams,
  fetchPage: FetchProductPage,
): AsyncGenerator<ProductList, void, undefined> {
  let page = start.page ?? 1;
  while (true) {
    const result = await fetchPage({ ...start, page });
    yield result;
    if (result.items.length === 0 || result.page * result.page_size >= result.total) return;
    page = result.page + 1;
  }
}

/**
 * Iterates over the products of pages, in page order.
 *
 * @param pages - The pages, from {@link productPages}.
 * @internal
 */
export async function* productItems(
  pages: AsyncIterable<ProductList>,
): AsyncGenerator<Product, void, undefined> {
  for await (const page of pages) yield* page.items;
}
