// The rules both signature pairs share (specification 5.5): the `t=<unix>,v1=<hex>` header,
// the checks on the inputs, and the tolerance window. Only the HMAC and the comparison
// differ between node:crypto and Web Crypto, so everything else lives here once.
import { SignatureVerificationError } from '../errors/signature-verification-error.js';
import { type UnixTime, unixSeconds } from './unix-time.js';

/**
 * The header the inbound endpoint reads the signature from.
 *
 * @example
 * ```ts
 * const headers = { 'content-type': 'application/json', [WMS_SIGNATURE_HEADER]: signWmsPayload(body, secret) };
 * ```
 */
export const WMS_SIGNATURE_HEADER = 'X-WMS-Signature';

/**
 * The header each delivered event is signed in, with the subscription's `secret`, in the
 * `X-WMS-Signature` scheme (`t=<unix>,v1=<hex>`): check it with {@link verifyWmsSignature}
 * (`headerName: WEBHOOK_SIGNATURE_HEADER`) or {@link unwrapWebhook}. The specification does
 * not show delivery signatures (docs/spec-gaps.md).
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Webhook-Signature';

/**
 * The specification's replay window: ±5 minutes.
 *
 * @example
 * ```ts
 * verifyWmsSignature(raw, header, secret, { toleranceSeconds: 2 * DEFAULT_TOLERANCE_SECONDS });
 * ```
 */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * A request body exactly as sent or received: a string, or its bytes.
 *
 * @example
 * ```ts
 * const raw: RawBody = await request.arrayBuffer(); // or a Buffer from express.raw(), or a string
 * ```
 */
export type RawBody = string | Uint8Array | ArrayBuffer;

/**
 * Options of {@link verifyWmsSignature} and {@link verifyWmsSignatureAsync}. Unlike
 * `unwrapWebhook`, these functions do not check the names: one misspelt, or
 * `createWebhookHandler`'s `tolerance` for `toleranceSeconds`, is ignored and its default
 * used.
 *
 * @example
 * ```ts
 * const options: VerifyWmsSignatureOptions = { toleranceSeconds: 300, now: mock.clock.now() };
 * ```
 */
export interface VerifyWmsSignatureOptions {
  /**
   * How far `t` may lie from `now`, in either direction, in seconds up to a day (a larger
   * number reads like milliseconds and is refused). Default 300 (±5 minutes).
   */
  toleranceSeconds?: number | undefined;
  /**
   * The current time, as a Date or Unix seconds ({@link UnixTime}); defaults to the system
   * clock. A number in milliseconds is refused with a RangeError saying so.
   */
  now?: UnixTime | undefined;
  /**
   * The header the value came from, named in the messages of a missing or malformed one:
   * `X-WMS-Signature` by default; pass `X-Webhook-Signature` when verifying a webhook
   * delivery (the receiver does).
   */
  headerName?: string | undefined;
}

/**
 * What a verified signature carried.
 *
 * @example
 * ```ts
 * const { timestamp } = verifyWmsSignature(raw, header, secret);
 * console.log(`signed ${Math.floor(Date.now() / 1000) - timestamp} s ago`);
 * ```
 */
export interface VerifiedWmsSignature {
  /** The signed timestamp, in Unix seconds. */
  timestamp: number;
}

/** A header that passed every check but the HMAC comparison. */
export interface CheckedHeader {
  /** The body as a string or bytes (an ArrayBuffer is viewed, not copied). */
  body: string | Uint8Array;
  /** The signed timestamp, in Unix seconds. */
  timestamp: number;
  /** Every `v1` value, in header order. */
  signatures: string[];
}

// A day: no sender's clock is that far off, and a tolerance in milliseconds (5 minutes is
// 300 000) lies beyond it, where it would quietly switch replay protection off.
const MAX_TOLERANCE_SECONDS = 86_400;

/**
 * What is wrong with a tolerance, or undefined: it must be seconds from 0 to a day.
 *
 * @internal
 */
export function toleranceProblem(tolerance: unknown): string | undefined {
  return typeof tolerance === 'number' && tolerance >= 0 && tolerance <= MAX_TOLERANCE_SECONDS
    ? undefined
    : `must be 0 to ${MAX_TOLERANCE_SECONDS} seconds, got ${tolerance} (milliseconds?)`;
}

