/**
 * Where a cursor pull stopped: the `since`/`since_id` pair to resume from. The same shape as
 * `OrderCursor`, written here so that the errors need not know the order schemas; the type
 * tests hold the two equal.
 */
export interface ResumeCursor {
  /** The `updated_at` of the last change covered. */
  since: string;
  /** The `id` of the last order covered. */
  since_id: string;
}

/** What an error that can end a request takes beyond its message. */
export interface RequestErrorOptions {
  /** The underlying error. */
  cause?: unknown;
  /** Set when the error ends a cursor pull: the cursor to resume from. */
  cursor?: ResumeCursor | undefined;
  /** Set when the failure came after the answer's headers: its status and `X-Request-Id`. */
  answered?: { status: number; requestId: string | undefined } | undefined;
}

/**
 * The base of every error the SDK throws, so one `instanceof` check catches them all.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.get(id);
 * } catch (error) {
 *   if (error instanceof OrderFulfillmentError) report(error.name, error.message);
 *   else throw error;
 * }
 * ```
 */
export class OrderFulfillmentError extends Error {
  override name: string = 'OrderFulfillmentError';
}
