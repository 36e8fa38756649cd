// What one mock service offers tests: its handlers, its state and its controls (the state
// API). mock/service.ts builds it; mock/index.ts exports these types.
import type { HttpHandler } from 'msw';
import type { MockFetch } from './adapters/fetch.js';
import type { ListenOptions, MockServer } from './adapters/node.js';
import type { MockClock } from './rules/clock.js';
import type { MockSubscription } from './rules/deliveries.js';
import type { DeliveryAttempt } from './rules/delivery-log.js';
import type { MockFaults } from './rules/faults.js';
import type { MockApiKey } from './rules/keys.js';
import type { MockRequests } from './rules/mock-request.js';
import type {
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
   * @throws {@link MockInputError} for an invalid field (a timestamp outside the years
   *   0001-9999 in UTC among them, or a negative quantity, price or total), an id already in
   *   use, or a write no `updated_at` within those years is left for.
   */
  create(partial?: OrderInput): MockOrder;
  /**
   * Changes fields of an order, moves its `updated_at` to the mock clock (or just past any
   * cursor already handed out, as for `create`, and always past the version it replaces),
   * emits `order.updated`.
   *
   * @throws {@link MockNotFoundError} for an unknown id; {@link MockInputError} for a bad patch
   *   (as for `create`), or when no `updated_at` within the years 0001-9999 is left for it.
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
  readonly handlers: HttpHandler[];
  /**
   * A `fetch` this service answers in-process, with no msw server or global interception:
   * `createClient({ hostUrl: mock.hostUrl, apiKey, fetch: mock.fetch })`, on every runtime and
   * msw major, or a client per mock in concurrent tests. Only calls made with it reach the
   * mock, answered as the handlers answer them (faults, journal, limits); another host's URL,
   * or a `reset` fault, rejects as fetch does when no answer comes.
   */
  readonly fetch: MockFetch;
  /** The origin the handlers answer on (the `{host_url}`). */
  readonly hostUrl: string;
  /** `${hostUrl}/api/v1/web-api/v1`, the `{base_url}`. */
  readonly baseUrl: string;
  /**
   * The accepted API keys, fixed when the service is made (frozen: to see a key revoked
   * mid-test, inject its 401 as a fault rule).
   */
  readonly apiKeys: readonly MockApiKey[];
  /** The inbound endpoint's signing secret, or null when none is configured. */
  readonly signingSecret: string | null;
  /**
   * Serves the same handlers over HTTP, answering on any path of `http://HOST:PORT`. That
   * includes the control endpoints under `/__mock/` after the host URL, without an API key,
   * as the handlers answer them in-process (listed in docs/mock.md).
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
  /**
   * The outbound delivery attempts (a snapshot), in the order they ended (an attempt's `id`
   * and `at` are taken when it starts, so a slow receiver's attempt sorts after a quicker
   * later one), the newest `deliveries.limit` kept.
   */
  readonly deliveries: readonly DeliveryAttempt[];
  /** Every webhook subscription (a snapshot), oldest first. */
  readonly subscriptions: readonly MockSubscription[];
  /** Resolves when no delivery (or retry) is pending. */
  flushDeliveries(): Promise<void>;
  /** Fault rules: error statuses, delays, reset, truncated and stalled answers on request. */
  readonly faults: MockFaults;
  /**
   * Every request to the service's endpoints (not the control endpoints), oldest first, the
   * newest `journal.limit` kept; API key and signature values read `REDACTED`.
   */
  readonly requests: MockRequests;
  /**
   * Back to the initial state: data, clock, subscriptions, deliveries, rate limits, an empty
   * journal, and the fault rules of `options.faults` only.
   */
  reset(): void;
}
