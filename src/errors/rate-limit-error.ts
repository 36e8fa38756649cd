import { ApiError, type ApiErrorInit } from './api-error.js';
import { retryAfterOf } from './retry-after.js';

/**
 * A 429: the key's rate limit is exhausted, and the SDK's retries (which wait for
 * `Retry-After`) were used up or the wait exceeded `retry.maxRetryAfter`.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (!(error instanceof RateLimitError)) throw error;
 *   await sleep((error.retryAfter ?? 1) * 1000); // then call again
 * }
 * ```
 */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError' as const;
  declare readonly status: 429;

  /** Seconds to wait before the next request, from `Retry-After`; undefined when not sent. */
  declare readonly retryAfter: number | undefined;

  /** @param init - The status, body, request and headers of the failure. */
  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfter = retryAfterOf(this);
  }
}
