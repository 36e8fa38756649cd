// The order endpoints (specification 4.2 to 4.4): offset pages, cursor pages and the orders
// in them, one order's detail and its items.
import type { APIPromise } from '../core/api-promise.js';
import { declareMethod } from '../core/method.js';
import { checkSignal, type RequestOptions } from '../core/request-options.js';
import { ResourceClient } from '../core/resource.js';
import { parseInput } from '../core/validate.js';
import { OrderIterator } from '../pagination/order-iterator.js';
import {
  CursorPageAnswerSchema,
  completeCursor,
  OrderPageIterator,
  withRequestId,
} from '../pagination/order-pages.js';
import {
  type OrderPullParams,
  OrderPullParamsSchema,
  splitPrefetch,
  startCursor,
} from '../pagination/pull-params.js';
import {
  OrderCursorParamsSchema,
  type OrderDetail,
  OrderDetailSchema,
  type OrderListParams,
  OrderListParamsSchema,
  type OrderPage,
  OrderPageSchema,
} from '../schemas/order.js';
import { type OrderItemList, OrderItemListSchema } from '../schemas/order-items.js';

const listOrders = declareMethod({
  method: 'GET',
  path: '/orders',
  query: OrderListParamsSchema,
  output: OrderPageSchema,
  retry: 'safe',
});

const listOrderChanges = declareMethod({
  method: 'GET',
  path: '/orders',
  query: OrderCursorParamsSchema,
  output: CursorPageAnswerSchema,
  retry: 'safe',
});

const getOrder = declareMethod({
  method: 'GET',
  path: '/orders/{order_id}',
  output: OrderDetailSchema,
  retry: 'safe',
});

const listOrderItems = declareMethod({
  method: 'GET',
  path: '/orders/{order_id}/items',
  output: OrderItemListSchema,
  retry: 'safe',
});

/**
 * The order endpoints. Usually reached as `client.orders` from {@link createClient};
 * constructible alone with the same configuration, or with a {@link Transport} to share.
 *
 * @example
 * ```ts
 * const orders = new OrdersClient({ hostUrl, apiKey });
 * for await (const order of orders.iterate({ status: 'Created' })) console.log(order.id);
 * ```
 */
export class OrdersClient extends ResourceClient {
  /**
   * Fetches one page in offset mode, newest `order_date` first. Suited to full scans for
   * reconciliation; offsets shift when orders arrive, so use {@link OrdersClient.iterate}
   * for resumable pulls (specification 4.2, rule 5).
   *
   * @param params - Filters `status` and `platform`; `limit` (default 50, at most 200) and
   *   `offset` (default 0).
   * @param options - {@link RequestOptions}: signal, timeout, totalTimeout, retry, headers.
   * @returns An {@link APIPromise} of the 2.3 envelope: `items`, `total`, `page`, `page_size`.
   * @throws {@link ValidationError} for bad parameters (nothing is sent),
   *   {@link ConfigurationError} without `apiKey`, for a bad per-call option, or for a header
   *   the SDK writes itself (nothing is sent), {@link AbortError} when `options.signal`
   *   aborts, or the {@link ApiError} subclass for the service's answer,
   *   {@link ConnectionError} ({@link TimeoutError} included), {@link ResponseValidationError}.
   */
  list(params: OrderListParams = {}, options: RequestOptions = {}): APIPromise<OrderPage> {
    return listOrders.call(this.transport, params, { options });
  }

