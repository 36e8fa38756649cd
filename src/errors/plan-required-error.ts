import { ApiError } from './api-error.js';

/**
 * A 402: the workspace plan does not include `apiAccess` (specification 5.3).
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (error instanceof PlanRequiredError) console.error("upgrade the plan");
 *   throw error;
 * }
 * ```
 */
export class PlanRequiredError extends ApiError {
  override name = 'PlanRequiredError' as const;
  declare readonly status: 402;
}
