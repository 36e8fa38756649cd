// The package entry: exports only. Nothing here imports msw or a node: module statically.
export { type Client, createClient } from './client.js';
export {
  API_BASE_PATH,
  type ClientConfig,
  DEFAULT_RETRY,
  DEFAULTS,
  type FetchLike,
  INBOUND_FULFILLMENT_PATH,
} from './config.js';
export * from './errors/index.js';
// New errors of issue 14; errors/index.ts is another branch's, so exported here until merge.
export { UnsupportedRuntimeError } from './errors/unsupported-runtime-error.js';
export {
  WebhookPayloadError,
  type WebhookPayloadFailureReason,
} from './errors/webhook-payload-error.js';
export {
  FulfillmentClient,
  type FulfillmentTarget,
  type NotifyShippedOptions,
} from './fulfillment.js';
export type { RequestOptions } from './http.js';
export { OrdersClient } from './orders.js';
export { OrderIterator, OrderPageIterator } from './paginate.js';
export { ProductsClient } from './products.js';
export * from './receiver/index.js';
export * from './schemas/index.js';
export * from './signatures/index.js';
export { type CreateWebhookOptions, WebhooksClient } from './webhooks.js';
