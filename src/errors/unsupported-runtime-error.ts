import { OrderFulfillmentError } from './order-fulfillment-error.js';

/**
 * A function needs something this JavaScript runtime does not provide, such as
 * `node:crypto` on an edge runtime. `alternative` names the function to call instead.
 *
 * @example
 * ```ts
 * try {
 *   verifyWmsSignature(rawBody, header, secret);
 * } catch (error) {
 *   if (error instanceof UnsupportedRuntimeError) console.error(`use ${error.alternative}`);
 *   throw error;
 * }
 * ```
 */
export class UnsupportedRuntimeError extends OrderFulfillmentError {
  override name = 'UnsupportedRuntimeError' as const;

  /** What the runtime lacks, for example `node:crypto`. */
  declare readonly missing: string;

  /** The function that works without it, for example `verifyWmsSignatureAsync`. */
  declare readonly alternative: string | undefined;

  /**
   * @param missing - What the runtime lacks.
   * @param message - Which call needs it and what to use instead.
   * @param alternative - The function to call instead, when there is one.
   */
  constructor(missing: string, message: string, alternative?: string) {
    super(message);
    Object.assign(this, { missing, alternative });
  }
}