  /**
   * Iterates over cursor pages, oldest change first, starting strictly after `since` and
   * `since_id` (a saved cursor, sent back exactly as it was received) or, without them, at
   * the very beginning. The next `prefetch` pages (default 1) load while the loop works on
   * the current one; the iterator's `cursor` covers every page yielded, never one fetched
   * ahead. Each page carries the `requestId` of its answer.
   *
   * A failure that outlasts the retries ends the loop, when it reaches the failed page, with
   * an error whose `cursor` is where to resume: `client.orders.pages({ ...params,
   * ...error.cursor })` loses and repeats no page.
   *
   * @param params - Filters `status` and `platform`, page size `limit`, the cursor, and
   *   `prefetch` (see {@link OrderPullParams}).
   * @param options - {@link RequestOptions}: `signal` aborts the pull; `timeout`,
   *   `totalTimeout`, `retry` and `headers` apply to each page's request (`totalTimeout`
   *   bounds one page, not the pull).
   * @returns An async iterator over pages `{ items, next_since, next_since_id, has_more }`;
   *   `break` aborts a request in flight; `toArray({ limit })` collects up to `limit` pages.
   * @throws {@link ValidationError} at once for bad parameters, {@link ConfigurationError}
   *   at once for a bad `prefetch` or `signal`; from the loop, the others of
   *   {@link OrdersClient.list}: {@link ConfigurationError} without `apiKey` or for a bad
   *   option, {@link AbortError} when `options.signal` aborts, the errors of the service's
   *   answer or the connection, each of these but ConfigurationError carrying `cursor`.
   *
   * @example
   * ```ts
   * const pages = client.orders.pages({ limit: 200, ...(await loadCursor()) });
   * for await (const page of pages) {
   *   await handle(page.items);
   *   await saveCursor({ since: page.next_since, since_id: page.next_since_id });
   * }
   * ```
   */
  pages(params: OrderPullParams = {}, options: RequestOptions = {}): OrderPageIterator {
    const { prefetch, rest } = splitPrefetch(params);
    const { since, since_id, ...filters } = parseInput(
      OrderPullParamsSchema,
      rest,
      'query',
      { method: 'GET', path: '/orders' },
      ['prefetch'],
    );
    // The cursor goes back exactly as the service sent it (specification 4.2, rule 2).
    return new OrderPageIterator(
      startCursor(since, since_id),
      async (cursor, signal) => {
        // The caller's options reach every page; the signal also carries break's abort.
        const { data, requestId } = await listOrderChanges
          .send(
            this.transport,
            { ...filters, ...cursor },
            { options: { ...options, signal }, cursor },
          )
          .withResponse();
        return completeCursor(withRequestId(data, requestId), cursor);
      },
      { prefetch, signal: checkSignal(options?.signal) },
    );
  }

  /**
   * Iterates over single orders, oldest change first, for `for await`, page by page
   * underneath. `checkpoint` holds the cursor that covers every order yielded so far:
   * persist it after processing an order and pass it back to resume.
   *
   * Delivery is at-least-once (specification 4.2, rule 4): an order changed during the pull
   * comes again with its new `updated_at`, and a resumed pull may repeat what followed the
   * last saved checkpoint. Make processing idempotent, keyed by order `id`.
   *
   * @param params - As for {@link OrdersClient.pages}, `prefetch` included: the pages load
   *   ahead of the loop the same way, and `checkpoint` covers only orders yielded.
   * @param options - {@link RequestOptions}: `signal` aborts the pull; `timeout`,
   *   `totalTimeout`, `retry` and `headers` apply to each page's request (`totalTimeout`
   *   bounds one page, not the pull).
   * @returns An async iterator with a `checkpoint` property; `break` stops fetching;
   *   `toArray({ limit })` collects up to `limit` orders.
   * @throws As {@link OrdersClient.pages}.
   *
   * @example
   * ```ts
   * const orders = client.orders.iterate({ status: 'Created', ...(await loadCheckpoint()) });
   * for await (const order of orders) {
   *   await db.upsertIfNewer(order.id, order.updated_at, order);
   *   await saveCheckpoint(orders.checkpoint);
   * }
   * ```
   */
  iterate(params: OrderPullParams = {}, options: RequestOptions = {}): OrderIterator {
    return new OrderIterator(this.pages(params, options));
  }

  /**
   * Fetches one order with its shipping and tracking information and `shipments[]`. Those
   * fields are present only when the key has the `shipping:read` scope.
   *
   * @param order_id - The order's `id`.
   * @param options - {@link RequestOptions}: signal, timeout, totalTimeout, retry, headers.
   * @returns The order detail (specification 2.5).
   * @throws {@link NotFoundError} for an unknown id; the others of {@link OrdersClient.list}.
   */
  get(order_id: string, options: RequestOptions = {}): APIPromise<OrderDetail> {
    return getOrder.call(this.transport, undefined, { params: { order_id }, options });
  }

  /**
   * Fetches the items (lines) of one order.
   *
   * @param order_id - The order's `id`.
   * @param options - {@link RequestOptions}: signal, timeout, totalTimeout, retry, headers.
   * @returns `{ items }`, each with `sku`, `barcode`, `quantity` and `price`.
   * @throws {@link NotFoundError} for an unknown id; the others of {@link OrdersClient.list}.
   */
  items(order_id: string, options: RequestOptions = {}): APIPromise<OrderItemList> {
    return listOrderItems.call(this.transport, undefined, { params: { order_id }, options });
  }
}
