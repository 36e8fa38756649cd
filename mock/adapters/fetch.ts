// The intake behind a fetch: a Request becomes the intake's request, and its answer the
// Response a server's would be once fetch has it. The msw handler (msw.ts) hands these
// Responses to msw; `mock.fetch` (createFetch) gives them to its caller itself, with no
// interception at all. A cut connection is what fetch shows for one: a body stream that errors
// after its first chunk (truncate) or never ends (stall); a reset, or a truncated redirect that
// fetch would follow, has no Response, so each user shows it its own way. A body over
// MAX_BODY_BYTES gets the 413 the node adapter gives it, and a request node:http's parser
// would refuse the answer it gets over HTTP (parser-refusals.ts). Nothing here loads msw.
import { STATUS_CODES } from 'node:http';
import { readBodyWithin } from '../../src/receiver/read-body.js';
import { type Answer, type Intake, MAX_BODY_BYTES } from '../routes/intake.js';
import { carriesNoBody, responseHeaders } from '../routes/responses.js';
import type { Router } from '../routes/router.js';
import { parserRefusal } from './parser-refusals.js';

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
 * The intake's answer to a fetch Request. A request node:http's parser would refuse (a
 * method it does not take, headers over 16 KB) gets that refusal, and no more is read. The
 * body limit applies by the declared length before any of the body is read, else once the
 * bytes read pass it; the rest is left unread.
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
  // What the HTTP server's parser refuses never reaches the service there, so not here.
  const url = new URL(request.url);
  const refusal = parserRefusal(request, url);
  if (refusal) return { response: refusal, requestId: intake.reserveId() };
  const { method } = request;
  const body =
    method === 'GET' || method === 'HEAD' ? EMPTY : await readBodyWithin(request, MAX_BODY_BYTES);
  if (!body) return intake.refuseBody();
  return intake.handle({
    method,
    url,
    header: (name) => request.headers.get(name),
    rawHeaders: request.headers,
    body,
    clientIp,
    signal: request.signal,
  });
}

// The redirect statuses fetch follows, and its limit on how many in a row.
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

// Whether an answer carries no body to send (or to cut): a status such as 204 has none, nor
// has the answer to a HEAD, whose headers still say what a GET would get.
function bodyless(answer: Answer, request: Request): boolean {
  const { response } = answer;
  return response.body === '' || carriesNoBody(response.status) || request.method === 'HEAD';
}

/**
 * Whether a fetch that follows redirects gets no Response for this answer: a redirect whose
 * body a `truncate` cut short. Over HTTP undici still reads a redirect's body while it
 * follows it, and the cut ends the whole fetch (`fetch failed`, the socket closed) whatever
 * the followed request gets (it is sent all the same, which in-process nothing imitates);
 * unfollowed (`redirect: 'manual'`) it is a 3xx whose body errors, as any cut body does.
 *
 * @param answer - The intake's answer.
 * @param request - The request it answers.
 */
export function cutsFollowedRedirect(answer: Answer, request: Request): boolean {
  return (
    answer.cut === 'truncate' &&
    request.redirect === 'follow' &&
    REDIRECTS.has(answer.response.status) &&
    !bodyless(answer, request)
  );
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
  // Nothing to cut in an answer without a body (fetch drops a HEAD's).
  const body = bodyless(answer, request)
    ? null
    : answer.cut
      ? cutBody(answer, request.signal)
      : response.body;
  // The status text msw's HttpResponse would add (its table is node's), as the node adapter sends.
  const statusText = STATUS_CODES[response.status] ?? '';
  // The bytes are a Buffer's, whose memory is an ArrayBufferLike that BodyInit's typing leaves out.
  return new Response(body as BodyInit | null, { status: response.status, statusText, headers });
}

// fetch's Response knows its URL, without the fragment, and whether a redirect led to it; a
// built one knows neither. Its clones too: ky hands each afterResponse hook a clone.
function located(response: Response, url: URL, redirected: boolean): Response {
  const clone = response.clone.bind(response);
  const href = url.href.slice(0, url.hash ? -url.hash.length : undefined);
  return Object.defineProperties(response, {
    url: { value: href },
    redirected: { value: redirected },
    clone: { value: () => located(clone(), url, redirected) },
  });
}

