// `Retry-After` (RFC 9110 10.2.3), read once for the retry loop's wait and for the errors that
// report it: a 429, and a 5xx (a 503 while the service is down for maintenance sends it).
import type { ApiError } from './api-error.js';

/**
 * Reads `Retry-After` as seconds or an HTTP date, as the milliseconds from now that ky waits;
 * undefined when absent or unreadable. Fractions of a second count; anything else with no
 * letters in it (`-5`, `1e3`) is not a date that `Date.parse` should guess at.
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
 *
 * @internal
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const ms = retryAfterMs(value, now);
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}

/**
 * An error's `retryAfter`, from its answer's `Retry-After`, which its message then names.
 *
 * @internal
 */
export function retryAfterOf(error: ApiError): number | undefined {
  const seconds = parseRetryAfter(error.headers?.get('retry-after'));
  if (seconds !== undefined) error.message += ` (retry after ${seconds} s)`;
  return seconds;
}
