// A delivery's Content-Encoding, undone before its signature is checked: the signature is
// over the body as sent before compression (by the sender, or a proxy on the way), which is
// also what Express's body parser hands on, inflated. Decoded with the Web API's
// DecompressionStream rather than node:zlib, so that the Fetch handler stays runtime-neutral.
import { WebhookEncodingError } from '../errors/webhook-encoding-error.js';

// The content codings (RFC 9110 8.4.1) and the DecompressionStream format that undoes each:
// `x-gzip` is gzip's old name, HTTP's `deflate` is the zlib format as DecompressionStream's is,
// and `br` is decoded where the runtime's DecompressionStream knows brotli.
const FORMATS = new Map([
  ['gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  ['deflate', 'deflate'],
  ['br', 'brotli'],
]);

// A sender compresses once and a proxy may once more; more layers are no delivery, and each
// holds a decoder's window in memory.
const MAX_CODINGS = 2;

/**
 * A stream that undoes one content coding: bytes in, bytes out.
 *
 * @internal
 */
export type Decoder = ReadableWritablePair<Uint8Array, Uint8Array>;

// A decoder for one coding, or undefined where the runtime has none (no DecompressionStream,
// or one without that format throws). Typed as bytes in, where the DOM typings take any
// BufferSource, so that a stream of bytes pipes through it. Read off globalThis: Next.js
// warns of a bare DecompressionStream in any Edge bundle that imports the SDK, though the
// receiver's decoding is tree-shaken out of one that does not use it.
function decoder(coding: string): Decoder | undefined {
  const format = FORMATS.get(coding);
  try {
    return format
      ? (new globalThis.DecompressionStream(format as CompressionFormat) as Decoder)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The codings this runtime decodes, as a 415's `Accept-Encoding` lists them (RFC 9110
 * 12.5.3); empty where it decodes none (no DecompressionStream).
 *
 * @internal
 */
export function acceptedEncodings(): string {
  return ['gzip', 'deflate', 'br'].filter(decoder).join(', ');
}

/**
 * The decoders that undo a `Content-Encoding`, in the order the body goes through them: the
 * last coding applied is undone first (RFC 9110 8.4). None for no header or `identity`.
 *
 * @param header - The request's `Content-Encoding`, a list of codings in the order applied.
 * @throws {@link WebhookEncodingError} (`unsupported_encoding`) naming a coding it cannot
 *   decode, or the whole list when it holds more codings than a delivery would.
 * @internal
 */
export function decodersFor(header: string | null): Decoder[] {
  const codings = (header ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding && coding !== 'identity');
  const unsupported = (encoding: string, why: string) =>
    new WebhookEncodingError(
      'unsupported_encoding',
      `The body's Content-Encoding ${why} (this runtime decodes ${acceptedEncodings() || 'none'}): have the sender, or the proxy in front of the receiver, send it uncompressed or in one of those.`,
      encoding,
    );
  if (codings.length > MAX_CODINGS) {
    const list = codings.join(', ');
    throw unsupported(list, `${list} applies more than ${MAX_CODINGS} codings`);
  }
  return codings.reverse().map((coding) => {
    const found = decoder(coding);
    if (!found) throw unsupported(coding, `${coding} cannot be decoded`);
    return found;
  });
}
