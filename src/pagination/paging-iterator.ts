// What the pull iterators share: `for await`, `break` (return() aborts the request in flight)
// and `toArray({ limit })`, over a generator each subclass writes.
import { ConfigurationError } from '../errors/configuration-error.js';
import type { ResumeCursor } from '../errors/order-fulfillment-error.js';

/** Options of `toArray`. */
export interface ToArrayOptions {
  /**
   * The most to collect: required, a positive integer, so that a list always has a known
   * bound (as Stripe's `autoPagingToArray({ limit })`).
   */
  limit: number;
}

/**
 * What an iterator controls of its request chain (the `Prefetcher`).
 *
 * @internal
 */
export interface PullControl {
  hold(): () => void;
  stop(): void;
  /** What a page failed with, once one has: the pull ended there. */
  readonly failure: { error: unknown } | undefined;
}

function checkLimit(options: ToArrayOptions | undefined): number {
  const limit: unknown = options?.limit;
  if (typeof limit === 'number' && Number.isSafeInteger(limit) && limit >= 1) return limit;
  const received =
    limit === undefined
      ? 'none was given'
      : `received ${typeof limit === 'string' ? JSON.stringify(limit) : String(limit)}`;
  throw new ConfigurationError(
    'limit',
    `toArray collects at most \`limit\` items, a positive integer, as in toArray({ limit: 1000 }); ${received}. Nothing was fetched.`,
  );
}

/**
 * The base of the pull iterators: an async iterator for `for await`, whose `return()` (what
 * `break` calls) aborts a request in flight and fetches no more, and which collects into an
 * array with {@link PagingIterator.toArray}.
 */
export abstract class PagingIterator<T> implements AsyncIterableIterator<T> {
  // An async generator: overlapping next() calls wait their turn in it, so each gets its own
  // value, in call order.
  #values: AsyncGenerator<T, undefined, undefined> | undefined;
  readonly #control: PullControl;

  /**
   * @param control - The request chain the values come from, or the iterator whose chain
   *   they come from (the orders of the page iterator they are built on).
   * @internal
   */
  protected constructor(control: PullControl | PagingIterator<unknown>) {
    // An iterator built on another one shares its chain: a break or toArray on either
    // controls the same requests.
    this.#control = control instanceof PagingIterator ? control.#control : control;
  }

  /**
   * The values, in order; made once, at the first `next()`.
   *
   * @internal
   */
  protected abstract walk(): AsyncGenerator<T, undefined, undefined>;

  /**
   * Where a pull would resume now; `undefined` for a pull without a cursor.
   *
   * @internal
   */
  protected resumePoint(): ResumeCursor | undefined {
    return undefined;
  }

  /**
   * Moves the resume point back, after a `toArray` that failed kept what it had collected.
   *
   * @internal
   */
  protected rewind(_to: ResumeCursor): void {}

  /**
   * Returns the next value, fetching when what was fetched is used up. Once a page has
   * failed, rejects with that page's error every time, so that a loop trying again on this
   * iterator cannot take it for a pull that finished: resume with a new pull from the
   * error's `cursor` (or the checkpoint).
   */
  next(): Promise<IteratorResult<T, undefined>> {
    // Read from the request chain, which every iterator over it shares: no promise is added
    // to the value path, which runs once per order.
    const failed = this.#control.failure;
    if (failed) return Promise.reject(failed.error);
    this.#values ??= this.walk();
    return this.#values.next();
  }

  /** Stops the iteration, aborting a page request in flight; `break` calls it. */
  async return(): Promise<IteratorResult<T, undefined>> {
    this.#control.stop();
    await this.#values?.return(undefined);
    return { done: true, value: undefined };
  }

  /**
   * Collects the next values, at most `limit` of them, and stops fetching once it has them
   * (no page is fetched ahead while it collects). The iterator stays open after them: a
   * further `toArray` or `for await` continues where this one stopped, and a cursor pull's
   * `checkpoint` or `cursor` covers exactly what was collected.
   *
   * When a page fails, the values collected by this call are not returned, so the pull
   * goes back to where the call began: the checkpoint, and the error's `cursor`, name that
   * position, and resuming from it loses nothing.
   *
   * @param options - `limit`, required: the most values to collect.
   * @returns Up to `limit` values; fewer when the pull ends first.
   * @throws {@link ConfigurationError} naming `limit` when it is missing or not a positive
   *   integer (nothing is fetched); otherwise the error of a failed page.
   *
   * @example
   * ```ts
   * const orders = client.orders.iterate({ limit: 200, ...(await loadCheckpoint()) });
   * for (;;) {
   *   const batch = await orders.toArray({ limit: 1000 }); // the next 1,000 at most
   *   if (batch.length === 0) break;
   *   await db.transaction(async (tx) => {
   *     await tx.upsertOrders(batch);
   *     await tx.saveCheckpoint(orders.checkpoint);
   *   });
   * }
   * ```
   */
  async toArray(options: ToArrayOptions): Promise<T[]> {
    const limit = checkLimit(options);
    const start = this.resumePoint();
    const values: T[] = [];
    const release = this.#control.hold();
    try {
      while (values.length < limit) {
        const result = await this.next();
        if (result.done) break;
        values.push(result.value);
      }
      return values;
    } catch (error) {
      if (start && values.length > 0) {
        this.rewind(start);
        const failed = error as { cursor?: ResumeCursor };
        if (error instanceof Error && failed.cursor) failed.cursor = { ...start };
      }
      throw error;
    } finally {
      release();
    }
  }

  /** Returns this iterator, so it works in `for await`. */
  [Symbol.asyncIterator](): this {
    return this;
  }
}
