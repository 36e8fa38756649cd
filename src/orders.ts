// The order endpoints (specification 4.2 to 4.4): offset pages, cursor pages and the orders
// in them, one order's detail and its items.
import type { ClientConfig } from './config.js';
import { type RequestOptions, type Transport, transportFor } from './http.js';
import { OrderIterator, OrderPageIterator } from './paginate.js';
import {
  ORIGIN_CURSOR,
  type OrderCursor,
  type OrderCursorPage,
  OrderCursorPageSchema,
  type OrderCursorParams,
  OrderCursorParamsSchema,
  type OrderDetail,
  OrderDetailSchema,
  type OrderItemList,
  OrderItemListSchema,
  type OrderListParams,
  OrderListParamsSchema,
  type OrderPage,
  OrderPageSchema,
} from './schemas/order.js';
import { inputError, parseInput } from './validate.js';

const PATH = '/orders';

// An order id goes into the path as one encoded segment, whatever it contains. Except "."
// and "..", which URL parsing resolves as path steps (encoded too): they would reach
// another endpoint, so they are refused like an empty id.
function orderPath(orderId: string, suffix = ''): string {
  if (typeof orderId !== 'string' || /^\.{0,2}$/.test(orderId)) {
    const msg =
      typeof orderId === 'string'
        ? `must not be ${orderId ? `"${orderId}"` : 'empty'}`
        : `expected string, received ${typeof orderId}`;
    throw inputError([{ loc: ['path', 'order_id'], msg, type: 'invalid_type' }], {
      method: 'GET',
      path: `${PATH}/{order_id}${suffix}`,
    });
  }
  return `${PATH}/${encodeURIComponent(orderId)}${suffix}`;
}

/**
 * The order endpoints. Usually reached as `client.orders` from {@link createClient};
 * constructible alone with the same configuration.
 *
 * @example
 * ```ts
 * const orders = new OrdersClient({ hostUrl, apiKey });
 * for await (const order of orders.iterate({ status: 'Created' })) console.log(order.id);
 * ```
 */
export class OrdersClient {
  readonly #transport: Transport;

  /**
   * @param config - How to reach the service.
   * @throws {@link ConfigurationError} for a missing or malformed option.
   */
  constructor(config: ClientConfig) {
    this.#transport = transportFor(config);
  }

  /**
   * Fetches one page in offset mode, newest `order_date` first. Suited to full scans for
   * reconciliation; offsets shift when orders arrive, so use {@link OrdersClient.iterate}
   * for resumable pulls (specification 4.2, rule 5).
   *
   * @param params - Filters `status` and `platform`; `limit` (default 50, at most 200) and
   *   `offset` (default 0).
   * @param options - `signal` to abort.
   * @returns The 2.3 envelope: `items`, `total`, `page`, `page_size`.
   * @throws {@link ValidationError} for bad parameters (nothing is sent), or the
   *   {@link ApiError} subclass for the service's answer, {@link ConnectionError},
   *   {@link ResponseValidationError}.
   */
  async list(params: OrderListParams = {}, options: RequestOptions = {}): Promise<OrderPage> {
    const query = parseInput(OrderListParamsSchema, params, 'query', { method: 'GET', path: PATH });
    return this.#transport.send({
      method: 'GET',
      target: 'api',
      path: PATH,
      searchParams: query,
      schema: OrderPageSchema,
      signal: options?.signal,
    });
  }

  /**
   * Iterates over cursor pages, oldest change first, starting strictly after `since` and
   * `since_id` (a saved cursor) or, without them, at the very beginning. Each page is
   * fetched when the loop asks for it; the iterator's `cursor` covers every page yielded.
   *
   * A failure that outlasts the retries ends the loop with an error whose `cursor` is
   * where to resume: `client.orders.pages({ ...params, ...error.cursor })` loses and repeats
   * no page.
   *
   * @param params - Filters `status` and `platform`, page size `limit`, and the cursor.
   * @param options - `signal` to abort.
   * @returns An async iterator over pages `{ items, next_since, next_since_id, has_more }`.
   * @throws {@link ValidationError} at once for bad parameters; the others of
   *   {@link OrdersClient.list} from the loop, carrying `cursor`.
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
  pages(params: OrderCursorParams = {}, options: RequestOptions = {}): OrderPageIterator {
    const { since, since_id, ...filters } = parseInput(OrderCursorParamsSchema, params, 'query', {
      method: 'GET',
      path: PATH,
    });
    const start: OrderCursor =
      since !== undefined && since_id !== undefined ? { since, since_id } : { ...ORIGIN_CURSOR };
    return new OrderPageIterator(start, (cursor) => this.#cursorPage(filters, cursor, options));
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
   * @param params - As for {@link OrdersClient.pages}.
   * @param options - `signal` to abort.
   * @returns An async iterator with a `checkpoint` property; `break` stops fetching.
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
  iterate(params: OrderCursorParams = {}, options: RequestOptions = {}): OrderIterator {
    return new OrderIterator(this.pages(params, options));
  }

  /**
   * Fetches one order with its shipping and tracking information and `shipments[]`. Those
   * fields are present only when the key has the `shipping:read` scope.
   *
   * @param order_id - The order's `id`.
   * @param options - `signal` to abort.
   * @returns The order detail (specification 2.5).
   * @throws {@link NotFoundError} for an unknown id; the others of {@link OrdersClient.list}.
   */
  async get(order_id: string, options: RequestOptions = {}): Promise<OrderDetail> {
    return this.#transport.send({
      method: 'GET',
      target: 'api',
      path: orderPath(order_id),
      schema: OrderDetailSchema,
      signal: options?.signal,
    });
  }

  /**
   * Fetches the items (lines) of one order.
   *
   * @param order_id - The order's `id`.
   * @param options - `signal` to abort.
   * @returns `{ items }`, each with `sku`, `barcode`, `quantity` and `price`.
   * @throws {@link NotFoundError} for an unknown id; the others of {@link OrdersClient.list}.
   */
  async items(order_id: string, options: RequestOptions = {}): Promise<OrderItemList> {
    return this.#transport.send({
      method: 'GET',
      target: 'api',
      path: orderPath(order_id, '/items'),
      schema: OrderItemListSchema,
      signal: options?.signal,
    });
  }

  #cursorPage(
    filters: Omit<OrderCursorParams, 'since' | 'since_id'>,
    cursor: OrderCursor,
    options: RequestOptions,
  ): Promise<OrderCursorPage> {
    // The cursor goes back exactly as the service sent it (specification 4.2, rule 2).
    return this.#transport.send({
      method: 'GET',
      target: 'api',
      path: PATH,
      searchParams: { ...filters, since: cursor.since, since_id: cursor.since_id },
      schema: OrderCursorPageSchema,
      signal: options?.signal,
    });
  }
}
