// Serves the service's routes in-process through MSW: one handler that answers every request
// on the host URL from the router (so msw matches one predicate per request, not a path
// pattern per route).
import { HttpResponse, http, type RequestHandler } from 'msw';
import { responseHeaders } from '../routes/responses.js';
import type { Router } from '../routes/router.js';

const EMPTY = new Uint8Array(0);

/**
 * The msw handlers of one service.
 *
 * @param router - The service's routes.
 * @param clientIp - The address in-process requests are treated as coming from.
 */
export function createHandlers(router: Router, clientIp: string): RequestHandler[] {
  return [
    http.all(
      ({ request }) => router.owns(new URL(request.url)),
      async ({ request }) => {
        const method = request.method.toUpperCase();
        const body =
          method === 'GET' || method === 'HEAD'
            ? EMPTY
            : new Uint8Array(await request.arrayBuffer());
        const response = await router.dispatch({
          method,
          url: new URL(request.url),
          header: (name) => request.headers.get(name),
          body,
          clientIp,
        });
        return new HttpResponse(response.body, {
          status: response.status,
          headers: responseHeaders(response),
        });
      },
    ),
  ];
}
