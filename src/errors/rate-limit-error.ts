import { ApiError, type ApiErrorInit } from './api-error.js';

/**
 * Reads `Retry-After` as seconds or an HTTP date (RFC 9110 10.2.3), as the milliseconds from
 * now that ky waits; undefined when absent or unreadable. Fractions of a second count;
 * anything else with no letters in it (`-5`, `1e3`) is not a date that `Date.parse` should
 * guess at.
 *
 * @internal
 */
export function retryAfterMs(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Reads `Retry-After` ({@link retryAfterMs}) in whole seconds from now, rounded up;
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const ms = retryAfterMs(value, now);
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
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
