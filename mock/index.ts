// The in-memory mock of the Order, Product and Fulfillment Web Service
// (`order-fulfillment-sdk/mock`): msw handlers for every endpoint, the same handlers over
// node:http, and a state API for tests.
import type { RequestHandler } from 'msw';
import { createHandlers } from './adapters/msw.js';
import type { ListenOptions, MockServer } from './adapters/node.js';
import type { MockServiceOptions } from './options.js';
import type { MockClock } from './rules/clock.js';
import type { DeliveryAttempt, MockSubscription } from './rules/deliveries.js';
import type { MockApiKey } from './rules/keys.js';
import { createService } from './service.js';
import type {
  MockOrder,
  MockProduct,
  OrderInput,
  OrderPatch,
  ProductInput,
  ProductPatch,
} from './store/types.js';

export type { ListenOptions, MockServer } from './adapters/node.js';
export {
  MOCK_API_KEY,
  MOCK_HOST_URL,
  MOCK_SIGNING_SECRET,
  type MockServiceOptions,
} from './options.js';
export { BASE_PATH } from './routes/context.js';
export { CONTROL_PREFIX } from './routes/control.js';
export { FULFILLMENT_PATH } from './routes/fulfillment.js';
export { API_KEY_HEADER } from './routes/guard.js';
export { DEFAULT_ORDER_LIMIT } from './routes/orders.js';
export { DEFAULT_PRODUCT_PAGE_SIZE } from './routes/products.js';
export type { MockClock } from './rules/clock.js';
export {
  type DeliveryAttempt,
  type DeliveryRetry,
  type MockSubscription,
  WEBHOOK_SIGNATURE_HEADER,
} from './rules/deliveries.js';
export { type MockApiKey, SCOPES, type Scope } from './rules/keys.js';
export type { RateLimit } from './rules/rate-limit.js';
export { GENERATED_PLATFORMS, GENERATED_STATUSES } from './store/generate.js';
export { SHIPPING_FIELDS } from './store/list-shape.js';
export { MockInputError, MockNotFoundError } from './store/store-errors.js';
export type {
  MockOrder,
  MockProduct,
  OrderInput,
  OrderPatch,
  ProductInput,
  ProductPatch,
} from './store/types.js';

/** The stored orders of a mock service. Every method returns copies. */
export interface MockOrders {
  /**
   * Creates an order: the given fields, the rest generated; status `Created`, `source` and
   * `external_ref` of its platform's channel, and timestamps from the mock clock unless
   * given. The clock's time is moved just past any cursor already handed out (docs/mock.md,
   * "State and control"), so a pull sees every write. Emits `order.created`.
   *
   * @throws {@link MockInputError} for an invalid field or an id already in use.
   */
  create(partial?: OrderInput): MockOrder;
  /**
   * Changes fields of an order, moves its `updated_at` to the mock clock (or just past any
   * cursor already handed out, as for `create`), emits `order.updated`.
   *
   * @throws {@link MockNotFoundError} for an unknown id; {@link MockInputError} for a bad patch.
   */
  update(id: string, patch: OrderPatch): MockOrder;
  /** An order by id, or undefined. */
  get(id: string): MockOrder | undefined;
  /** Every order in creation order. O(n): at a million orders, prefer the API's paging. */
  all(): MockOrder[];
}

/** The stored products of a mock service. Every method returns copies. */
export interface MockProducts {
  /**
   * Adds a product; the id defaults to the highest + 1.
   *
   * @throws {@link MockInputError} for an invalid field or an id already in use.
   */
  create(partial?: ProductInput): MockProduct;
  /**
   * Changes fields of a product.
   *
   * @throws {@link MockNotFoundError} for an unknown id; {@link MockInputError} for a bad patch.
   */
  update(id: number, patch: ProductPatch): MockProduct;
  /** A product by id, or undefined. */
  get(id: number): MockProduct | undefined;
  /** Every product, by id. */
  all(): MockProduct[];
}

/** One mock service: its handlers, its state, and the controls tests use. */
export interface MockService {
  /** msw handlers for every endpoint: `setupServer(...mock.handlers)`. */
  readonly handlers: RequestHandler[];
  /** The origin the handlers answer on (the `{host_url}`). */
  readonly hostUrl: string;
  /** `${hostUrl}/api/v1/web-api/v1`, the `{base_url}`. */
  readonly baseUrl: string;
  /** The accepted API keys. */
  readonly apiKeys: readonly MockApiKey[];
  /** The inbound endpoint's signing secret, or null when none is configured. */
  readonly signingSecret: string | null;
  /**
   * Serves the same handlers over HTTP, answering on any path of `http://HOST:PORT`.
   *
   * @throws When the port cannot be bound.
   */
  listen(options?: ListenOptions): Promise<MockServer>;
  /** The stored orders. */
  readonly orders: MockOrders;
  /** The stored products. */
  readonly products: MockProducts;
  /** The clock every timestamp, signature window and rate-limit window uses. */
  readonly clock: MockClock;
  /** Every outbound delivery attempt so far (a snapshot), oldest first. */
  readonly deliveries: readonly DeliveryAttempt[];
  /** Every webhook subscription (a snapshot), oldest first. */
  readonly subscriptions: readonly MockSubscription[];
  /** Resolves when no delivery (or retry) is pending. */
  flushDeliveries(): Promise<void>;
  /** Back to the initial state: data, clock, subscriptions, deliveries and rate limits. */
  reset(): void;
}

/**
 * Creates one independent mock service. It changes no global: zod's configuration stays
 * the application's.
 *
 * @param options - Data, keys, plan, secret, rate limit and origin; all optional.
 * @returns The service.
 * @throws TypeError naming the option when an option is wrong ({@link MockInputError} for a
 *   bad record in `orders`/`products`).
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createMockService, MOCK_API_KEY } from 'order-fulfillment-sdk/mock';
 *
 * const mock = createMockService({ orders: 500, seed: 7 });
 * const server = setupServer(...mock.handlers);
 * server.listen({ onUnhandledRequest: 'error' });
 * const res = await fetch(`${mock.baseUrl}/orders?limit=10`, {
 *   headers: { 'X-API-Key': MOCK_API_KEY },
 * });
 * ```
 */
export function createMockService(options?: MockServiceOptions): MockService {
  const { service, router, clientIp } = createService(options);
  // Spread would read the getters once; the service's own descriptors keep them live.
  return Object.defineProperties(
    { handlers: createHandlers(router, clientIp) },
    Object.getOwnPropertyDescriptors(service),
  ) as MockService;
}
