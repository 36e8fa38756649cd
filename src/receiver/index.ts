// A webhook receiver in one call (issue 14): unwrap one delivery, or let a Fetch handler do
// the whole job, served as it is on edge runtimes or through toNodeListener on node:http.
export { createWebhookHandler, type WebhookHandler } from './handler.js';
export type { WebhookEventHandlers, WebhookHandlerOptions } from './handler-options.js';
export type { HeadersLike } from './headers.js';
export {
  type NodeListener,
  type NodeRequestLike,
  type NodeResponseLike,
  toNodeListener,
} from './node.js';
export { DEFAULT_MAX_BODY_BYTES } from './read-body.js';
export {
  createMemorySeenStore,
  type MemorySeenStoreOptions,
  type SeenStore,
} from './seen-store.js';
export { type UnwrapWebhookOptions, unwrapWebhook } from './unwrap.js';
