import { ApiError } from './api-error.js';

/**
 * A 409 from the inbound notification ({@link FulfillmentClient.notifyShipped},
 * specification 4.6): it matched more than one order by `source` and `external_ref` (those
 * are unique only per business); nothing was written. Send the order's `id` as
 * `inbound_order_id` instead.
 *
 * @example
 * ```ts
 * try {
 *   await client.fulfillment.notifyShipped({ source: 'shopify', external_ref: '#1042' });
 * } catch (error) {
 *   if (error instanceof ConflictError) console.error('ambiguous reference: send inbound_order_id instead');
 *   throw error;
 * }
 * ```
 */
export class ConflictError extends ApiError {
  override name = 'ConflictError' as const;
  declare readonly status: 409;
}
