// An async iterator over cursor pages of orders. Its state is the cursor: each page is
// fetched strictly after it, when next() asks; `return()` (a `break`) aborts a request in
// flight and fetches no more.
import { ResponseValidationError } from '../errors/response-validation-error.js';
import type { OrderCursor, OrderCursorPage } from '../schemas/order.js';

/** Fetches the page that starts strictly after a cursor, aborted by `signal`. */
export type FetchCursorPage = (
  cursor: OrderCursor,
  signal: AbortSignal,
) => Promise<OrderCursorPage>;

/**
 * An async iterator over cursor pages, oldest change first, for `for await`. Ends after a
 * page with `has_more: false`; `break` stops it without fetching further.
 *
 * @example
 * ```ts
 * const pages = client.orders.pages({ ...(await loadCursor()) });
 * for await (const page of pages) {
 *   await handle(page.items);
 *   await saveCursor(pages.cursor); // covers every page yielded so far
 * }
 * ```
 */
export class OrderPageIterator implements AsyncIterableIterator<OrderCursorPage> {
  #cursor: OrderCursor;
  readonly #stop = new AbortController();
  // An async generator: overlapping next() calls wait their turn in it, so no page is
  // fetched twice and each call gets its own page.
  readonly #pages: AsyncGenerator<OrderCursorPage, undefined, undefined>;

  /**
   * Made by {@link OrdersClient.pages}; not meant to be constructed directly.
   *
   * @param start - The cursor to start strictly after.
   * @param fetchPage - Fetches one page.
   * @param signal - The caller's signal, aborting the pull.
   * @internal
   */
  constructor(start: OrderCursor, fetchPage: FetchCursorPage, signal?: AbortSignal) {
    this.#cursor = { ...start };
    const stop = this.#stop.signal;
    this.#pages = this.#walk(fetchPage, signal ? AbortSignal.any([signal, stop]) : stop);
  }

  /**
   * The cursor to resume from: past every page yielded so far. Persist it once those pages
   * are processed, and pass it back as `since`/`since_id` after a restart.
   */
  get cursor(): OrderCursor {
    return { ...this.#cursor };
  }

  async *#walk(
    fetchPage: FetchCursorPage,
    signal: AbortSignal,
  ): AsyncGenerator<OrderCursorPage, undefined, undefined> {
    while (true) {
      const requested = this.#cursor;
      let page: OrderCursorPage;
      try {
        page = await fetchPage(requested, signal);
      } catch (error) {
        // Aborted by return(): the pull ended, it did not fail.
        if (this.#stop.signal.aborted) return undefined;
        throw error;
      }
      // A fetch that does not heed the signal may still answer: the pull has ended anyway.
      if (this.#stop.signal.aborted) return undefined;
      const next = { since: page.next_since, since_id: page.next_since_id };
      if (
        page.has_more &&
        page.items.length === 0 &&
        next.since === requested.since &&
        next.since_id === requested.since_id
      ) {
        // Asking again with the same cursor would return the same empty page forever.
        throw new ResponseValidationError({
          method: 'GET',
          path: '/orders',
          status: 200,
          issues: [
            { path: 'has_more', message: 'is true on an empty page with an unchanged cursor' },
          ],
          body: page,
          cursor: requested,
        });
      }
      this.#cursor = next;
      yield page;
      if (!page.has_more) return undefined;
    }
  }

  /** Fetches and returns the next page, or `done` after the last one. */
  next(): Promise<IteratorResult<OrderCursorPage, undefined>> {
    return this.#pages.next();
  }

  /** Stops the iteration, aborting a page request in flight; `break` calls it. */
  async return(): Promise<IteratorResult<OrderCursorPage, undefined>> {
    this.#stop.abort();
    await this.#pages.return(undefined);
    return { done: true, value: undefined };
  }

  /** Returns this iterator, so it works in `for await`. */
  [Symbol.asyncIterator](): this {
    return this;
  }
}
