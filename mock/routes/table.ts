// The service's routes in one table (the API, the inbound endpoint, the control endpoints),
// and the msw handler that serves them in-process. mock/server.ts serves the same table over
// node:http, so each rule of the service lives in one route whichever way it is reached.
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { ServiceContext } from './context.js';
import { controlRoutes } from './control.js';
import { fulfillmentRoutes } from './fulfillment.js';
import { bodyLength, type RouteResponse } from './http.js';
import { orderRoutes } from './orders.js';
import { productRoutes } from './products.js';
import { Router } from './router.js';
import { webhookRoutes } from './webhooks.js';

/**
 * Builds the router of one service: every route, in matching order.
 *
 * @param ctx - The service the routes serve.
 */
export function createRouter(ctx: ServiceContext): Router {
  return new Router(ctx.hostUrl, [
    ...productRoutes(ctx),
    ...orderRoutes(ctx),
    ...webhookRoutes(ctx),
    ...fulfillmentRoutes(ctx),
    ...controlRoutes(ctx),
  ]);
}

const EMPTY = new Uint8Array(0);

/**
 * The headers every answer carries: all bodies are JSON.
 *
 * @param response - The route's answer.
 */
export function responseHeaders(response: RouteResponse): Record<string, string> {
  return {
    'content-type': 'application/json',
    'content-length': String(bodyLength(response)),
    ...response.headers,
  };
}

/**
 * The msw handlers of one service: one handler that answers every request on the host URL
 * from the router (so msw matches one predicate per request, not a path pattern per route).
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
