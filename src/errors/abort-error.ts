import {
  OrderFulfillmentError,
  type RequestErrorOptions,
  type ResumeCursor,
} from './order-fulfillment-error.js';

/**
 * The caller aborted the call through its `signal`, while it was sent, read or waiting to
 * be retried. The signal's reason is `cause`. Named `AbortError`, as the platform names its
 * own, so `error.name === 'AbortError'` checks keep working; and an
 * {@link OrderFulfillmentError}, so one `instanceof` still catches everything the SDK throws.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const pending = client.orders.list({}, { signal: controller.signal });
 * controller.abort(new Error('shutting down'));
 * try {
 *   await pending;
 * } catch (error) {
 *   if (!(error instanceof AbortError)) throw error;
 *   console.log('stopped:', error.cause); // the reason given to abort()
 * }
 * ```
 */
export class AbortError extends OrderFulfillmentError {
  override name = 'AbortError' as const;

  /** The request's HTTP method. */
  declare readonly method: string;

  /** The request's path, without host or query. */
  declare readonly path: string;

  /** Set when the abort ended a cursor pull: the cursor to resume from. */
  declare readonly cursor: ResumeCursor | undefined;

  /**
   * @param method - The request's HTTP method.
   * @param path - The request's path.
   * @param options - The signal's reason as `cause`; in a cursor pull, the `cursor`.
   */
  constructor(method: string, path: string, options?: RequestErrorOptions) {
    const cause = options?.cause;
    // Read, not tested with instanceof: an outer realm's reason (jest's and vitest's vm pools).
    const message = (cause as { message?: unknown } | null | undefined)?.message;
    const reason = typeof message === 'string' ? `: ${message}` : '';
    // Error reads only `cause` from its options, so the cursor may ride along.
    super(`${method} ${path} → aborted by the caller${reason}`, options);
    const cursor = options?.cursor;
    Object.assign(this, { method, path, cursor: cursor && { ...cursor } });
  }
}
