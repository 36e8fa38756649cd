/**
 * An in-memory mock of the whole service, for tests and local work without an account.
 * Start at {@link createMockService}: it makes one independent service, with its orders,
 * products, keys, clock, deliveries, fault rules and request journal. Serve it in-process with
 * msw, `setupServer(...mock.handlers)` (the SDK's calls to `mock.hostUrl` are answered without
 * a socket), in-process without msw's interception through a client's `fetch: mock.fetch`, or
 * over HTTP with `await mock.listen()`, whose `hostUrl` any client can call.
 *
 * Both ways also serve the control endpoints, under `{hostUrl}/__mock/` and without an API
 * key, for tests driven from any language:
 *
 * - `POST /__mock/orders`, `GET` and `PATCH /__mock/orders/{id}`: create, read and change an
 *   order;
 * - `POST /__mock/products`, `GET` and `PATCH /__mock/products/{id}`: the same for products;
 * - `GET` and `PUT /__mock/clock`, `POST /__mock/clock/advance`: read, set and move the clock;
 * - `GET /__mock/subscriptions`: the webhook subscriptions;
 * - `GET /__mock/deliveries`, `POST /__mock/deliveries/flush`: the delivery attempts, after
 *   waiting for pending ones with `flush`;
 * - `POST`, `GET` and `DELETE /__mock/faults`, `DELETE /__mock/faults/{id}`: add, list, clear
 *   and remove fault rules;
 * - `GET` and `DELETE /__mock/requests`: read and clear the request journal;
 * - `POST /__mock/reset`: back to the initial state.
 *
 * docs/mock.md describes each of them and every option, with curl examples;
 * docs/openapi-control.json is their OpenAPI description. From a shell, the same service runs
 * standalone: `npx -p order-fulfillment-sdk order-fulfillment-mock --port 4010`.
 *
 * @module order-fulfillment-sdk/mock
 */
import './msw-guard.js';
import { createHandlers } from './adapters/msw.js';
import type { MockServiceOptions } from './options.js';
import { createService } from './service.js';
import type { MockService } from './service-api.js';

export type { MockFetch } from './adapters/fetch.js';
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
export { REQUEST_ID_HEADER } from './routes/responses.js';
export type { MockClock } from './rules/clock.js';
export {
  DEFAULT_DELIVERY_LIMIT,
  type DeliveryRetry,
  MAX_DELIVERIES_IN_FLIGHT,
  MAX_DELIVERIES_WAITING,
  type MockSubscription,
  WEBHOOK_SIGNATURE_HEADER,
} from './rules/deliveries.js';
export { type DeliveryAttempt, DeliveryAttemptSchema } from './rules/delivery-log.js';
export {
  FAULT_ERRORS,
  type FaultEffect,
  type FaultRule,
  FaultRuleSchema,
  type StoredFaultRule,
  StoredFaultRuleSchema,
} from './rules/fault-rule.js';
export type { MockFaults } from './rules/faults.js';
export { DEFAULT_JOURNAL_LIMIT } from './rules/journal.js';
export { type MockApiKey, SCOPES, type Scope } from './rules/keys.js';
export { type MockRequest, MockRequestSchema, type MockRequests } from './rules/mock-request.js';
export type { RateLimit } from './rules/rate-limit.js';
export { REDACTED } from './rules/redact.js';
export type { MockOrders, MockProducts, MockService } from './service-api.js';
export { SHIPPING_FIELDS } from './store/list-shape.js';
export { GENERATED_PLATFORMS, GENERATED_STATUSES } from './store/sample-vocabulary.js';
export { MockInputError, MockNotFoundError } from './store/store-errors.js';
export type {
  MockOrder,
  MockProduct,
  OrderInput,
  OrderPatch,
  ProductInput,
  ProductPatch,
} from './store/types.js';

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
 * // msw 3 names it onUnhandledFrame, msw 2 onUnhandledRequest: a variable holding both suits both.
 * const strict = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const;
 * server.listen(strict);
 * const res = await fetch(`${mock.baseUrl}/orders?limit=10`, {
 *   headers: { 'X-API-Key': MOCK_API_KEY },
 * });
 * ```
 */
export function createMockService(options?: MockServiceOptions): MockService {
  const { service, router, intake, clientIp } = createService(options);
  // Spread would read the getters once; the service's own descriptors keep them live.
  return Object.defineProperties(
    { handlers: createHandlers(router, intake, clientIp) },
    Object.getOwnPropertyDescriptors(service),
  ) as MockService;
}
