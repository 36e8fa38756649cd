// What every handler reads: the service's current state and settings. The state is looked
// up per request because `reset()` replaces it.
import { API_BASE_PATH } from '../../src/config.js';
import type { KeyRing } from '../auth.js';
import type { ControllableClock } from '../clock.js';
import type { DeliveryQueue } from '../deliveries.js';
import type { OrderStore } from '../order-store.js';
import type { ProductStore } from '../product-store.js';
import type { RateLimiter } from '../rate-limit.js';

/** The path of `{base_url}` under the host URL (specification, address placeholders). */
export const BASE_PATH = API_BASE_PATH;

/** The service as the handlers see it. */
export interface ServiceContext {
  /** The origin the handlers answer on, without a trailing slash. */
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
  /** Back to the initial state. */
  reset(): void;
}
