// The X-WMS-Signature scheme (specification 5.5): `t=<unix>,v1=<hex>`, where v1 is the
// HMAC-SHA256 of `<t>.<raw body>`. It is Stripe's webhook scheme, checked on both sides
// of a tolerance window.
import { SignatureVerificationError } from './errors/signature-verification-error.js';

/** The header the inbound endpoint reads the signature from. */
export const WMS_SIGNATURE_HEADER = 'X-WMS-Signature';

/** The specification's replay window: ±5 minutes. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

type NodeCrypto = typeof import('node:crypto');
let cachedCrypto: NodeCrypto | undefined;

// Looked up at call time, not imported, so the SDK entry still loads in browsers and edge
// runtimes that have no node:crypto; only signing and verifying need it.
function nodeCrypto(): NodeCrypto {
  if (cachedCrypto) return cachedCrypto;
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process;
  const found = process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  if (!found) {
    throw new Error(
      'WMS signatures need node:crypto (Node.js >= 20.16, Deno, Bun, or an edge runtime with Node compatibility)',
    );
  }
  cachedCrypto = found;
  return found;
}

function assertRawBody(rawBody: unknown): asserts rawBody is string | Uint8Array {
  if (typeof rawBody === 'string' || rawBody instanceof Uint8Array) return;
  throw new SignatureVerificationError(
    'invalid_payload',
    `The raw body must be a string or bytes, got ${rawBody === null ? 'null' : typeof rawBody}. ` +
      'Pass the request body exactly as received: a parsed and re-serialized body (for example ' +
      'after express.json()) is not the signed bytes.',
  );
}

function assertSecret(secret: unknown): asserts secret is string {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new SignatureVerificationError('no_secret', 'A non-empty signing secret is required.');
  }
}

function hmac(rawBody: string | Uint8Array, secret: string, timestamp: number) {
  return nodeCrypto().createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody);
}

// Decoded by hand rather than with Buffer, which not every runtime has as a global.
function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Signs a raw body for the inbound endpoint and returns the `X-WMS-Signature` header value.
 * Sign the exact bytes you send: serialize once, sign that string, send that string.
 *
 * @param rawBody - The request body exactly as it will be sent.
 * @param secret - The signing secret configured on the service.
 * @param timestamp - Unix seconds to sign with; defaults to now. Tests pass a fixed value.
 * @returns `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<rawBody>">`
 * @throws {@link SignatureVerificationError} with reason `no_secret` for an empty secret.
 *
 * @example
 * ```ts
 * const body = JSON.stringify(notification);
 * const signature = signWmsPayload(body, process.env.WMS_SIGNING_SECRET!);
 * await fetch(url, { method: 'POST', body, headers: { 'X-WMS-Signature': signature } });
 * ```
 */
export function signWmsPayload(
  rawBody: string | Uint8Array,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  assertRawBody(rawBody);
  assertSecret(secret);
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError(`timestamp must be whole Unix seconds, got ${String(timestamp)}`);
  }
  return `t=${timestamp},v1=${hmac(rawBody, secret, timestamp).digest('hex')}`;
}

/** Options of {@link verifyWmsSignature}. */
export interface VerifyWmsSignatureOptions {
  /** How far `t` may lie from `now`, in either direction. Default 300 (±5 minutes). */
  toleranceSeconds?: number;
  /** The current time, as a Date or Unix seconds; defaults to the system clock. */
  now?: Date | number;
}

/** What a verified signature carried. */
export interface VerifiedWmsSignature {
  /** The signed timestamp, in Unix seconds. */
  timestamp: number;
}

interface ParsedHeader {
  timestamp: number;
  signatures: string[];
}

function parseHeader(header: string): ParsedHeader | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) return undefined;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') {
      if (!/^\d{1,15}$/.test(value) || timestamp !== undefined) return undefined;
      timestamp = Number(value);
    } else if (key === 'v1') {
      signatures.push(value);
    }
    // Other schemes (v0 and the like) are ignored, as Stripe does, so a sender can add one.
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

function toUnixSeconds(now: Date | number | undefined): number {
  if (now === undefined) return Math.floor(Date.now() / 1000);
  if (now instanceof Date) return Math.floor(now.getTime() / 1000);
  return Math.floor(now);
}

/**
 * Verifies an `X-WMS-Signature` header against the raw request body. Use it in a receiver
 * before parsing the body. Accepts a header with several `v1` values (secret rotation) and
 * compares in constant time.
 *
 * @param rawBody - The request body exactly as received (string or bytes), never re-serialized.
 * @param header - The `X-WMS-Signature` header value.
 * @param secret - The signing secret.
 * @param options - Tolerance window (default ±300 s) and the current time.
 * @returns The verified timestamp.
 * @throws {@link SignatureVerificationError} whose `reason` names the failed check:
 * `missing_header`, `malformed_header`, `timestamp_too_old`, `timestamp_in_future`,
 * `signature_mismatch`, `invalid_payload` or `no_secret`.
 *
 * @example
 * ```ts
 * app.post('/wms', express.raw({ type: 'application/json' }), (req, res) => {
 *   verifyWmsSignature(req.body, req.get('X-WMS-Signature'), secret);
 *   const event = JSON.parse(req.body.toString('utf8'));
 *   res.sendStatus(200);
 * });
 * ```
 */
export function verifyWmsSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: VerifyWmsSignatureOptions = {},
): VerifiedWmsSignature {
  assertRawBody(rawBody);
  assertSecret(secret);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new RangeError(`toleranceSeconds must be a number >= 0, got ${String(tolerance)}`);
  }
  if (header === undefined || header === null || header.trim() === '') {
    throw new SignatureVerificationError('missing_header', `No ${WMS_SIGNATURE_HEADER} header.`);
  }
  const parsed = parseHeader(header);
  if (!parsed) {
    throw new SignatureVerificationError(
      'malformed_header',
      `Malformed ${WMS_SIGNATURE_HEADER} header: expected "t=<unix seconds>,v1=<hex>".`,
    );
  }
  const { timestamp, signatures } = parsed;
  const now = toUnixSeconds(options.now);
  if (timestamp < now - tolerance) {
    throw new SignatureVerificationError(
      'timestamp_too_old',
      `Signature timestamp ${timestamp} is ${now - timestamp} s old, outside the ±${tolerance} s window (a replay, or a clock behind).`,
      timestamp,
    );
  }
  if (timestamp > now + tolerance) {
    throw new SignatureVerificationError(
      'timestamp_in_future',
      `Signature timestamp ${timestamp} is ${timestamp - now} s in the future, outside the ±${tolerance} s window (a clock ahead).`,
      timestamp,
    );
  }
  const expected = hmac(rawBody, secret, timestamp).digest();
  let matched = false;
  for (const candidate of signatures) {
    if (!/^[0-9a-fA-F]{64}$/.test(candidate)) continue;
    // Check every value, not just until the first match, so time does not depend on order.
    if (nodeCrypto().timingSafeEqual(hexToBytes(candidate), expected)) matched = true;
  }
  if (!matched) {
    const hints = ['the body was parsed and re-serialized instead of verified as raw bytes'];
    if (secret !== secret.trim()) hints.push('the secret has leading or trailing whitespace');
    hints.push('the secret is not the one the sender signs with');
    throw new SignatureVerificationError(
      'signature_mismatch',
      `No v1 signature matches the body. Likely causes: ${hints.join('; ')}.`,
      timestamp,
    );
  }
  return { timestamp };
}
