// The service's routes in one table (the API, the inbound endpoint, the control endpoints)
// behind its guard. Both adapters (mock/adapters/) serve this one router, so each rule of the
// service lives in one route whichever way it is reached.
import type { ServiceContext } from './context.js';
import { controlRoutes } from './control.js';
import { fulfillmentRoutes } from './fulfillment.js';
import { authorize } from './guard.js';
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
  return new Router(
    ctx.hostUrl,
    [
      ...productRoutes(ctx),
      ...orderRoutes(ctx),
      ...webhookRoutes(ctx),
      ...fulfillmentRoutes(ctx),
      ...controlRoutes(ctx),
    ],
    (request, scope) => authorize(ctx, request, scope),
  );
}
