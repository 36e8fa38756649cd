// Every wire shape of the API, in one place; the SDK's types are inferred from these. An
// object type is an interface extending its inferred type, not an alias of it: TypeDoc then
// links the name wherever it is used and lists its fields with their documentation, where an
// alias of an inferred type is printed out in full.
export * from './common.js';
export * from './fulfillment.js';
export * from './order.js';
export * from './order-items.js';
export * from './product.js';
export * from './webhook.js';
export { type Money, MoneySchema, type OpenString } from './wire.js';
