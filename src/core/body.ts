// Reading response bodies under the attempt's timeout and the call's signal: a 2xx body, and
// an error body as well as those limits allow.
import { markNetworkError } from './fetch.js';

// Joins the chunks of a body into one array, to be decoded once: a UTF-8 sequence can
// straddle two chunks, and decoding chunk by chunk with { stream: true } leaves the
// runtime's fast decoder. Copied by hand rather than through a Blob, whose text() is
// asynchronous and several times slower for a page of a pull.
function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Reads a body as text, giving it the same allowance as the headers had. ky's timeout
 * ends when the headers arrive: a body that stalls after them would hang the call, and a
 * pull with it, forever. When the allowance runs out the stream is cancelled, which makes
 * fetch close the connection, and the result is undefined (for a 2xx body, a TimeoutError
 * for the caller; for an error's, see {@link readErrorBody}).
 * Read with a reader rather than text() for that cancel: text() locks the stream where
 * nothing else can cancel it.
 *
 * @param signal - The call's signal (the caller's abort, the total timeout): the read stops
 *   when it aborts, with its reason, even from a fetch that does not heed it.
 * @returns The text, `''` for no body, or undefined when the allowance ran out.
 * @throws The network error of a body cut off, marked as one; the signal's reason.
 */
export async function readText(
  response: Response,
  timeout: number | false,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return '';
  let expired = false;
  // The pending read() then ends with done; the cancel's own promise has no news.
  const cancel = () => reader.cancel().catch(() => undefined);
  const timer =
    timeout === false
      ? undefined
      : setTimeout(() => {
          expired = true;
          cancel();
        }, timeout);
  signal?.addEventListener('abort', cancel, { once: true });
  const chunks: Uint8Array[] = [];
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
    }
  } catch (error) {
    markNetworkError(error, signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
  signal?.throwIfAborted();
  if (expired) return undefined;
  return chunks.length === 0 ? '' : new TextDecoder().decode(concat(chunks));
}

/**
 * A body as an error holds it, with the client's secrets hidden in every string and member
 * name: a service may echo them (a 422 whose `input` is the key it refused). Parsed first and
 * scrubbed after, so that a short secret (`1`) cannot break the JSON it occurs in.
 *
 * @param body - Parsed JSON, or the text when it was not JSON.
 * @param scrub - Hides the secrets in one string.
 * @internal
 */
export function scrubBody(body: unknown, scrub: (text: string) => string): unknown {
  if (typeof body === 'string') return scrub(body);
  // An all-digit key echoed as a JSON number: hidden when the number is the secret itself
  // (a number merely holding a short secret's digits stays a number).
  if (typeof body === 'number') return scrub(String(body)) === '[redacted]' ? '[redacted]' : body;
  if (Array.isArray(body)) return body.map((item) => scrubBody(item, scrub));
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => [scrub(name), scrubBody(value, scrub)]),
  );
}

/**
 * Response headers as an error keeps them, each value scrubbed: a gateway may echo the key
 * (`WWW-Authenticate`, a redirect's `Location`), and the error shows them all.
 *
 * @param headers - The response's headers.
 * @param scrub - Hides the secrets in one string.
 * @internal
 */
export function scrubHeaders(headers: Headers, scrub: (text: string) => string): Headers {
  const copy = new Headers();
  for (const [name, value] of headers) copy.append(name, scrub(value));
  return copy;
}

/**
 * An error body: parsed JSON when it is JSON, else its text; undefined when empty, cut off,
 * or not all there within the limits a 2xx body has (see {@link readText}). The status is
 * the service's answer, and was retried on or not before the body was read: a body that
 * stalls costs the error its `body` and `detail`, not its class.
 *
 * @param response - The error response.
 * @param scrub - Hides the client's secrets (see {@link scrubBody}): the body becomes the
 *   error's `body` and message.
 * @param timeout - The attempt's timeout.
 * @param signal - The call's signal: when it aborts the read ends, and the caller names why.
 */
export async function readErrorBody(
  response: Response,
  scrub: (text: string) => string,
  timeout: number | false,
  signal?: AbortSignal,
): Promise<unknown> {
  const text = await readText(response, timeout, signal).catch(() => undefined);
  if (!text) return undefined;
  try {
    return scrubBody(JSON.parse(text), scrub);
  } catch {
    return scrub(text);
  }
}
