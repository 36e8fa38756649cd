// Serves the service's routes in-process through MSW: one handler that answers every request
// on the host URL through the intake (so msw matches one predicate per request, not a path
// pattern per route). A cut connection becomes what fetch shows for one: a network error
// (reset), a body stream that errors after its first chunk (truncate) or never ends (stall).
// A body over MAX_BODY_BYTES gets the 413 the node adapter gives it.
//
// `http` comes from msw's http entry (msw-http.ts) and answers are plain Responses, so that
// nothing loads msw's root entry: that also loads its WebSocket API, which opens a
// BroadcastChannel and unrefs it only where the runtime can (Node, Bun). Deno's channel has no
// unref, so any Deno program that imported the mock stayed alive after its work was done.
import { STATUS_CODES } from 'node:http';
import type { RequestHandler } from 'msw';
import { readBodyWithin } from '../../src/receiver/read-body.js';
import { type Answer, type Intake, MAX_BODY_BYTES } from '../routes/intake.js';
import { carriesNoBody, responseHeaders } from '../routes/responses.js';
import type { Router } from '../routes/router.js';
import { http } from './msw-http.js';

// Taken as the module loads: jest's fake timers replace process.nextTick by default, and a
// faked one would hold every in-process request until the test advanced time.
const nextTick = process.nextTick;

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

function toResponse(answer: Answer, signal: AbortSignal): Response {
  if (answer.cut === 'reset') return Response.error();
  const { response } = answer;
  const headers = responseHeaders(response, answer.requestId);
  // A status such as 204 carries no body, so there is nothing to cut either.
  const bodyless = response.body === '' || carriesNoBody(response.status);
  const body = bodyless ? null : answer.cut ? cutBody(answer, signal) : response.body;
  // The status text msw's HttpResponse would add (its table is node's), as the node adapter sends.
  const statusText = STATUS_CODES[response.status] ?? '';
  // The bytes are a Buffer's, whose memory is an ArrayBufferLike that BodyInit's typing leaves out.
  return new Response(body as BodyInit | null, { status: response.status, statusText, headers });
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
        // Let the microtask queue drain once per request. msw clones every answer, and
        // undici keeps each clone's body alive through a WeakRef, which V8 releases only
        // once the microtask queue is empty. An in-process pull does no I/O, so that queue
        // never empties: without this hop every page read stays in memory until the pull ends.
        await new Promise((resolve) => nextTick(resolve));
        const method = request.method.toUpperCase();
        // The limit applies by the declared length before any of the body is read, else
        // once the bytes read pass it; the rest is left unread.
        const body =
          method === 'GET' || method === 'HEAD'
            ? EMPTY
            : await readBodyWithin(request, MAX_BODY_BYTES);
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
