// createClient: the four resource clients over one transport, handed to each of them.
import type { ClientConfig } from './core/config.js';
import { Transport } from './core/transport.js';
import { FulfillmentClient } from './resources/fulfillment.js';
import { OrdersClient } from './resources/orders.js';
import { ProductsClient } from './resources/products.js';
import { WebhooksClient } from './resources/webhooks.js';

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
 * here, once, into one {@link Transport} (one ky instance) that the four resource clients share.
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
  const transport = new Transport(config);
  return Object.freeze({
    products: new ProductsClient(transport),
    orders: new OrdersClient(transport),
    webhooks: new WebhooksClient(transport),
    fulfillment: new FulfillmentClient(transport),
  });
}
