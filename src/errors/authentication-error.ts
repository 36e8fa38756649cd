import { ApiError } from './api-error.js';

/**
 * A 401: the `X-API-Key` header was missing or the key is not valid (specification 7).
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (error instanceof AuthenticationError) console.error("check the API key");
 *   throw error;
 * }
 * ```
 */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError' as const;
  declare readonly status: 401;
}
