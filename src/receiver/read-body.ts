// A delivery's body, decoded and read only up to a limit: a receiver is on the open internet,
// and a sender that streams gigabytes, or a few kilobytes that inflate to gigabytes, must not
// be able to hold them in its memory.

import { WebhookBodyConsumedError } from '../errors/webhook-body-consumed-error.js';
import { WebhookEncodingError } from '../errors/webhook-encoding-error.js';
import type { Decoder } from './content-encoding.js';

/** The largest body `createWebhookHandler` reads by default: 1 MiB, far above any event. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

// What the bytes as received fail with once they pass the limit, told apart from a decoder's
// own failure by identity.
const TOO_LARGE = new Error('body over the limit');

// The body as received, failing once it passes `max` bytes: a coded body that decodes to
// little or nothing (empty deflate blocks) would otherwise be read without end. A failure of
// the stream itself is kept in `failed`, so that it is not taken for the decoder's.
function bounded(body: ReadableStream<Uint8Array>, max: number, failed: { error?: unknown }) {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const read = await reader.read();
        if (read.done) return controller.close();
        size += read.value.byteLength;
        if (size > max) throw TOO_LARGE;
        controller.enqueue(read.value);
      } catch (error) {
        if (error !== TOO_LARGE) failed.error = error;
        reader.cancel().catch(() => undefined);
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

// A DecompressionStream may inflate each chunk it is given whole, however large the result
// (Deno's does), and deflate's output can dwarf its input: each decoder is fed small pieces,
// so that no one piece can inflate far past the limit before reading stops.
const PIECE = 1024;

function pieces() {
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      for (let at = 0; at < chunk.byteLength; at += PIECE) {
        controller.enqueue(chunk.subarray(at, at + PIECE));
      }
    },
  });
}

/**
 * A body whose stream failed before its end: the sender went away mid-body, or the connection
 * broke. No delivery arrived, so neither the sender nor the receiver's code is at fault.
 *
 * @internal
 */
export class BodyCutShortError extends Error {
  override name = 'BodyCutShortError';
}

// What the body's own stream failed with: a body read before the receiver (by a body parser)
// as it is, since the route's setup must change; any other failure as a body cut short.
function cutShort(error: unknown): unknown {
  if (error instanceof WebhookBodyConsumedError) return error;
  return new BodyCutShortError('the body ended before its end', { cause: error });
}

/**
 * The request's body as bytes, decoded by `decoders` (from decodersFor), or undefined once it
 * proves longer than `max` bytes: by its `Content-Length`, before anything is read, or while
 * it streams in, as received or as decoded, where reading stops (the runtime discards or
 * drops the rest, and a decoder inflates no further than was read).
 *
 * @param request - The delivery.
 * @param max - The most bytes to read, and to decode.
 * @param decoders - The decoders its `Content-Encoding` asks for, in the order applied.
 * @throws {@link WebhookEncodingError} (`invalid_encoding`) when a decoder fails: the body is
 *   no valid data of the coding it names; {@link BodyCutShortError} when the stream itself
 *   fails, but for a {@link WebhookBodyConsumedError}, thrown as it is.
 */
export async function readBodyWithin(
  request: Request,
  max: number,
  decoders: readonly Decoder[] = [],
): Promise<Uint8Array | undefined> {
  if (Number(request.headers.get('content-length')) > max) return undefined;
  if (!request.body) return new Uint8Array(0);
  const failed: { error?: unknown } = {};
  const reader = decoders
    .reduce<ReadableStream<Uint8Array>>(
      (stream, decoder) => stream.pipeThrough(pieces()).pipeThrough(decoder),
      decoders.length ? bounded(request.body, max, failed) : request.body,
    )
    .getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > max) {
        // Not awaited: cancelling one branch of a tee (msw reads one) settles only once the
        // other branch is cancelled too.
        reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(read.value);
    }
  } catch (error) {
    if (error === TOO_LARGE) return undefined;
    if (!decoders.length || 'error' in failed)
      throw cutShort(decoders.length ? failed.error : error);
    const encoding = request.headers.get('content-encoding') ?? '';
    throw new WebhookEncodingError(
      'invalid_encoding',
      `The body is not valid ${encoding} data, as its Content-Encoding says (${(error as Error)?.message ?? String(error)}): was it cut short, or decompressed on the way without the header being removed?`,
      encoding,
    );
  }
  return new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer());
}
