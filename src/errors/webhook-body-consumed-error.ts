import { OrderFulfillmentError } from './order-fulfillment-error.js';

// Its message is written where it is raised, which knows the route's kind (a Node request
// can keep its bytes in req.rawBody; a Fetch Request cannot).

/**
 * A webhook delivery whose body was read before the receiver, by a body parser that kept no
 * raw bytes (`express.json()`, Fastify's or koa-bodyparser's JSON parser, a Hono middleware
 * that awaited `c.req.json()`): the signed bytes are gone, so no delivery on that route can
 * be verified. `toNodeListener` raises it for a Node request, the handler for a `Request`
 * whose body was used; the handler passes it to `onError` and answers 500 with its message,
 * since the route's setup, not the request, is at fault.
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
