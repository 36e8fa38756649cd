// The asynchronous pair, on Web Crypto (`globalThis.crypto.subtle`): the same header, the
// same checks and errors as the node:crypto pair, on every runtime that has Web Crypto
// (Node, Bun, Deno, Workers, Vercel edge, browsers).
import { UnsupportedRuntimeError } from '../errors/unsupported-runtime-error.js';
import {
  checkHeader,
  type RawBody,
  signingInput,
  type VerifiedWmsSignature,
  type VerifyWmsSignatureOptions,
  verdict,
} from './header.js';
import type { UnixTime } from './unix-time.js';

// The HMAC of `<t>.<body>`, in lower-case hex as the header carries it.
async function hmacHex(body: string | Uint8Array, secret: string, timestamp: number) {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    throw new UnsupportedRuntimeError('crypto.subtle', 'This runtime has no Web Crypto.');
  }
  const key = await subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  // `<t>.` and the body as one byte string, joined by a Blob: a string part is UTF-8, as
  // node:crypto encodes a string.
  const data = await new Blob([`${timestamp}.`, body as BlobPart]).arrayBuffer();
  const bytes = new Uint8Array(await subtle.sign('HMAC', key, data));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// Every character is compared whatever the earlier ones were: no early exit for a timing
// attack to measure. Hex in either case, as node's decoder reads it.
function equalHex(given: string, expected: string): boolean {
  const lower = given.toLowerCase();
  let difference = lower.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) {
    difference |= lower.charCodeAt(i) ^ expected.charCodeAt(i);
  }
  return difference === 0;
}

/**
 * {@link signWmsPayload} on Web Crypto, for runtimes without `node:crypto`: the same header
 * for the same input.
 *
 * @param rawBody - The request body exactly as it will be sent.
 * @param secret - The signing secret configured on the service.
 * @param timestamp - When it is signed: a Date or Unix seconds ({@link UnixTime}); default now.
 *   A number in milliseconds (`Date.now()`) is refused with a RangeError saying so.
 * @returns `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<rawBody>">`
 * @throws {@link SignatureVerificationError} with reason `no_secret` for an empty secret.
 * @throws {@link UnsupportedRuntimeError} when the runtime has no Web Crypto
 *   (`globalThis.crypto.subtle`).
 *
 * @example
 * ```ts
 * const body = JSON.stringify(notification);
 * const response = await fetch(`${hostUrl}${INBOUND_FULFILLMENT_PATH}`, {
 *   method: 'POST',
 *   body, // the very string signed
 *   headers: {
 *     'Content-Type': 'application/json', // required (specification 4): without it, refused
 *     'X-WMS-Signature': await signWmsPayloadAsync(body, env.WMS_SIGNING_SECRET),
 *   },
 * });
 * if (!response.ok) throw new Error(`notification refused: ${response.status}`);
 * ```
 */
export async function signWmsPayloadAsync(
  rawBody: RawBody,
  secret: string,
  timestamp?: UnixTime,
): Promise<string> {
  const { body, timestamp: t } = signingInput(rawBody, secret, timestamp);
  return `t=${t},v1=${await hmacHex(body, secret, t)}`;
}

/**
 * {@link verifyWmsSignature} on Web Crypto, for runtimes without `node:crypto`: the same
 * checks in the same order, the same {@link SignatureVerificationError} reasons, several
 * `v1` values accepted, and a constant-time comparison.
 *
 * @param rawBody - The request body exactly as received (string or bytes), never re-serialized.
 * @param header - The signature header's value, `request.headers.get('X-WMS-Signature')`
 *   (node:http's `string[]` form is accepted), not the headers: {@link unwrapWebhook} takes
 *   those (passed here, they are refused as `malformed_header`).
 * @param secret - The signing secret.
 * @param options - Tolerance window (default ±300 s), the current time (a Date or Unix
 *   seconds), and `headerName` for the messages (`X-Webhook-Signature` for a delivery).
 * @returns The verified timestamp.
 * @throws {@link SignatureVerificationError} whose `reason` names the failed check.
 * @throws RangeError for a `toleranceSeconds` below 0 or a `now` that is not a valid time.
 * @throws {@link UnsupportedRuntimeError} when the runtime has no Web Crypto
 *   (`globalThis.crypto.subtle`), once the header has passed the checks above.
 *
 * @example
 * ```ts
 * export default {
 *   async fetch(request: Request, env: { WEBHOOK_SECRET: string }) {
 *     const raw = await request.text();
 *     const header = request.headers.get('X-Webhook-Signature');
 *     try {
 *       await verifyWmsSignatureAsync(raw, header, env.WEBHOOK_SECRET, {
 *         headerName: 'X-Webhook-Signature',
 *       });
 *     } catch (error) {
 *       // 400, not the 500 a throw gives: a 5xx says the receiver failed and asks for the
 *       // delivery again, where a forged or stale one fails the same way every time.
 *       if (!(error instanceof SignatureVerificationError)) throw error;
 *       return new Response(null, { status: 400 });
 *     }
 *     // Verified: now parse raw and handle the event.
 *     return new Response(null, { status: 204 });
 *   },
 * };
 * ```
 */
export async function verifyWmsSignatureAsync(
  rawBody: RawBody,
  header: string | readonly string[] | null | undefined,
  secret: string,
  options: VerifyWmsSignatureOptions = {},
): Promise<VerifiedWmsSignature> {
  const checked = checkHeader(rawBody, header, secret, options);
  const expected = await hmacHex(checked.body, secret, checked.timestamp);
  return verdict(checked, secret, (candidate) => equalHex(candidate, expected));
}
