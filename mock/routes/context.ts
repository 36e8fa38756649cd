// What every route reads: the service's current state and settings. The state is looked
// up per request because `reset()` replaces it.
import { API_BASE_PATH } from '../../src/core/config.js';
import type { ControllableClock } from '../rules/clock.js';
import type { DeliveryQueue } from '../rules/deliveries.js';
import type { FaultBook } from '../rules/faults.js';
import type { Journal } from '../rules/journal.js';
import type { KeyRing } from '../rules/keys.js';
import type { RateLimiter } from '../rules/rate-limit.js';
import type { OrderStore } from '../store/orders.js';
import type { ProductStore } from '../store/products.js';

/** The path of `{base_url}` under the host URL (specification, address placeholders). */
export const BASE_PATH = API_BASE_PATH;

/** The service as the routes see it. */
export interface ServiceContext {
  /** The origin the routes answer on, without a trailing slash. */
  readonly hostUrl: string;
  /** `${hostUrl}/api/v1/web-api/v1`. */
  readonly baseUrl: string;
  readonly state: {
    readonly orders: OrderStore;
    readonly products: ProductStore;
  };
  readonly deliveries: DeliveryQueue;
  readonly keys: KeyRing;
  readonly plan: { readonly apiAccess: boolean };
  readonly limiter: RateLimiter;
  readonly clock: ControllableClock;
  readonly signingSecret: string | null;
  /** The fault rules in force. */
  readonly faults: FaultBook;
  /** What the service was sent. */
  readonly journal: Journal;
  /** Back to the initial state. */
  reset(): void;
}
