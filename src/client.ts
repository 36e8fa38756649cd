// createClient: the four resource clients over one shared transport.
import type { ClientConfig } from './config.js';
import { FulfillmentClient } from './fulfillment.js';
import { shareTransport } from './http.js';
import { OrdersClient } from './orders.js';
import { ProductsClient } from './products.js';
import { WebhooksClient } from './webhooks.js';

/** What {@link createClient} returns: one client per resource, sharing one HTTP instance. */
export interface Client {
  /** GET /products. */
  readonly products: ProductsClient;
  /** GET /orders, /orders/{order_id}, /orders/{order_id}/items. */
  readonly orders: OrdersClient;
  /** POST /webhooks. */
  readonly webhooks: WebhooksClient;
  /** The signed inbound shipment notification. */
  readonly fulfillment: FulfillmentClient;
}

/**
 * Creates a client for the Order, Product and Fulfillment API. The configuration is checked
 * here, once; the four resource clients share one ky instance.
 *
 * @param config - `hostUrl` and `apiKey`; optionally `signingSecret` (for `fulfillment`),
 *   `timeout`, `retry`, `fetch` and `hooks`.
 * @returns `{ products, orders, webhooks, fulfillment }`.
 * @throws {@link ConfigurationError} naming a missing, unknown or malformed option.
 *
 * @example
 * ```ts
 * import { createClient } from 'order-fulfillment-sdk';
 *
 * const client = createClient({ hostUrl: 'https://shop.example.com', apiKey: process.env.ORDER_API_KEY! });
 * for await (const order of client.orders.iterate({ status: 'Created' })) {
 *   console.log(order.id, order.updated_at);
 * }
 * ```
 */
export function createClient(config: ClientConfig): Client {
  const shared = shareTransport(config);
  return Object.freeze({
    products: new ProductsClient(shared),
    orders: new OrdersClient(shared),
    webhooks: new WebhooksClient(shared),
    fulfillment: new FulfillmentClient(shared),
  });
}
