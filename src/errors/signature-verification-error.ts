import { OrderFulfillmentError } from './order-fulfillment-error.js';

/** Why a `X-WMS-Signature` header was not accepted. */
export type SignatureFailureReason =
  | 'missing_header'
  | 'malformed_header'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'signature_mismatch'
  | 'invalid_payload'
  | 'no_secret';

/**
 * Thrown by {@link verifyWmsSignature} when a signature does not verify. `reason` says
 * which check failed; the message also names the likely cause.
 *
 * @example
 * ```ts
 * try {
 *   verifyWmsSignature(rawBody, header, secret);
 * } catch (error) {
 *   if (!(error instanceof SignatureVerificationError)) throw error;
 *   console.warn(error.reason); // 'signature_mismatch', 'timestamp_too_old', ...
 *   // 400: the delivery is at fault, and sent again it fails alike.
 *   return new Response(null, { status: 400 });
 * }
 * ```
 */
export class SignatureVerificationError extends OrderFulfillmentError {
  override name = 'SignatureVerificationError' as const;

  /** Which check failed. */
  declare readonly reason: SignatureFailureReason;

  /** The header's `t` value in Unix seconds, when the header was well-formed. */
  declare readonly timestamp: number | undefined;

  /**
   * @param reason - Which check failed.
   * @param message - What was wrong and its likely cause.
   * @param timestamp - The header's `t`, when it could be read.
   */
  constructor(reason: SignatureFailureReason, message: string, timestamp?: number) {
    super(message);
    Object.assign(this, { reason, timestamp });
  }
}