/** The body as a string or a byte view, or a SignatureVerificationError for anything else. */
function rawBodyOf(rawBody: unknown): string | Uint8Array {
  if (typeof rawBody === 'string') return rawBody;
  // Not instanceof: bytes made in another realm fail it (edge-runtime runs code in a VM
  // context, and a test may hand it a Node Buffer).
  if (ArrayBuffer.isView(rawBody)) {
    return new Uint8Array(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  }
  if (Object.prototype.toString.call(rawBody) === '[object ArrayBuffer]') {
    return new Uint8Array(rawBody as ArrayBuffer);
  }
  throw new SignatureVerificationError(
    'invalid_payload',
    `rawBody must be the raw string or bytes, not a parsed body; got ${rawBody === null ? 'null' : typeof rawBody}.`,
  );
}

/** Throws `no_secret` unless the secret is a non-empty string. */
function assertSecret(secret: unknown): asserts secret is string {
  if (typeof secret !== 'string' || !secret) {
    throw new SignatureVerificationError('no_secret', 'secret must be a non-empty string.');
  }
}

/** A signing call's inputs, checked: the body, and the timestamp (given, or now). */
export function signingInput(
  rawBody: unknown,
  secret: unknown,
  timestamp: UnixTime | undefined,
): { body: string | Uint8Array; timestamp: number } {
  const body = rawBodyOf(rawBody);
  assertSecret(secret);
  const seconds = unixSeconds(timestamp, 'timestamp');
  // A Date (or now) is floored to its second; a number must already be whole seconds.
  if (typeof timestamp === 'number' && !Number.isInteger(seconds)) {
    throw new RangeError(`timestamp must be whole Unix seconds; got ${seconds}`);
  }
  return { body, timestamp: Math.floor(seconds) };
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  // Walked with indexOf rather than split: no array of parts on every verification.
  let start = 0;
  while (start <= header.length) {
    let end = header.indexOf(',', start);
    if (end < 0) end = header.length;
    const separator = header.indexOf('=', start);
    if (separator < 0 || separator > end) return undefined;
    const key = header.slice(start, separator).trim();
    const value = header.slice(separator + 1, end).trim();
    start = end + 1;
    if (key === 't') {
      // A header sent twice comes as one list (node:http and Fetch's Headers join them), its
      // t repeated: the same time again is allowed, a second, different one is not.
      if (!/^\d{1,15}$/.test(value) || (timestamp !== undefined && timestamp !== Number(value))) {
        return undefined;
      }
      // As a number, as Stripe reads it: `t=0123` signs `123.<body>`.
      timestamp = Number(value);
    } else if (key === 'v1') {
      signatures.push(value);
    }
    // Other schemes (v0 and the like) are ignored, as Stripe does, so a sender can add one.
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

/**
 * Runs every check of a verification except the HMAC itself, in the order both pairs
 * report them: body, secret, tolerance, header, window. The messages name
 * `options.headerName`: the inbound endpoint's header unless given, `X-Webhook-Signature`
 * for a delivery.
 */
export function checkHeader(
  rawBody: unknown,
  header: string | readonly string[] | null | undefined,
  secret: unknown,
  options: VerifyWmsSignatureOptions,
): CheckedHeader {
  const headerName = options.headerName ?? WMS_SIGNATURE_HEADER;
  // node:http types a header as string | string[]: String() joins an array's values with
  // commas, one list. Anything else (the headers object passed for the value) becomes a
  // string the checks below refuse with a typed error.
  const value = String(header ?? '');
  const body = rawBodyOf(rawBody);
  assertSecret(secret);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const wrong = toleranceProblem(tolerance);
  if (wrong) throw new RangeError(`toleranceSeconds ${wrong}`);
  // An empty or blank header is missing, not malformed.
  if (!value.trim()) {
    throw new SignatureVerificationError('missing_header', `No ${headerName} header.`);
  }
  const parsed = parseHeader(value);
  if (!parsed) {
    throw new SignatureVerificationError(
      'malformed_header',
      `Malformed ${headerName} header: expected "t=<unix seconds>,v1=<hex>".`,
    );
  }
  const { timestamp } = parsed;
  // A NaN clock (an Invalid Date, a missing Date header) would fail both window checks
  // below, letting any old signature through: unixSeconds refuses it.
  const now = Math.floor(unixSeconds(options.now, 'now'));
  const age = now - timestamp;
  if (Math.abs(age) > tolerance) {
    // A `t` in milliseconds (a sender's Date.now(), in any language) is named as likely
    // that, where "N s ahead" alone leaves the sender to guess: 10^11, where unixSeconds
    // draws the line, is the year 5138 in seconds and March 1973 in milliseconds.
    throw new SignatureVerificationError(
      age > 0 ? 'timestamp_too_old' : 'timestamp_in_future',
      `Timestamp ${timestamp} is ${Math.abs(age)} s ${age > 0 ? 'old' : 'ahead'}, outside the ±${tolerance} s window${timestamp < 1e11 ? '' : ' (milliseconds?)'}.`,
      timestamp,
    );
  }
  return { body, timestamp, signatures: parsed.signatures };
}

/**
 * The verdict on a checked header: its timestamp when one of its `v1` values `matches` the
 * HMAC, else a `signature_mismatch` naming the likely causes. Every value is tried, not just
 * until the first match, so time does not depend on their order.
 */
export function verdict(
  checked: CheckedHeader,
  secret: string,
  matches: (candidate: string) => boolean,
): VerifiedWmsSignature {
  const { timestamp } = checked;
  let matched = false;
  for (const candidate of checked.signatures) if (matches(candidate)) matched = true;
  if (!matched) {
    throw new SignatureVerificationError(
      'signature_mismatch',
      `No v1 signature matches: was the body parsed and re-serialized${secret === secret.trim() ? '' : ', is the secret padded with whitespace'}, or is the secret wrong?`,
      timestamp,
    );
  }
  return { timestamp };
}
