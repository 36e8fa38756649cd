import { OrderFulfillmentError } from './order-fulfillment-error.js';
import type { ResponseIssue } from './response-validation-error.js';

/**
 * Why a delivered webhook body was not accepted after its signature verified.
 *
 * @example
 * ```ts
 * if (error instanceof WebhookPayloadError) {
 *   const reason: WebhookPayloadFailureReason = error.reason; // 'invalid_json' | 'invalid_event'
 * }
 * ```
 */
export type WebhookPayloadFailureReason = 'invalid_json' | 'invalid_event';

/**
 * A webhook delivery whose signature verified but whose body is not an order event: not
 * JSON, or without the fields a receiver relies on (the event's `id` and `type`, the
 * order's `id` and `updated_at`). `issues` lists each missing or mistyped field.
 *
 * @example
 * ```ts
 * try {
 *   const event = await unwrapWebhook(rawBody, request.headers, secret);
 *   if (event.type === 'order.updated') await sync(event.data.order.id);
 *   return new Response(null, { status: 204 });
 * } catch (error) {
 *   // A kind of event you do not handle (one added since need not carry an order): acknowledge
 *   // it, or it is delivered again.
 *   if (error instanceof WebhookPayloadError && error.eventType && error.eventType !== 'order.updated') {
 *     return new Response(null, { status: 204 });
 *   }
 *   if (error instanceof WebhookPayloadError) console.warn(error.reason, error.issues);
 *   // The delivery is at fault (400), where a rethrow answers 500, the receiver's own failure.
 *   if (error instanceof WebhookPayloadError || error instanceof SignatureVerificationError) {
 *     return new Response(null, { status: 400 });
 *   }
 *   throw error;
 * }
 * ```
 */
export class WebhookPayloadError extends OrderFulfillmentError {
  override name = 'WebhookPayloadError' as const;

  /** `invalid_json` when the body does not parse, `invalid_event` when a field is wrong. */
  declare readonly reason: WebhookPayloadFailureReason;

  /** Each field that is missing or of the wrong type; empty for `invalid_json`. */
  declare readonly issues: ResponseIssue[];

  /**
   * The body's `type` when it is a non-empty string: a kind of event added since, which need
   * not carry an order, fails the check too; a receiver that does not handle that type
   * acknowledges it (2xx), as `createWebhookHandler` does, so that it is not delivered again.
   */
  declare readonly eventType: string | undefined;

  /**
   * @param reason - Which check failed.
   * @param message - What was wrong.
   * @param issues - The fields at fault.
   * @param eventType - The body's `type`, when a non-empty string.
   */
  constructor(
    reason: WebhookPayloadFailureReason,
    message: string,
    issues: ResponseIssue[] = [],
    eventType?: string,
  ) {
    super(message);
    Object.assign(this, { reason, issues, eventType });
  }
}
