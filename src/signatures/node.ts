// The synchronous pair, on node:crypto: for Node and for runtimes with Node compatibility
// (Bun, Deno, Workers with nodejs_compat). Elsewhere use the async pair in web.ts.
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

type NodeCrypto = typeof import('node:crypto');
type NodeBuffer = typeof import('node:buffer');

let crypto: NodeCrypto | undefined;
let buffer: NodeBuffer | undefined;

// Looked up on first use, not imported, so the SDK entry still loads in browsers and edge
// runtimes that have no node: modules; only these two functions need them.
function builtin<T>(id: string, caller: string): T {
  const found = (
    globalThis as { process?: { getBuiltinModule?: (id: string) => T | undefined } }
  ).process?.getBuiltinModule?.(id);
  if (!found) {
    throw new UnsupportedRuntimeError(
      id,
      `${caller} needs ${id}, which this runtime does not provide: use ${caller}Async (Web Crypto) instead.`,
      `${caller}Async`,
    );
  }
  return found;
}

function nodeCrypto(caller: string): NodeCrypto {
  crypto ??= builtin<NodeCrypto>('node:crypto', caller);
  return crypto;
}

function hmac(crypto: NodeCrypto, body: string | Uint8Array, secret: string, timestamp: number) {
  // Two updates, like a hand-written verifier: no copy of the body to prepend the prefix.
  return crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(body);
}

/**
 * Signs a raw body for the inbound endpoint and returns the `X-WMS-Signature` header value.
 * Sign the exact bytes you send: serialize once, sign that string, send that string, as JSON
 * (`Content-Type: application/json`, specification 4). Needs `node:crypto`;
 * {@link signWmsPayloadAsync} does the same on Web Crypto. `client.fulfillment.notifyShipped`
 * does all of it.
 *
 * @param rawBody - The request body exactly as it will be sent.
 * @param secret - The signing secret configured on the service.
 * @param timestamp - When it is signed: a Date or Unix seconds ({@link UnixTime}); default now.
 *   A number in milliseconds (`Date.now()`) is refused with a RangeError saying so.
 * @returns `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<rawBody>">`
 * @throws {@link SignatureVerificationError} with reason `no_secret` for an empty secret,
 *   {@link UnsupportedRuntimeError} where `node:crypto` is missing.
 *
 * @example
 * ```ts
 * const body = JSON.stringify(notification);
 * const response = await fetch(`${hostUrl}${INBOUND_FULFILLMENT_PATH}`, {
 *   method: 'POST',
 *   body, // the very string signed
 *   headers: {
 *     'Content-Type': 'application/json', // required (specification 4): without it, refused
 *     'X-WMS-Signature': signWmsPayload(body, process.env.WMS_SIGNING_SECRET!),
 *   },
 * });
 * if (!response.ok) throw new Error(`notification refused: ${response.status}`);
 * ```
 */
export function signWmsPayload(rawBody: RawBody, secret: string, timestamp?: UnixTime): string {
  const { body, timestamp: t } = signingInput(rawBody, secret, timestamp);
  return `t=${t},v1=${hmac(nodeCrypto('signWmsPayload'), body, secret, t).digest('hex')}`;
}

/**
 * Verifies an `X-WMS-Signature` header against the raw request body. Use it in a receiver
 * before parsing the body. Accepts a header with several `v1` values (secret rotation) and
 * compares in constant time. Needs `node:crypto`; {@link verifyWmsSignatureAsync} does the
 * same on Web Crypto.
 *
 * @param rawBody - The request body exactly as received (string or bytes), never re-serialized.
 * @param header - The `X-WMS-Signature` header's value, `req.headers['x-wms-signature']`
 *   (node:http's `string[]` form is accepted), not the headers: {@link unwrapWebhook} takes
 *   those (passed here, they are refused as `malformed_header`).
 * @param secret - The signing secret.
 * @param options - Tolerance window (default ±300 s), the current time (a Date or Unix
 *   seconds), and `headerName` for the messages (`X-Webhook-Signature` for a delivery).
 * @returns The verified timestamp.
 * @throws {@link SignatureVerificationError} whose `reason` names the failed check:
 * `missing_header`, `malformed_header`, `timestamp_too_old`, `timestamp_in_future` (its
 * message ends "(milliseconds?)" when `t` was signed in milliseconds), `signature_mismatch`,
 * `invalid_payload` or `no_secret`.
 * @throws RangeError for a `toleranceSeconds` below 0 or a `now` that is not a valid time:
 * without a clock there is no window to check.
 * @throws {@link UnsupportedRuntimeError} where `node:crypto` is missing.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 *
 * createServer(async (req, res) => {
 *   // Caught here: node:http ignores the listener's promise; a rejection would end the process.
 *   try {
 *     const chunks: Buffer[] = [];
 *     for await (const chunk of req) chunks.push(chunk);
 *     const raw = Buffer.concat(chunks);
 *     // A delivery: name its header, so a missing one reads "No X-Webhook-Signature header."
 *     verifyWmsSignature(raw, req.headers['x-webhook-signature'], secret, {
 *       headerName: 'X-Webhook-Signature',
 *     });
 *     // Verified: now parse raw and handle the event.
 *     res.writeHead(204).end();
 *   } catch (error) {
 *     // 400: the delivery is at fault, and sent again it fails alike; 500: the receiver failed.
 *     res.writeHead(error instanceof SignatureVerificationError ? 400 : 500).end();
 *   }
 * }).listen(8080);
 * ```
 */
export function verifyWmsSignature(
  rawBody: RawBody,
  header: string | readonly string[] | null | undefined,
  secret: string,
  options: VerifyWmsSignatureOptions = {},
): VerifiedWmsSignature {
  const checked = checkHeader(rawBody, header, secret, options);
  const crypto = nodeCrypto('verifyWmsSignature');
  buffer ??= builtin<NodeBuffer>('node:buffer', 'verifyWmsSignature');
  const { Buffer } = buffer;
  const expected = hmac(crypto, checked.body, secret, checked.timestamp).digest();
  return verdict(checked, secret, (candidate) => {
    if (candidate.length !== 64) return false;
    // Buffer's hex decoder stops at the first non-hex pair, so anything but 64 hex digits
    // decodes short and is skipped, as a malformed value should be.
    const given = Buffer.from(candidate, 'hex');
    return given.length === 32 && crypto.timingSafeEqual(given, expected);
  });
}
