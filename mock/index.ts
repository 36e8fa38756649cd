import './msw-guard.js';
import { createHandlers } from './adapters/msw.js';
import type { MockServiceOptions } from './options.js';
import { createService, type MockService } from './service.js';

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
  type DeliveryAttempt,
  DeliveryAttemptSchema,
  type DeliveryRetry,
  type MockSubscription,
  WEBHOOK_SIGNATURE_HEADER,
} from './rules/deliveries.js';
export {
  FAULT_ERRORS,
  type FaultEffect,
  type FaultRule,
  FaultRuleSchema,
  type StoredFaultRule,
  StoredFaultRuleSchema,
} from './rules/fault-rule.js';
export type { MockFaults } from './rules/faults.js';
export {
  DEFAULT_JOURNAL_LIMIT,
  type MockRequest,
  MockRequestSchema,
  type MockRequests,
} from './rules/journal.js';
export { type MockApiKey, SCOPES, type Scope } from './rules/keys.js';
export type { RateLimit } from './rules/rate-limit.js';
export { REDACTED } from './rules/redact.js';
export type { MockOrders, MockProducts, MockService } from './service.js';
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
 * server.listen({ onUnhandledRequest: 'error' });
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
