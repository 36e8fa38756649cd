// Serves the service's routes in-process through MSW: one handler that answers every request
// on the host URL through the intake (so msw matches one predicate per request, not a path
// pattern per route). A cut connection becomes what fetch shows for one: a network error
// (reset), a body stream that errors after its first chunk (truncate) or never ends (stall).
// A body over MAX_BODY_BYTES gets the 413 the node adapter gives it.
import { HttpResponse, http, type RequestHandler } from 'msw';
import { type Answer, type Intake, MAX_BODY_BYTES } from '../routes/intake.js';
import { carriesNoBody, responseHeaders } from '../routes/responses.js';
import type { Router } from '../routes/router.js';

const EMPTY = new Uint8Array(0);
const utf8 = new TextEncoder();

// The body of an answer as a stream, for the two cuts that send headers first.
function cutBody(answer: Answer, signal: AbortSignal): ReadableStream<Uint8Array> {
  const { body } = answer.response;
  const bytes = typeof body === 'string' ? utf8.encode(body) : body;
  if (answer.cut === 'truncate') {
    return new ReadableStream({
      start(controller) {
        controller.enqueue(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))));
      },
      // The next read after the first chunk fails as undici fails a body cut off.
      pull(controller) {
        controller.error(new TypeError('terminated'));
      },
    });
  }
  // A stall: nothing, until the reader cancels or the request is aborted.
  let onAbort: (() => void) | undefined;
  return new ReadableStream({
    start(controller) {
      onAbort = () => controller.error(signal.reason);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    },
    cancel() {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    },
  });
}

// The body, or undefined when it is over the limit: by its declared length before any of it
// is read, else once the bytes read pass the limit (the rest is left unread).
async function readBody(request: Request): Promise<Uint8Array | undefined> {
  if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES) return undefined;
  if (!request.body) return EMPTY;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Not awaited: msw reads a tee of the request's body, and cancelling one branch of a
      // tee settles only once the other branch is cancelled too.
      reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(read.value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function toResponse(answer: Answer, signal: AbortSignal): Response {
  if (answer.cut === 'reset') return HttpResponse.error();
  const { response } = answer;
  const headers = responseHeaders(response, answer.requestId);
  // A status such as 204 carries no body, so there is nothing to cut either.
  const bodyless = response.body === '' || carriesNoBody(response.status);
  const body = bodyless ? null : answer.cut ? cutBody(answer, signal) : response.body;
  return new HttpResponse(body, { status: response.status, headers });
}

/**
 * The msw handlers of one service.
 *
 * @param router - The service's routes (to know which requests are the service's).
 * @param intake - Where each request enters the service.
 * @param clientIp - The address in-process requests are treated as coming from.
 */
export function createHandlers(router: Router, intake: Intake, clientIp: string): RequestHandler[] {
  return [
    http.all(
      ({ request }) => router.owns(new URL(request.url)),
      async ({ request }) => {
        const method = request.method.toUpperCase();
        const body = method === 'GET' || method === 'HEAD' ? EMPTY : await readBody(request);
        if (!body) return toResponse(intake.refuseBody(), request.signal);
        const answer = await intake.handle({
          method,
          url: new URL(request.url),
          header: (name) => request.headers.get(name),
          rawHeaders: request.headers,
          body,
          clientIp,
          signal: request.signal,
        });
        return toResponse(answer, request.signal);
      },
    ),
  ];
}
