// The in-memory mock of the Order, Product and Fulfillment Web Service
// (`order-fulfillment-sdk/mock`): msw handlers for every endpoint, the same handlers over
// node:http, and a state API for tests.
import './msw-guard.js';
import type { RequestHandler } from 'msw';
import * as z from 'zod/mini';
import { KeyRing, type MockApiKey } from './auth.js';
import { createClock, type MockClock } from './clock.js';
import { type DeliveryAttempt, DeliveryQueue, type MockSubscription } from './deliveries.js';
import { BASE_PATH, type ServiceContext } from './handlers/context.js';
import { createHandlers, createRouter } from './handlers/index.js';
import { type MockServiceOptions, resolveOptions } from './options.js';
import { OrderStore, toListShape } from './order-store.js';
import { ProductStore } from './product-store.js';
import { RateLimiter } from './rate-limit.js';
import { type ListenOptions, listen, type MockServer } from './server.js';
import type {
  MockOrder,
  MockProduct,
  OrderInput,
  OrderPatch,
  ProductInput,
  ProductPatch,
} from './types.js';

export { type MockApiKey, SCOPES, type Scope } from './auth.js';
export type { MockClock } from './clock.js';
export {
  type DeliveryAttempt,
  type DeliveryRetry,
  type MockSubscription,
  WEBHOOK_SIGNATURE_HEADER,
} from './deliveries.js';
export { MockInputError, MockNotFoundError } from './errors.js';
export { GENERATED_PLATFORMS, GENERATED_STATUSES } from './generate.js';
export { API_KEY_HEADER } from './handlers/auth.js';
export { BASE_PATH } from './handlers/context.js';
export { CONTROL_PREFIX } from './handlers/control.js';
export { FULFILLMENT_PATH } from './handlers/fulfillment.js';
export { DEFAULT_ORDER_LIMIT, SHIPPING_FIELDS } from './handlers/orders.js';
export { DEFAULT_PRODUCT_PAGE_SIZE } from './handlers/products.js';
export {
  MOCK_API_KEY,
  MOCK_HOST_URL,
  MOCK_SIGNING_SECRET,
  type MockServiceOptions,
} from './options.js';
export type { RateLimit } from './rate-limit.js';
export type { ListenOptions, MockServer } from './server.js';
export type {
  MockOrder,
  MockProduct,
  OrderInput,
  OrderPatch,
  ProductInput,
  ProductPatch,
} from './types.js';

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

const copy = <T>(value: T): T => structuredClone(value);

/**
 * Creates one independent mock service.
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
  // zod/mini ships without messages; the 422 details should read well.
  z.config(z.locales.en());
  const config = resolveOptions(options);
  const clock = createClock();
  const deliveries = new DeliveryQueue(config.seed, config.deliveryRetry, clock.nowMs);
  const limiter = new RateLimiter(config.rateLimit, clock.nowMs);

  const build = () => {
    const products = new ProductStore(config.seed, config.products);
    const orders = new OrderStore({
      seed: config.seed,
      orders: config.orders,
      catalog: products.all.slice(),
      nowMs: clock.nowMs,
      onChange: (type, order) => deliveries.emit(type, toListShape(order)),
    });
    return { orders, products };
  };
  let state = build();

  const ctx: ServiceContext = {
    hostUrl: config.hostUrl,
    baseUrl: `${config.hostUrl}${BASE_PATH}`,
    get state() {
      return state;
    },
    deliveries,
    keys: new KeyRing(config.apiKeys),
    plan: config.plan,
    limiter,
    clock,
    signingSecret: config.signingSecret,
    reset() {
      clock.reset();
      limiter.reset();
      deliveries.reset();
      state = build();
    },
  };
  const router = createRouter(ctx);
  const handlers = createHandlers(router, config.clientIp);

  return {
    handlers,
    hostUrl: ctx.hostUrl,
    baseUrl: ctx.baseUrl,
    apiKeys: copy(config.apiKeys),
    signingSecret: config.signingSecret,
    listen: (listenOptions) => listen(router, ctx.hostUrl, listenOptions),
    orders: {
      create: (partial) => copy(state.orders.create(partial)),
      update: (id, patch) => copy(state.orders.update(state.orders.requireRow(id), patch)),
      get: (id) => {
        const row = typeof id === 'string' ? state.orders.rowOf(id) : undefined;
        return row === undefined ? undefined : copy(state.orders.read(row));
      },
      all: () =>
        Array.from({ length: state.orders.size }, (_, row) => copy(state.orders.read(row))),
    },
    products: {
      create: (partial) => copy(state.products.create(partial)),
      update: (id, patch) => copy(state.products.update(id, patch)),
      get: (id) => {
        const product = state.products.get(id);
        return product && copy(product);
      },
      all: () => copy([...state.products.all]),
    },
    clock: { now: clock.now, set: clock.set, advance: clock.advance },
    get deliveries() {
      return copy([...deliveries.deliveries]);
    },
    get subscriptions() {
      return copy([...deliveries.subscriptions]);
    },
    flushDeliveries: () => deliveries.flush(),
    reset: ctx.reset,
  };
}
