// A webhook receiver for Cloudflare Workers (and any runtime that takes a module with a
// default `fetch`: Deno, Bun, Vercel's edge runtime through a route handler). No node:
// modules: the signature is checked on Web Crypto. The secret comes from the environment
// (`wrangler secret put WEBHOOK_SECRET`); two optional KV namespaces keep the orders and
// the event ids already handled, so a redelivery that reaches another isolate is still
// recognised. Run against the mock by `npm run example:edge-receiver`
// (examples/run-edge-receiver.ts).
import {
  createWebhookHandler,
  type OrderEvent,
  type SeenStore,
  type WebhookHandler,
} from 'order-fulfillment-sdk';
import { isOlderVersion } from './support/versions.js';

/** The part of a Workers KV namespace used here. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
}

/** The Worker's bindings. */
export interface Env {
  /** The subscription's secret, from `client.webhooks.create`. */
  WEBHOOK_SECRET: string;
  /** Where orders are written; without it the receiver only logs. */
  ORDERS?: KeyValueStore;
  /** Event ids already handled; without it each isolate remembers its own. */
  EVENTS?: KeyValueStore;
}

// Event ids are kept a day: the service's retries of one event end long before.
const kvSeenStore = (kv: KeyValueStore): SeenStore => ({
  has: async (id) => (await kv.get(`event:${id}`)) !== null,
  add: (id) => kv.put(`event:${id}`, '1', { expirationTtl: 86_400 }),
});

async function saveOrder(env: Env, event: OrderEvent): Promise<void> {
  const { order } = event.data;
  if (!env.ORDERS) {
    console.log(`${event.type} ${order.id}`);
    return;
  }
  // Newest updated_at wins (to the microsecond): a late copy of an older event changes
  // nothing; applying the same version twice is harmless.
  const stored = await env.ORDERS.get(`order:${order.id}`);
  const previous = stored ? (JSON.parse(stored) as { updated_at: string }) : undefined;
  if (previous && isOlderVersion(order.updated_at, previous.updated_at)) return;
  await env.ORDERS.put(`order:${order.id}`, JSON.stringify(order));
}

// One handler per isolate (its default seen store lives as long as the isolate does),
// made on the first request: a Worker reads its bindings there, not at import.
let handler: WebhookHandler | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    handler ??= createWebhookHandler({
      secret: env.WEBHOOK_SECRET,
      on: {
        'order.created': (event) => saveOrder(env, event),
        'order.updated': (event) => saveOrder(env, event),
      },
      ...(env.EVENTS ? { seen: kvSeenStore(env.EVENTS) } : {}),
      // A handler that threw (KV down) is answered 500 and delivered again; without this the
      // Worker's logs would show nothing of why. The error only: the event holds customer data.
      onError: (error, event) => console.error(`webhook ${event?.id ?? '(no event)'}:`, error),
    });
    return handler(request);
  },
};
