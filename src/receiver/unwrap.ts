// unwrapWebhook: a delivery's raw body and headers in, a verified, parsed order event out.
import { SignatureVerificationError } from '../errors/signature-verification-error.js';
import { WebhookPayloadError } from '../errors/webhook-payload-error.js';
import type { OrderEvent } from '../schemas/webhook.js';
import {
  type RawBody,
  type VerifyWmsSignatureOptions,
  WEBHOOK_SIGNATURE_HEADER,
} from '../signatures/header.js';
import { verifyWmsSignatureAsync } from '../signatures/web.js';
import { parseEvent } from './event.js';
import { type HeadersLike, toHeaders } from './headers.js';
import { refuseUnknownReceiverOptions } from './option-names.js';

/**
 * Options of {@link unwrapWebhook}: the signature's tolerance window and clock, as
 * {@link verifyWmsSignature} takes them, and `headerName`, which here picks the header the
 * signature is read from and defaults to `X-Webhook-Signature`.
 *
 * @example
 * ```ts
 * await unwrapWebhook(raw, headers, secret, { toleranceSeconds: 600 } satisfies UnwrapWebhookOptions);
 * ```
 */
export interface UnwrapWebhookOptions extends VerifyWmsSignatureOptions {
  /**
   * The header the signature is read from, also named in the error for a missing or
   * malformed one. Default `X-Webhook-Signature`, where the mock signs its deliveries (the
   * specification does not show how deliveries are signed, 6.1); name another when the
   * service signs in another header.
   */
  headerName?: string | undefined;
}

/**
 * Verifies a delivered event's `X-Webhook-Signature` (or `options.headerName`) over the raw
 * body, parses the body and checks it loosely: only the event's `id` and `type` and
 * `data.order.id` and `data.order.updated_at` must be there; every other field is optional
 * and kept as sent. Runs on
 * Web Crypto, so it works on every runtime. Verify before anything reads the body: pass the
 * bytes as received.
 *
 * @param rawBody - The request body exactly as received: a string, or its bytes.
 * @param headers - The request headers: a `Headers`, a plain object or Node's
 *   `IncomingHttpHeaders` (names in any case, array values accepted).
 * @param secret - The subscription's `secret`, returned by `client.webhooks.create`.
 * @param options - Tolerance window (default ±300 s) and the current time.
 * @returns The event.
 * @throws {@link SignatureVerificationError} when the signature does not verify (its
 *   `reason` says why; `missing_header` names `X-Webhook-Signature`), and
 *   {@link WebhookPayloadError} when the verified body is not JSON (`invalid_json`) or not
 *   an order event (`invalid_event`).
 * @throws {@link ConfigurationError} for an option it does not have (a misspelt one, with
 *   the one likely meant, and `toleranceSeconds` for `tolerance`, `headerName` for
 *   `signatureHeader`, the names `createWebhookHandler` gives them), before the signature
 *   or the body is looked at.
 * @throws {@link UnsupportedRuntimeError} when the runtime has no Web Crypto
 *   (`globalThis.crypto.subtle`), once the header has passed its checks.
 *
 * @example
 * ```ts
 * const raw = await request.arrayBuffer();
 * try {
 *   const event = await unwrapWebhook(raw, request.headers, env.WEBHOOK_SECRET);
 *   if (event.type === 'order.updated') await sync(event.data.order.id);
 *   return new Response(null, { status: 204 });
 * } catch (error) {
 *   // A kind of event you do not handle (one added since need not carry an order): acknowledge
 *   // it, or it is delivered again.
 *   if (error instanceof WebhookPayloadError && error.eventType && error.eventType !== 'order.updated') {
 *     return new Response(null, { status: 204 });
 *   }
 *   // Not signed right, or no order event: the delivery is at fault (400) and fails alike again.
 *   if (error instanceof SignatureVerificationError || error instanceof WebhookPayloadError) {
 *     return new Response(null, { status: 400 });
 *   }
 *   throw error; // anything else: a 500, and a retrying service delivers the event again
 * }
 * ```
 */
export async function unwrapWebhook(
  rawBody: RawBody,
  headers: HeadersLike,
  secret: string,
  options: UnwrapWebhookOptions = {},
): Promise<OrderEvent> {
  // A misspelt option (`toleranceseconds`, or the handler's `tolerance`) would otherwise
  // leave its default in force.
  refuseUnknownReceiverOptions(
    options,
    { toleranceSeconds: 1, now: 1, headerName: 1 },
    ' of unwrapWebhook',
  );
  const headerName = options.headerName ?? WEBHOOK_SIGNATURE_HEADER;
  if (headers === null || typeof headers !== 'object') {
    throw new SignatureVerificationError(
      'missing_header',
      `No ${headerName} header: headers must be a Headers or an object, got ${headers === null ? 'null' : typeof headers}.`,
    );
  }
  const header = toHeaders(headers).get(headerName);
  await verifyWmsSignatureAsync(rawBody, header, secret, { ...options, headerName });
  // One leading byte-order mark is dropped from a string as TextDecoder drops it from bytes,
  // so that both forms of a body give one outcome (JSON.parse refuses the mark). The
  // signature above covered the body as given, the mark included.
  // Bytes that are no UTF-8 are refused, not replaced: two bodies differing only there
  // would read as one event id, and the second be taken for a redelivery of the first.
  let value: unknown;
  try {
    const text =
      typeof rawBody === 'string'
        ? rawBody.replace(/^\ufeff/, '')
        : new TextDecoder('utf-8', { fatal: true }).decode(rawBody as Uint8Array);
    value = JSON.parse(text);
  } catch (error) {
    throw new WebhookPayloadError(
      'invalid_json',
      `The webhook body is not JSON: ${(error as Error).message}`,
    );
  }
  return parseEvent(value);
}
