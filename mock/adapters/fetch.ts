// The intake behind a fetch: a Request becomes the intake's request, and its answer the
// Response a server's would be once fetch has it, for the msw handler (msw.ts) to hand to
// msw. A cut connection is what fetch shows for one: a body stream that errors after its
// first chunk (truncate) or never ends (stall); a reset has no Response, so its user shows it
// its own way. A body over MAX_BODY_BYTES gets the 413 the node adapter gives it. Nothing here
// loads msw.
import { STATUS_CODES } from 'node:http';
import { readBodyWithin } from '../../src/receiver/read-body.js';
import { type Answer, type Intake, MAX_BODY_BYTES } from '../routes/intake.js';
import { carriesNoBody, responseHeaders } from '../routes/responses.js';

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

/**
 * The intake's answer to a fetch Request. The body limit applies by the declared length
 * before any of the body is read, else once the bytes read pass it; the rest is left unread.
 *
 * @param request - The request as fetch would send it.
 * @param intake - Where it enters the service.
 * @param clientIp - The address in-process requests are treated as coming from.
 */
export async function answerRequest(
  request: Request,
  intake: Intake,
  clientIp: string,
): Promise<Answer> {
  const method = request.method.toUpperCase();
  const body =
    method === 'GET' || method === 'HEAD' ? EMPTY : await readBodyWithin(request, MAX_BODY_BYTES);
  if (!body) return intake.refuseBody();
  return intake.handle({
    method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    rawHeaders: request.headers,
    body,
    clientIp,
    signal: request.signal,
  });
}

/**
 * An answer that was not reset, as the Response fetch would give for it.
 *
 * @param answer - The intake's answer (`cut` is not `reset`).
 * @param request - The request it answers (its signal ends a stalled body).
 */
export function toResponse(answer: Answer, request: Request): Response {
  const { response } = answer;
  const headers = responseHeaders(response, answer.requestId);
  // A status such as 204 carries no body, so there is nothing to cut either.
  const bodyless = response.body === '' || carriesNoBody(response.status);
  const body = bodyless ? null : answer.cut ? cutBody(answer, request.signal) : response.body;
  // The status text msw's HttpResponse would add (its table is node's), as the node adapter sends.
  const statusText = STATUS_CODES[response.status] ?? '';
  // The bytes are a Buffer's, whose memory is an ArrayBufferLike that BodyInit's typing leaves out.
  return new Response(body as BodyInit | null, { status: response.status, statusText, headers });
}
