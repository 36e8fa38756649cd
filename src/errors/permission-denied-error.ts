import { ApiError } from './api-error.js';

/**
 * A 403: the key lacks the scope the endpoint needs, or it is used from an IP it is not allowed from (specification 5.4). For the inbound endpoint: no signing secret is configured on the service.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (error instanceof PermissionDeniedError) console.error(error.detail);
 *   throw error;
 * }
 * ```
 */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError' as const;
  declare readonly status: 403;
}
