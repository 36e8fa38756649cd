// The error for a delivery whose Content-Encoding the receiver cannot undo.
import { OrderFulfillmentError } from './order-fulfillment-error.js';

/**
 * Why a delivery's body could not be decoded.
 *
 * @example
 * ```ts
 * if (error instanceof WebhookEncodingError) {
 *   // 'unsupported_encoding' (answered 415) or 'invalid_encoding' (answered 400)
 *   const reason: WebhookEncodingFailureReason = error.reason;
 * }
 * ```
 */
export type WebhookEncodingFailureReason = 'unsupported_encoding' | 'invalid_encoding';

/**
 * A webhook delivery whose `Content-Encoding` the receiver could not undo, so its signature
 * was never checked: a coding the runtime cannot decode (`unsupported_encoding`, answered
 * 415 by `createWebhookHandler`), or a body that is not valid data of the coding it names
 * (`invalid_encoding`, answered 400). `encoding` is the coding at fault, as sent.
 *
 * @example
 * ```ts
 * createWebhookHandler({
 *   secret,
 *   on,
 *   onRejected: (error) => {
 *     // A proxy in front compresses with a coding this runtime cannot decode: turn it off there.
 *     if (error instanceof WebhookEncodingError) console.warn(error.reason, error.encoding);
 *   },
 * });
 * ```
 */
export class WebhookEncodingError extends OrderFulfillmentError {
  override name = 'WebhookEncodingError' as const;

  /** `unsupported_encoding` for a coding it cannot decode, `invalid_encoding` for bad data. */
  declare readonly reason: WebhookEncodingFailureReason;

  /** The content coding at fault (`br`), or the whole `Content-Encoding` when it is a list. */
  declare readonly encoding: string;

  /**
   * @param reason - Which check failed.
   * @param message - What was wrong and its likely cause.
   * @param encoding - The content coding at fault.
   */
  constructor(reason: WebhookEncodingFailureReason, message: string, encoding: string) {
    super(message);
    Object.assign(this, { reason, encoding });
  }
}
