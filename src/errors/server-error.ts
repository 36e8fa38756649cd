import { ApiError } from './api-error.js';

/**
 * A 5xx: the service failed. GET requests are retried with backoff first; this is thrown
 * once the retries are used up.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (error instanceof ServerError) scheduleLater();
 *   else throw error;
 * }
 * ```
 */
export class ServerError extends ApiError {
  override name = 'ServerError' as const;
}
