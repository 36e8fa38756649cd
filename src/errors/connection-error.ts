import {
  OrderFulfillmentError,
  type RequestErrorOptions,
  type ResumeCursor,
} from './order-fulfillment-error.js';

/**
 * The request got no complete HTTP response: DNS, refused or reset connection, TLS, or a
 * body cut off after the headers. GET requests and `fulfillment.notifyShipped` (and
 * `webhooks.create` when the call passes `retry: true`, a count or an object) are retried
 * with backoff first, unless the headers had arrived; this is thrown once the retries are
 * used up, and at once for a call that is not retried. The underlying error is `cause`.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (error instanceof ConnectionError) console.error('service unreachable', error.cause);
 *   throw error;
 * }
 * ```
 */
export class ConnectionError extends OrderFulfillmentError {
  override name: string = 'ConnectionError';

  /** The request's HTTP method. */
  declare readonly method: string;

  /** The request's path, without host or query. */
  declare readonly path: string;

  /** Set when the error ended a cursor pull: the cursor to resume from. */
  declare readonly cursor: ResumeCursor | undefined;

  /**
   * The answer's status when its headers had arrived and its body then failed (cut off or
   * stalled); undefined when no answer came.
   */
  declare readonly status: number | undefined;

  /**
   * The answer's `X-Request-Id` when its headers had arrived, for the service's team to find
   * the request; undefined otherwise.
   */
  declare readonly requestId: string | undefined;

  /**
   * @param method - The request's HTTP method.
   * @param path - The request's path.
   * @param message - What failed.
   * @param options - The underlying error as `cause`; in a cursor pull, the `cursor` to
   *   resume from; what was `answered` when the headers had come.
   */
  constructor(method: string, path: string, message: string, options?: RequestErrorOptions) {
    const { cursor, answered } = options ?? {};
    // Said in the message, since `fetch failed` or `terminated` alone reads as if the
    // service never answered.
    const after = answered
      ? `, after the headers of a ${answered.status} answer${answered.requestId ? ` (request id ${answered.requestId})` : ''}`
      : '';
    // Error reads only `cause` from its options, so the cursor may ride along.
    super(`${method} ${path} → ${message}${after}`, options);
    Object.assign(this, {
      method,
      path,
      cursor: cursor && { ...cursor },
      status: answered?.status,
      requestId: answered?.requestId,
    });
  }
}
