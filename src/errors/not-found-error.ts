import { ApiError } from './api-error.js';

/**
 * A 404: no order has the given id, or the inbound notification matched no order.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.get(orderId);
 * } catch (error) {
 *   if (error instanceof NotFoundError) return undefined;
 *   throw error;
 * }
 * ```
 */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError' as const;
  declare readonly status: 404;
}
