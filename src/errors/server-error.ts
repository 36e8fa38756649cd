import { ApiError } from './api-error.js';

/**
 * A 5xx: the service failed. On 500, 502, 503 and 504, GET requests and
 * `fulfillment.notifyShipped` (and `webhooks.create` when the call passes `retry: true`, a
 * count or an object) are retried with backoff first; this is thrown once the retries are
 * used up, and at once for another 5xx or a call that is not retried.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (error instanceof ServerError) scheduleLater();
 *   else throw error;
 * }
 * ```
 */
export class ServerError extends ApiError {
  override name = 'ServerError' as const;
}
