// An async iterator over cursor pages of orders. Its state is the cursor: past every page
// yielded. The requests run up to `prefetch` pages ahead (prefetch.ts) and never move it;
// `return()` (a `break`) aborts a request in flight and fetches no more.
import * as z from 'zod/mini';
import type { ResumeCursor } from '../errors/order-fulfillment-error.js';
import {
  type ResponseIssue,
  ResponseValidationError,
} from '../errors/response-validation-error.js';
import {
  type Order,
  type OrderCursor,
  type OrderCursorPage,
  OrderCursorPageSchema,
} from '../schemas/order.js';
import { wireObject } from '../schemas/wire.js';
import { hasOffset, instantOf } from './cursor-time.js';
import { PagingIterator } from './paging-iterator.js';
import { Prefetcher } from './prefetch.js';

// A page the pull cannot go on from: it fails, carrying the cursor it was asked with and the
// request id of its answer.
function pageError(page: unknown, requested: OrderCursor, issues: ResponseIssue[]) {
  return new ResponseValidationError({
    method: 'GET',
    path: '/orders',
    status: 200,
    issues,
    body: page,
    cursor: requested,
    requestId: (page as Partial<OrderPullPage>).requestId,
  });
}

const lastPageCursor = z.optional(z.nullable(z.string()));

/**
 * A cursor page as the service may answer it: the cursor may be missing, `null` or empty on
 * the last page (`has_more: false`), as a pydantic service with `Optional` fields writes it
 * there; {@link completeCursor} fills it in (docs/spec-gaps.md).
 *
 * @internal
 */
export const CursorPageAnswerSchema = wireObject({
  ...OrderCursorPageSchema.shape,
  next_since: lastPageCursor,
  next_since_id: lastPageCursor,
});

/**
 * The page with its cursor, which on the last page may have been left out (or left empty):
 * then the cursor after the page's last order ({@link positionOf}), or, on an empty page or
 * after an order whose `updated_at` has no offset, the cursor it was asked with, so that a
 * pull saved after it resumes where it ended. Throws (failing the page) when the cursor is
 * missing or empty while `has_more` says there is more to fetch with it.
 *
 * @param page - The page as the service answered it.
 * @param requested - The cursor the page was asked with.
 * @internal
 */
export function completeCursor<P extends z.infer<typeof CursorPageAnswerSchema>>(
  page: P,
  requested: OrderCursor,
): P & OrderCursorPage {
  // An empty value is no cursor either: sent back, it is refused, and saved, no pull resumes.
  const missing = (['next_since', 'next_since_id'] as const).filter(
    (name) => page[name] == null || page[name] === '',
  );
  if (missing.length === 0) return page as P & OrderCursorPage;
  if (page.has_more) {
    const issues = missing.map((path) => ({
      path,
      message: `${page[path] === '' ? 'is empty' : 'required'} while has_more is true`,
    }));
    throw pageError(page, requested, issues);
  }
  const { since, since_id } = positionOf(page.items.at(-1)) ?? requested;
  return Object.assign(page, { next_since: since, next_since_id: since_id });
}

/**
 * The cursor just past one order: its `updated_at` and `id`, where `updated_at` names an
 * instant by itself. The specification shows the form of `since` (with an offset), not of
 * `updated_at`: a service may write that in its local time without one while its cursor
 * carries one, and would read it back in another zone. Without an order, or with such an
 * `updated_at`, `undefined`: the caller then resumes where the page began, repeating what it
 * has handed out of it rather than skipping what it has not.
 *
 * @param order - An order of a cursor page.
 * @internal
 */
export function positionOf(order: Order | undefined): OrderCursor | undefined {
  return order && hasOffset(order.updated_at)
    ? { since: order.updated_at, since_id: order.id }
    : undefined;
}

/**
 * A cursor page as {@link OrdersClient.pages} yields it: the service's body (its cursor
 * filled in on a last page that left it out), with the request id of the answer that
 * brought it.
 */
export interface OrderPullPage extends OrderCursorPage {
  /**
   * The `X-Request-Id` header of this page's answer, or `undefined` when the service sent
   * none: what the service's support asks for. Not enumerable, so that the page serializes
   * exactly as the service sent it.
   */
  readonly requestId: string | undefined;
}

/**
 * Gives a page its request id, as a property that `JSON.stringify` and spreading leave out,
 * before its cursor is checked: an error about the page then names the answer's id too.
 *
 * @param page - The body of a cursor page.
 * @param requestId - The `X-Request-Id` header of its answer.
 * @internal
 */
