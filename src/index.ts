/**
 * The SDK for the Order, Product and Fulfillment Web Service API. Start at
 * {@link createClient}: one call with `hostUrl` and `apiKey` gives a {@link Client} whose
 * `products`, `orders`, `webhooks` and `fulfillment` hold every endpoint
 * ({@link ProductsClient}, {@link OrdersClient}, {@link WebhooksClient},
 * {@link FulfillmentClient}). Every method returns an {@link APIPromise} and takes the
 * per-call {@link RequestOptions}.
 *
 * Also here: the response types ({@link Order}, {@link OrderDetail}, {@link Product}, ...)
 * and the zod schemas they are inferred from; the errors, all under
 * {@link OrderFulfillmentError}; the webhook receiver ({@link unwrapWebhook},
 * {@link createWebhookHandler}, {@link toNodeListener}); and the signature functions
 * ({@link verifyWmsSignature}, {@link signWmsPayload} and their Async pair on Web Crypto).
 * The mock of the service is the other entry, `order-fulfillment-sdk/mock`.
 *
 * @module order-fulfillment-sdk
 */
// The package entry: exports only. Nothing here imports msw or a node: module statically.
export { type Client, createClient } from './client.js';
export { APIPromise, type WithResponse } from './core/api-promise.js';
export {
  API_BASE_PATH,
  type ClientConfig,
  DEFAULT_RETRY,
  DEFAULTS,
  type FetchLike,
  INBOUND_FULFILLMENT_PATH,
  type RetryOptionsInput,
} from './core/config.js';
export type { Logger, LogLevel } from './core/log.js';
export type { RequestOptions } from './core/request-options.js';
export { ResourceClient } from './core/resource.js';
export { type RetryPolicy, Transport } from './core/transport.js';
export { SDK_VERSION } from './core/version.js';
export * from './errors/index.js';
export { OrderIterator } from './pagination/order-iterator.js';
export { OrderPageIterator, type OrderPullPage } from './pagination/order-pages.js';
export { PagingIterator, type ToArrayOptions } from './pagination/paging-iterator.js';
export { DEFAULT_PREFETCH } from './pagination/prefetch.js';
export { ProductIterator } from './pagination/product-pages.js';
export type { OrderPullParams, PrefetchParams } from './pagination/pull-params.js';
export * from './receiver/index.js';
export {
  FulfillmentClient,
  type FulfillmentTarget,
  type NotifyShippedOptions,
} from './resources/fulfillment.js';
export { OrdersClient } from './resources/orders.js';
export { ProductsClient } from './resources/products.js';
export { type CreateWebhookOptions, WebhooksClient } from './resources/webhooks.js';
export * from './schemas/index.js';
export * from './signatures/index.js';
