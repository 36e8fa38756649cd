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
