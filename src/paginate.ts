// Async iterators over cursor pages of orders and over the orders in them. Each holds
// only its cursor and the current page; a page is fetched only when next() asks for it.
// Both queue overlapping next() calls (no page is fetched twice) and end on return() (a
// `break`): the page iterator is an async generator, the order iterator is hand-written so
// that an order of the page in hand costs no generator suspension.
import { OrderFulfillmentError } from './errors/order-fulfillment-error.js';
import { ResponseValidationError } from './errors/response-validation-error.js';
import type { Order, OrderCursor, OrderCursorPage } from './schemas/order.js';

/** Fetches the page that starts strictly after a cursor. */
export type FetchCursorPage = (cursor: OrderCursor) => Promise<OrderCursorPage>;

// Records where the pull stopped on the error itself, so that the caller can resume from
// it after the retries inside the request were used up. The errors that carry a cursor
// (ApiError, ConnectionError, ResponseValidationError) are those that declare one.
function attachCursor(error: unknown, cursor: OrderCursor): void {
  if (error instanceof OrderFulfillmentError && 'cursor' in error) {
    Object.defineProperty(error, 'cursor', {
      value: { ...cursor },
      enumerable: true,
      configurable: true,
    });
  }
}

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
  readonly #fetchPage: FetchCursorPage;
  readonly #pages: AsyncGenerator<OrderCursorPage, undefined, undefined>;

  /**
   * Made by {@link OrdersClient.pages}; not meant to be constructed directly.
   *
   * @param start - The cursor to start strictly after.
   * @param fetchPage - Fetches one page.
   * @internal
   */
  constructor(start: OrderCursor, fetchPage: FetchCursorPage) {
    this.#cursor = { ...start };
    this.#fetchPage = fetchPage;
    this.#pages = this.#walk();
  }

  /**
   * The cursor to resume from: past every page yielded so far. Persist it once those pages
   * are processed, and pass it back as `since`/`since_id` after a restart.
   */
  get cursor(): OrderCursor {
    return { ...this.#cursor };
  }

  async *#walk(): AsyncGenerator<OrderCursorPage, undefined, undefined> {
    while (true) {
      const requested = this.#cursor;
      let page: OrderCursorPage;
      try {
        page = await this.#fetchPage(requested);
      } catch (error) {
        attachCursor(error, requested);
        throw error;
      }
      const next = { since: page.next_since, since_id: page.next_since_id };
      if (
        page.has_more &&
        page.items.length === 0 &&
        next.since === requested.since &&
        next.since_id === requested.since_id
      ) {
        // Asking again with the same cursor would return the same empty page forever.
        const error = new ResponseValidationError({
          method: 'GET',
          path: '/orders',
          status: 200,
          issues: [
            { path: 'has_more', message: 'is true on an empty page with an unchanged cursor' },
          ],
          body: page,
        });
        attachCursor(error, requested);
        throw error;
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

  /** Stops the iteration; no further page is fetched. `break` calls it. */
  async return(): Promise<IteratorResult<OrderCursorPage, undefined>> {
    await this.#pages.return(undefined);
    return { done: true, value: undefined };
  }

  /** Returns this iterator, so it works in `for await`. */
  [Symbol.asyncIterator](): this {
    return this;
  }
}

/**
 * An async iterator over single orders, oldest change first, built on
 * {@link OrderPageIterator}. `checkpoint` is the cursor that covers every order yielded so
 * far; persist it after processing to resume later.
 *
 * Delivery is at-least-once: an order updated during the pull is delivered again with its
 * new `updated_at`, and a resumed pull may repeat orders processed after the last saved
 * checkpoint. Process idempotently, for example by keeping the highest `updated_at` seen per
 * order id.
 *
 * @example
 * ```ts
 * const orders = client.orders.iterate({ ...(await loadCheckpoint()) });
 * for await (const order of orders) {
 *   await upsertOrder(order); // idempotent: keyed by order.id, newest updated_at wins
 *   await saveCheckpoint(orders.checkpoint);
 * }
 * ```
 */
export class OrderIterator implements AsyncIterableIterator<Order> {
  // The cursor at a page boundary; inside a page it is the last order's, made when read.
  #checkpoint: OrderCursor;
  readonly #pages: OrderPageIterator;
  #items: readonly Order[] = [];
  #index = 0;
  #done = false;
  // The last result handed out that waits on a page fetch. While it is unsettled, every
  // next() queues behind it: one fetch at a time, orders handed out in call order.
  #tail: Promise<IteratorResult<Order, undefined>> | undefined;

  /**
   * Made by {@link OrdersClient.iterate}; not meant to be constructed directly.
   *
   * @param pages - The pages to walk through.
   * @internal
   */
  constructor(pages: OrderPageIterator) {
    this.#checkpoint = pages.cursor;
    this.#pages = pages;
  }

  /**
   * The cursor covering every order yielded so far: the last order's `updated_at` and `id`,
   * or after a page's last order (or an empty page) the page's `next_since`/`next_since_id`.
   * Before the first order it is the starting cursor.
   */
  get checkpoint(): OrderCursor {
    if (this.#index === 0 || this.#index >= this.#items.length) return { ...this.#checkpoint };
    const order = this.#items[this.#index - 1] as Order;
    return { since: order.updated_at, since_id: order.id };
  }

  /** Returns the next order, fetching the next page only when the current one is used up. */
  next(): Promise<IteratorResult<Order, undefined>> {
    // Hand-written rather than an async generator: an order of a page already in hand comes
    // back at once, without a generator's suspensions per order.
    if (!this.#tail && (this.#index < this.#items.length || this.#done)) {
      return Promise.resolve(this.#step() as IteratorResult<Order, undefined>);
    }
    const run = () => this.#step();
    const result = this.#tail ? this.#tail.then(run, run) : this.#fetch();
    this.#tail = result;
    const settle = () => {
      if (this.#tail === result) this.#tail = undefined;
    };
    result.then(settle, settle);
    return result;
  }

  // The next order of the page in hand, the end, or the fetch of the next page.
  #step(): IteratorResult<Order, undefined> | Promise<IteratorResult<Order, undefined>> {
    if (this.#done) return { done: true, value: undefined };
    if (this.#index >= this.#items.length) return this.#fetch();
    const order = this.#items[this.#index++] as Order;
    // No cursor object per order (most are never read): only the page's end is kept.
    if (this.#index === this.#items.length) this.#checkpoint = this.#pages.cursor;
    return { done: false, value: order };
  }

  async #fetch(): Promise<IteratorResult<Order, undefined>> {
    let page: IteratorResult<OrderCursorPage, undefined>;
    try {
      page = await this.#pages.next();
    } catch (error) {
      this.#done = true;
      throw error;
    }
    if (this.#done) return { done: true, value: undefined };
    if (page.done) {
      this.#done = true;
      return page;
    }
    this.#items = page.value.items;
    this.#index = 0;
    // An empty page still moves the checkpoint; a page with orders moves it order by order.
    if (this.#items.length === 0) this.#checkpoint = this.#pages.cursor;
    return this.#step();
  }

  /** Stops the iteration; no further page is fetched. `break` calls it. */
  async return(): Promise<IteratorResult<Order, undefined>> {
    this.#checkpoint = this.checkpoint;
    this.#done = true;
    this.#items = [];
    await this.#pages.return();
    return { done: true, value: undefined };
  }

  /** Returns this iterator, so it works in `for await`. */
  [Symbol.asyncIterator](): this {
    return this;
  }
}
