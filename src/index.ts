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
