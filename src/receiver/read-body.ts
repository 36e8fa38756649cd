// A delivery's body, read only up to a limit: a receiver is on the open internet, and a
// sender that streams gigabytes must not be able to hold them in its memory.

/** The largest body `createWebhookHandler` reads by default: 1 MiB, far above any event. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

/**
 * The request's body as bytes, or undefined once it proves longer than `max` bytes: by its
 * `Content-Length`, before anything is read, or while it streams in, where reading stops
 * (the runtime discards or drops the rest).
 *
 * @param request - The delivery.
 * @param max - The most bytes to read.
 */
export async function readBodyWithin(
  request: Request,
  max: number,
): Promise<Uint8Array | undefined> {
  if (Number(request.headers.get('content-length')) > max) return undefined;
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
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
  return new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer());
}
