import { ApiError, type ApiErrorInit } from './api-error.js';
import { retryAfterOf } from './retry-after.js';

/**
 * A 5xx: the service failed. On 500, 502, 503, 504 and 520 to 524 (a CDN that cannot reach
 * the service), GET requests and
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

  /**
   * Seconds to wait before trying again, from `Retry-After` (a 503 while the service is down
   * for maintenance sends one, which past `retry.maxRetryAfter` is thrown at once); undefined
   * when not sent.
   */
  declare readonly retryAfter: number | undefined;

  /** @param init - The status, body, request and headers of the failure. */
  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfter = retryAfterOf(this);
  }
}
