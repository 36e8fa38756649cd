// The retry decision on top of ky's: a Retry-After beyond the cap throws at once, and only
// network errors and timeouts are retried among the errors that carry no response.
import { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import { parseRetryAfter } from '../errors/rate-limit-error.js';
import type { NormalizedConfig } from './config.js';
import { isNetworkError } from './fetch.js';

type Retry = NormalizedConfig['retry'];

/**
 * Wraps the configured `shouldRetry` (which decides first when it answers) with the SDK's
 * own rules. A Retry-After longer than the cap throws at once: waiting less than the service
 * asked would only spend an attempt on another 429, where ky itself would wait the cap and
 * retry. ky would retry any error at all, a bug in a hook included.
 *
 * @param retry - The normalized retry options.
 * @returns The same options with the composed `shouldRetry`.
 */
export function composeShouldRetry(retry: Retry): Retry {
  // Normalized: both always hold a value (the default's unless the caller set one).
  const { shouldRetry: user, maxRetryAfter: cap, afterStatusCodes } = retry as Required<Retry>;
  return {
    ...retry,
    shouldRetry: async (state) => {
      const decided = user ? await user(state) : undefined;
      if (decided !== undefined) return decided;
      const { error } = state;
      if (error instanceof HTTPError) {
        if (afterStatusCodes.includes(error.response.status)) {
          const seconds = parseRetryAfter(error.response.headers.get('retry-after'));
          if (seconds !== undefined && seconds * 1000 > cap) return false;
        }
        return undefined;
      }
      return error instanceof KyTimeoutError || isNetworkError(error) ? undefined : false;
    },
  };
}
