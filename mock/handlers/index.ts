// Every handler of the service, in matching order: a guard against malformed paths, the API, the inbound endpoint, the
// control endpoints, then the JSON 405/404 fallbacks.
import type { RequestHandler } from 'msw';
import type { ServiceContext } from './context.js';
import { controlHandlers } from './control.js';
import { fallbackHandlers, malformedPathHandlers } from './fallback.js';
import { fulfillmentHandlers } from './fulfillment.js';
import { orderHandlers } from './orders.js';
import { productHandlers } from './products.js';
import { webhookHandlers } from './webhooks.js';

/**
 * Builds the handlers of one service.
 *
 * @param ctx - The service they serve.
 */
export function createHandlers(ctx: ServiceContext): RequestHandler[] {
  return [
    ...malformedPathHandlers(ctx),
    ...productHandlers(ctx),
    ...orderHandlers(ctx),
    ...webhookHandlers(ctx),
    ...fulfillmentHandlers(ctx),
    ...controlHandlers(ctx),
    ...fallbackHandlers(ctx),
  ];
}
