import { ApiError, type ApiErrorInit } from './api-error.js';

/**
 * Reads `Retry-After` as whole seconds or an HTTP date (RFC 9110 10.2.3), in seconds from
 * now; undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * A 429: the key's rate limit is exhausted, and the SDK's retries (which wait for
 * `Retry-After`) were used up or the wait exceeded `retry.maxRetryAfter`.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (error instanceof RateLimitError) await sleep((error.retryAfter ?? 1) * 1000);
 *   else throw error;
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
    this.retryAfter = parseRetryAfter(init.headers?.get('retry-after'));
    if (this.retryAfter !== undefined) this.message += ` (retry after ${this.retryAfter} s)`;
  }
}
