import { OrderFulfillmentError } from './order-fulfillment-error.js';

// Its message is written where it is raised (toNodeListener), which knows the route, and so
// costs a handler served without toNodeListener nothing.

/**
 * A webhook delivery whose body was read before the receiver, by a body parser that kept no
 * raw bytes (`express.json()`, Fastify's or koa-bodyparser's JSON parser): the signed bytes
 * are gone, so no delivery on that route can be verified. `toNodeListener` raises it; the
 * handler passes it to `onError` and answers 500 with its message, since the route's setup,
 * not the request, is at fault.
 *
 * @example
 * ```ts
 * createWebhookHandler({
 *   secret,
 *   on,
 *   onError: (error) => {
 *     if (error instanceof WebhookBodyConsumedError) logger.error(error.message); // fix the route
 *   },
 * });
 * ```
 */
export class WebhookBodyConsumedError extends OrderFulfillmentError {
  override name = 'WebhookBodyConsumedError' as const;
}
