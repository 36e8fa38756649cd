// Every wire shape of the API, in one place; the SDK's types are inferred from these.
export * from './common.js';
export * from './fulfillment.js';
export * from './order.js';
export * from './product.js';
export * from './webhook.js';
export { type Money, MoneySchema, type OpenString } from './wire.js';
