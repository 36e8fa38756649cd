// An async iterator over the orders of cursor pages (not an order's line items, which
// orders.items() reads), built on the page iterator; its own state is the checkpoint, the
// cursor that covers every order yielded so far.
import type { ResumeCursor } from '../errors/order-fulfillment-error.js';
import type { Order, OrderCursor } from '../schemas/order.js';
import { type OrderPageIterator, positionOf } from './order-pages.js';
import { PagingIterator } from './paging-iterator.js';

/**
 * An async iterator over single orders, oldest change first, built on
 * {@link OrderPageIterator}. `checkpoint` is the cursor that covers every order yielded so
 * far; persist it after processing to resume later. Pages load ahead of the loop as
 * {@link OrderPageIterator} describes; the checkpoint never covers an order not yet yielded.
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
export class OrderIterator extends PagingIterator<Order> {
  #checkpoint: OrderCursor;
  readonly #pages: OrderPageIterator;

  /**
   * Made by {@link OrdersClient.iterate}; not meant to be constructed directly.
   *
   * @param pages - The pages to walk through.
   * @internal
   */
  constructor(pages: OrderPageIterator) {
    super(pages);
    this.#checkpoint = pages.cursor;
    this.#pages = pages;
  }

  /**
   * The cursor covering every order yielded so far: the last order's `updated_at` and `id`,
   * or after a page's last order (or an empty page) the page's `next_since`/`next_since_id`.
   * Before the first order it is the starting cursor. Where an order's `updated_at` has no
   * offset (`Z`, `+03:00`), it is where that order's page began: a time without an offset
   * names no instant by itself, so a resume repeats that page's orders instead.
   */
  get checkpoint(): OrderCursor {
    return { ...this.#checkpoint };
  }

  /** @internal */
  protected async *walk(): AsyncGenerator<Order, undefined, undefined> {
    for await (const { items } of this.#pages) {
      // Where the page began: the checkpoint inside it where an order's own position is not
      // one to resume from (positionOf).
      const began = this.#checkpoint;
      const last = items.length - 1;
      for (let index = 0; index <= last; index++) {
        const order = items[index] as Order;
        // Set before the yield: the checkpoint covers the order being handed out, and at a
        // page's end the whole page (which a filtered page may extend past its last order).
        this.#checkpoint = index === last ? this.#pages.cursor : (positionOf(order) ?? began);
        yield order;
      }
      if (last < 0) this.#checkpoint = this.#pages.cursor;
    }
  }

  /** @internal */
  protected override resumePoint(): ResumeCursor {
    return this.checkpoint;
  }

  /** @internal */
  protected override rewind(to: ResumeCursor): void {
    this.#checkpoint = { ...to };
  }
}