/** A fetch that only one mock service answers: `mock.fetch`. */
export type MockFetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

// What fetch rejects with when no answer comes: undici's TypeError, the reason as its cause
// (with an errno-style code where a socket would have given one).
function networkError(reason: string, code?: string): TypeError {
  const cause = Object.assign(new Error(reason), code === undefined ? {} : { code });
  return new TypeError('fetch failed', { cause });
}

/**
 * A fetch answered in-process by one service, through the same intake as its msw handlers:
 * for its host URL only (any other URL rejects as an unreachable host would, and never
 * reaches the network), rejecting with the signal's reason once it aborts, a reset as a
 * failed fetch, and redirects followed unless the request says otherwise, as msw's
 * interception follows them.
 *
 * @param router - The service's routes (to know which requests are the service's).
 * @param intake - Where each request enters the service.
 * @param clientIp - The address in-process requests are treated as coming from.
 */
export function createFetch(router: Router, intake: Intake, clientIp: string): MockFetch {
  const send = async (request: Request, redirects: number): Promise<Response> => {
    const { signal } = request;
    if (signal.aborted) throw signal.reason;
    const url = new URL(request.url);
    if (!router.owns(url)) {
      throw networkError(
        `mock.fetch answers only the mock's own URLs, not ${url.origin}${url.pathname}`,
      );
    }
    // The answer, or the signal's reason as soon as it aborts (a delay runs on meanwhile,
    // and the intake hears of the abort through the same signal).
    const answer = await new Promise<Answer>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      answerRequest(request, intake, clientIp)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
    if (answer.cut === 'reset') {
      throw networkError('The mock reset the connection (an injected fault)', 'ECONNRESET');
    }
    if (cutsFollowedRedirect(answer, request)) {
      throw networkError('The mock cut a redirect short (an injected fault)', 'UND_ERR_SOCKET');
    }
    const response = toResponse(answer, request);
    if (REDIRECTS.has(response.status) && request.redirect !== 'manual') {
      return follow(request, response, redirects);
    }
    return located(response, url, redirects > 0);
  };

  // As msw's interception follows a redirect (after undici's): never with a body to send
  // again (undici re-sends one it holds whole) unless a 303 drops it, and a 301 or 302 of a
  // POST, or a 303, becomes a GET. A fault rule can answer any redirect, to any URL.
  const follow = async (request: Request, response: Response, redirects: number) => {
    if (request.redirect === 'error') throw networkError('unexpected redirect');
    if (redirects >= MAX_REDIRECTS) throw networkError('redirect count exceeded');
    if (response.status !== 303 && request.body !== null) {
      throw networkError('a redirect of a request with a body cannot be followed');
    }
    let location: URL;
    try {
      location = new URL(response.headers.get('location') ?? '', request.url);
    } catch {
      throw networkError('a redirect to an invalid URL');
    }
    const toGet =
      (response.status === 303 && request.method !== 'GET' && request.method !== 'HEAD') ||
      ((response.status === 301 || response.status === 302) && request.method === 'POST');
    const headers = new Headers(request.headers);
    if (toGet) {
      for (const name of ['content-type', 'content-length', 'content-encoding']) {
        headers.delete(name);
      }
    }
    const next = new Request(location, {
      method: toGet ? 'GET' : request.method,
      headers,
      signal: request.signal,
      redirect: request.redirect,
    });
    return send(next, redirects + 1);
  };

  return (input, init) => {
    let request: Request;
    try {
      // ky hands over the Request it built, and in `init` only what a Request cannot hold.
      request =
        input instanceof Request && (init === undefined || Object.keys(init).length === 0)
          ? input
          : new Request(input, init);
    } catch (error) {
      return Promise.reject(error);
    }
    return send(request, 0);
  };
}
