// The retry decision on top of ky's: a Retry-After beyond the cap throws at once, and only
// network errors and timeouts are retried among the errors that carry no response. It
// also reports each retry with its reason and wait, and each Retry-After beyond the cap.
import { HTTPError, TimeoutError as KyTimeoutError, type RetryOptions } from 'ky';
import { requestIdOf } from '../errors/api-error.js';
import { parseRetryAfter, retryAfterMs } from '../errors/retry-after.js';
import type { NormalizedConfig } from './config.js';
import { isNetworkError, unwrapNonError } from './fetch.js';
import { describeNetworkError } from './outcome.js';
import type { ResolvedOptions } from './request-options.js';
import type { RetryPolicy } from './transport.js';

/** Told, in a line for the log, of each retry and of each Retry-After beyond the cap. */
export type RetryReport = (line: string) => void;

// ky waits no longer than a timer can (its maxSafeTimeout): the wait the log names.
const MAX_TIMER_MS = 2_147_483_647;

// What ky waits for a Retry-After it reads as `ms` from now: a count of seconds past 2024 in
// milliseconds it takes for a Unix time instead (its guard against a service writing one).
function kyRetryAfterWait(ms = 0): number {
  const wait = ms >= Date.parse('2024-01-01') ? ms - Date.now() : ms;
  return Math.min(Math.max(0, wait), MAX_TIMER_MS);
}

function reasonOf(error: Error): string {
  if (error instanceof HTTPError) {
    // The refused attempt's id: calls in flight at once to one path log alike otherwise.
    const id = requestIdOf(error.response.headers);
    return (
      `${error.response.status} ${error.response.statusText}`.trim() +
      (id ? ` (request id ${id})` : '')
    );
  }
  if (error instanceof KyTimeoutError) return 'no response in time';
  return describeNetworkError(error);
}

/**
 * The retry options ky gets for one call: the call's policy (its own `retry`, else the
 * configuration's), POST allowed when the method's policy and the call say so (an `opt-in`
 * POST on 429 only unless the call asks), and the configured `shouldRetry` (which decides
 * first when it answers) wrapped with the SDK's own rules. A Retry-After longer than the cap
 * throws at once: waiting less than the service asked would only spend an attempt on another
 * 429, where ky itself would wait the cap and retry. ky would retry any error at all, a bug in
 * a hook included.
 *
 * @param report - Told of each retry and each capped Retry-After.
 * @param weighed - Holds the failure ky last weighed retrying, for a call that a caller's
 *   beforeRetry hook then ends with `ky.stop` (ky ends it without an answer or an error).
 * @returns The options with the composed `shouldRetry` (and, to learn the wait ky draws,
 *   `jitter`).
 * @internal
 */
export function retryFor(
  config: NormalizedConfig,
  policy: RetryPolicy,
  resolved: ResolvedOptions,
  report?: RetryReport,
  weighed: { error?: Error } = {},
): RetryOptions {
  const retry = resolved.retry ?? config.retry;
  // Normalized: these always hold a value (the default's unless the caller set one).
  const {
    shouldRetry: user,
    maxRetryAfter: cap,
    afterStatusCodes,
    statusCodes,
    methods,
    jitter,
    backoffLimit,
  } = retry as Required<RetryOptions>;
  // The reason of the retry ky is deciding, for jitter() to report with the wait it draws.
  let pending: { reason: string; retry: number } | undefined;
  const retrying = (wait: number) => {
    if (pending) {
      report?.(`${pending.reason}: retry ${pending.retry} in ${Math.round(wait)} ms`);
    }
    pending = undefined;
  };
  // A POST that could take effect twice, unless the call asked, is retried on a 429 only: a
  // rate limiter answers 429 in place of the request, before it takes effect, so waiting it
  // out cannot apply it twice (docs/spec-gaps.md: the SDK's reading, not the specification's).
  const refusedOnly = policy === 'opt-in' && !resolved.retryAsked;
  const composed: RetryOptions = {
    ...retry,
    shouldRetry: async (state) => {
      const { retryCount } = state;
      const error = unwrapNonError(state.error);
      weighed.error = error;
      if (refusedOnly && !(error instanceof HTTPError && error.response.status === 429)) {
        return false;
      }
      pending = { reason: reasonOf(error), retry: retryCount };
      const decided = user ? await user(state) : undefined;
      if (decided !== undefined) return decided;
      if (error instanceof HTTPError) {
        const { status, headers } = error.response;
        if (afterStatusCodes.includes(status)) {
          const retryAfter = headers.get('retry-after');
          const seconds = parseRetryAfter(retryAfter);
          if (seconds !== undefined && seconds * 1000 > cap) {
            report?.(
              `Retry-After ${seconds} s is over the ${cap / 1000} s cap (retry.maxRetryAfter): not retried`,
            );
            return false;
          }
          // Without a Retry-After the SDK can read, the backoff: ky would wait its cap for
          // one it cannot read, and would read rate-limit headers the specification does not
          // name (an X-RateLimit-Reset an hour out), waiting the cap and retrying early.
          if (seconds === undefined) return statusCodes.includes(status) ? true : undefined;
          // ky waits what the service asked, to the millisecond, without drawing a backoff.
          if (statusCodes.includes(status)) retrying(kyRetryAfterWait(retryAfterMs(retryAfter)));
        }
        return undefined;
      }
      return error instanceof KyTimeoutError || isNetworkError(error) ? undefined : false;
    },
  };
  if (policy !== 'safe') composed.methods = [...methods, 'post'];
  if (report || jitter === true) {
    // ky's own jitter, drawn here so the wait is known before it starts. Full jitter draws
    // below the capped backoff: ky draws below the uncapped one and then caps the draw, so
    // past backoffLimit nearly every wait would be the cap itself, and clients retrying in
    // step would stay in step.
    composed.jitter = (delay: number) => {
      let wait =
        jitter === true
          ? Math.random() * Math.min(delay, backoffLimit)
          : typeof jitter === 'function'
            ? jitter(delay)
            : delay;
      if (!Number.isFinite(wait) || wait < 0) wait = delay;
      retrying(Math.min(wait, backoffLimit, MAX_TIMER_MS));
      return wait;
    };
  }
  return composed;
}