export function withRequestId<P extends object>(
  page: P,
  requestId: string | undefined,
): P & Pick<OrderPullPage, 'requestId'> {
  return Object.defineProperty(page, 'requestId', { value: requestId }) as P &
    Pick<OrderPullPage, 'requestId'>;
}

/** Fetches the page that starts strictly after a cursor, aborted by `signal`. */
export type FetchCursorPage = (cursor: OrderCursor, signal: AbortSignal) => Promise<OrderPullPage>;

/** How an order pull runs: how far it fetches ahead, and the caller's signal. */
export interface PullOptions {
  /** Pages to fetch ahead of the consumer: 0 fetches each page when it is asked for. */
  prefetch: number;
  /** Aborts the pull. */
  signal?: AbortSignal | undefined;
}

// The cursor after a page, or undefined after the last one. Throws (failing that page) when
// the service says there is more but hands back the cursor it was sent: asking again would
// return the same page forever. Items do not change that: they come strictly after the
// cursor, so their last one moves it, unless the service reads `since` as "at or after" and
// a group sharing one `updated_at` fills the page (docs/cursor.md, "The tie rule").
const second = (ms: number) => Math.floor(ms / 1000);

function cursorAfter(page: OrderCursorPage, requested: OrderCursor): OrderCursor | undefined {
  const next = { since: page.next_since, since_id: page.next_since_id };
  if (!page.has_more) return undefined;
  if (next.since === requested.since && next.since_id === requested.since_id) {
    throw pageError(page, requested, [
      { path: 'has_more', message: 'is true with an unchanged cursor' },
    ]);
  }
  // A cursor that moved back (a service that sorts its pages newest first) would have the
  // pull hand out the same orders for ever. Compared where both name an instant, by the
  // second: a service that keeps whole seconds answers a `since` finer than that (a Date, a
  // checkpoint from an order) with a `next_since` inside the same second, before it.
  const [before, after] = [instantOf(requested.since), instantOf(next.since)];
  if (before !== undefined && after !== undefined && second(after) < second(before)) {
    throw pageError(page, requested, [
      {
        path: 'next_since',
        message: `is before the since it was asked with (${requested.since}): the cursor moved back`,
      },
    ]);
  }
  return next;
}

/**
 * An async iterator over cursor pages, oldest change first, for `for await`. Ends after a
 * page with `has_more: false`; `break` stops it, aborting a request in flight.
 *
 * While the loop works on one page, the next ones load (`prefetch`, default 1): each request
 * starts as soon as the page before it arrives, since its cursor comes from that page. What
 * was fetched ahead never moves `cursor`, and a page that failed ahead throws when the loop
 * reaches it, with that page's starting cursor as `error.cursor`.
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
export class OrderPageIterator extends PagingIterator<OrderPullPage> {
  #cursor: OrderCursor;
  readonly #chain: Prefetcher<OrderCursor, OrderPullPage>;

  /**
   * Made by {@link OrdersClient.pages}; not meant to be constructed directly.
   *
   * @param start - The cursor to start strictly after.
   * @param fetchPage - Fetches one page.
   * @param options - How far to fetch ahead, and the caller's signal.
   * @internal
   */
  constructor(start: OrderCursor, fetchPage: FetchCursorPage, options: PullOptions) {
    const chain = new Prefetcher(
      { ...start },
      options.prefetch,
      fetchPage,
      cursorAfter,
      options.signal,
    );
    super(chain);
    this.#chain = chain;
    this.#cursor = { ...start };
  }

  /**
   * The cursor to resume from: past every page yielded so far, never past a page fetched
   * ahead. Persist it once those pages are processed, and pass it back as
   * `since`/`since_id` after a restart.
   */
  get cursor(): OrderCursor {
    return { ...this.#cursor };
  }

  /** @internal */
  protected async *walk(): AsyncGenerator<OrderPullPage, undefined, undefined> {
    for await (const page of this.#chain.pages()) {
      this.#cursor = { since: page.next_since, since_id: page.next_since_id };
      yield page;
    }
  }

  /** @internal */
  protected override resumePoint(): ResumeCursor {
    return this.cursor;
  }

  /** @internal */
  protected override rewind(to: ResumeCursor): void {
    this.#cursor = { ...to };
  }
}
