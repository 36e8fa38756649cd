import { ApiError } from './api-error.js';

/**
 * A 409: the inbound notification matched more than one order by `source` and `external_ref` (those are unique only per business); nothing was written.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (error instanceof ConflictError) console.error("send inbound_order_id instead");
 *   throw error;
 * }
 * ```
 */
export class ConflictError extends ApiError {
  override name = 'ConflictError' as const;
  declare readonly status: 409;
}
