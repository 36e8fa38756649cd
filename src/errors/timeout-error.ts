import { ConnectionError } from './connection-error.js';
import type { RequestErrorOptions } from './order-fulfillment-error.js';

/** Which limit ended a call: one attempt's `timeout`, or the whole call's `totalTimeout`. */
export type TimeoutLimit = 'attempt' | 'total';

/**
 * No complete response arrived in time: not its headers, or not the rest of its body. With
 * `limit: 'attempt'`, one attempt outlasted `timeout` (an attempt that timed out before the
 * response headers is retried first, for the calls {@link ConnectionError} names; this is
 * thrown once the retries are used up); with `limit: 'total'`, the call's
 * `totalTimeout` ran out across its attempts and the waits between them, and it is not
 * retried further.
 *
 * @example
 * ```ts
 * const client = createClient({ hostUrl, apiKey, timeout: 5_000 });
 * try {
 *   await client.orders.list({}, { totalTimeout: 20_000 });
 * } catch (error) {
 *   if (error instanceof TimeoutError) console.error(`${error.limit}: ${error.timeout} ms`);
 *   throw error;
 * }
 * ```
 */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError' as const;

  /** The limit that ran out, in milliseconds: `timeout` or `totalTimeout`, as `limit` says. */
  declare readonly timeout: number;

  /** Which limit ran out: `attempt` (the `timeout` option) or `total` (`totalTimeout`). */
  declare readonly limit: TimeoutLimit;

  /**
   * @param method - The request's HTTP method.
   * @param path - The request's path.
   * @param timeout - The limit that ran out, in milliseconds.
   * @param options - The underlying error as `cause`; in a cursor pull, the `cursor` to
   *   resume from; `limit`, `attempt` unless said.
   */
  constructor(
    method: string,
    path: string,
    timeout: number,
    options?: RequestErrorOptions & { limit?: TimeoutLimit | undefined },
  ) {
    const { limit = 'attempt' } = options ?? {};
    super(
      method,
      path,
      limit === 'total'
        ? `not done within ${timeout} ms (totalTimeout, across every attempt and wait)`
        : `no complete response within ${timeout} ms (timeout, per attempt)`,
      options,
    );
    this.timeout = timeout;
    this.limit = limit;
  }
}
