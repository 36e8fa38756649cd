import { ConnectionError } from './connection-error.js';
import type { RequestErrorOptions } from './order-fulfillment-error.js';

/**
 * No response arrived within the configured `timeout`. Timed-out GET requests are retried
 * first; this is thrown once the retries are used up.
 *
 * @example
 * ```ts
 * const client = createClient({ hostUrl, apiKey, timeout: 5_000 });
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (error instanceof TimeoutError) console.error(`no answer in ${error.timeout} ms`);
 *   throw error;
 * }
 * ```
 */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError' as const;

  /** The per-attempt timeout that ran out, in milliseconds. */
  declare readonly timeout: number;

  /**
   * @param method - The request's HTTP method.
   * @param path - The request's path.
   * @param timeout - The per-attempt timeout in milliseconds.
   * @param options - The underlying error as `cause`; in a cursor pull, the `cursor` to
   *   resume from.
   */
  constructor(method: string, path: string, timeout: number, options?: RequestErrorOptions) {
    super(method, path, `no response within ${timeout} ms`, options);
    this.timeout = timeout;
  }
}
