// Serves the service's routes in-process through MSW: one handler that answers every request
// on the host URL through the intake (so msw matches one predicate per request, not a path
// pattern per route). The Request and the answer are translated by fetch.ts, as for
// `mock.fetch`; a reset connection, or a redirect cut short that fetch would follow, is
// `Response.error()`, which msw makes a failed fetch.
//
// `http` comes from msw's http entry (msw-http.ts) and answers are plain Responses, so that
// nothing loads msw's root entry: that also loads its WebSocket API, which opens a
// BroadcastChannel and unrefs it only where the runtime can (Node, Bun). Deno's channel has no
// unref, so any Deno program that imported the mock stayed alive after its work was done.
import type { HttpHandler } from 'msw';
import type { Intake } from '../routes/intake.js';
import type { Router } from '../routes/router.js';
import { answerRequest, cutsFollowedRedirect, toResponse } from './fetch.js';
import { http } from './msw-http.js';

// Taken as the module loads: jest's fake timers replace process.nextTick by default, and a
// faked one would hold every in-process request until the test advanced time.
const nextTick = process.nextTick;

/**
 * The msw handlers of one service.
 *
 * @param router - The service's routes (to know which requests are the service's).
 * @param intake - Where each request enters the service.
 * @param clientIp - The address in-process requests are treated as coming from.
 */
export function createHandlers(router: Router, intake: Intake, clientIp: string): HttpHandler[] {
  return [
    http.all(
      ({ request }) => router.owns(new URL(request.url)),
      async ({ request }) => {
        // Let the microtask queue drain once per request. msw clones every answer, and
        // undici keeps each clone's body alive through a WeakRef, which V8 releases only
        // once the microtask queue is empty. An in-process pull does no I/O, so that queue
        // never empties: without this hop every page read stays in memory until the pull ends.
        await new Promise((resolve) => nextTick(resolve));
        const answer = await answerRequest(request, intake, clientIp);
        return answer.cut === 'reset' || cutsFollowedRedirect(answer, request)
          ? Response.error()
          : toResponse(answer, request);
      },
    ),
  ];
}
