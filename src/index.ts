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
export {
  FulfillmentClient,
  type FulfillmentTarget,
  type NotifyShippedOptions,
} from './fulfillment.js';
export type { RequestOptions } from './http.js';
export { OrdersClient } from './orders.js';
export { OrderIterator, OrderPageIterator } from './paginate.js';
export { ProductsClient } from './products.js';
export * from './schemas/index.js';
export {
  DEFAULT_TOLERANCE_SECONDS,
  signWmsPayload,
  type VerifiedWmsSignature,
  type VerifyWmsSignatureOptions,
  verifyWmsSignature,
  WMS_SIGNATURE_HEADER,
} from './signature.js';
export { type CreateWebhookOptions, WebhooksClient } from './webhooks.js';
