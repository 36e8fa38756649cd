// Wire shapes of POST /webhooks and of the events it subscribes to (specification 2.7, 4.5, 6.1).
import * as z from 'zod/mini';
import { OrderSchema } from './order.js';
import {
  anyBody,
  LooseIdSchema,
  lenient,
  type OpenString,
  openString,
  wireObject,
} from './wire.js';

/** The event kinds a subscription can ask for (specification 2.7). */
export const WEBHOOK_EVENTS = ['order.created', 'order.updated'] as const;

/** An outbound event kind. */
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENTS);

/** An outbound event kind: `order.created` or `order.updated`. */
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

// Whether WHATWG URL parsing reads an absolute http(s) URL: IPv6 hosts included, which
// z.url's hostname pattern refused. Cheaper in a bundle than z.url, too.
function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** An absolute `http:` or `https:` URL. */
const AbsoluteHttpUrlSchema = z.string().check(
  z.check((ctx) => {
    if (!isHttpUrl(ctx.value)) {
      // The issue z.url raises, so that messages and the mock's 422 read the same.
      ctx.issues.push({ code: 'invalid_format', format: 'url', input: ctx.value });
    }
  }),
);

/** Body of POST /webhooks (specification 2.7). */
export const WebhookSubscriptionCreateSchema = z.object({
  url: AbsoluteHttpUrlSchema,
  events: z.array(WebhookEventTypeSchema).check(z.minLength(1)),
});

type SubscriptionCreateBody = z.infer<typeof WebhookSubscriptionCreateSchema>;

/** Body of POST /webhooks. */
export interface WebhookSubscriptionCreate extends Omit<SubscriptionCreateBody, 'events'> {
  /** The event kinds to deliver; a readonly list such as {@link WEBHOOK_EVENTS} will do. */
  events: readonly SubscriptionCreateBody['events'][number][];
}

/**
 * An event kind as the service reports it: one of {@link WEBHOOK_EVENTS}, offered by the
 * editor, or a kind added since.
 */
export type WebhookEventName = OpenString<WebhookEventType>;

const WebhookEventNameSchema = openString(WEBHOOK_EVENTS);

// The fields of a stored subscription, every one optional; WebhookSubscriptionSchema takes
// any body.
const WebhookSubscriptionFields = wireObject({
  /** The subscription's id, as the service wrote it (a string or a number). */
  id: lenient(LooseIdSchema),
  url: lenient(z.string()),
  events: lenient(z.array(WebhookEventNameSchema)),
  created_at: lenient(z.string()),
  /** Signs this subscription's deliveries (`X-Webhook-Signature`); shown once, at creation. */
  secret: lenient(z.string()),
});

/**
 * What POST /webhooks answered. The specification does not show the body (4.5), so any 2xx
 * answer is a success: every field may be missing, and a body that is not an object
 * (none at all, `"OK"`) gives `{}`. The mock answers with the stored record and the secret
 * its deliveries are signed with (docs/spec-gaps.md).
 */
export const WebhookSubscriptionSchema = anyBody(WebhookSubscriptionFields);

/**
 * What POST /webhooks answered: always an object, each field possibly missing. No field is
 * checked (the SDK relies on none): each holds what the service sent, of another type if the
 * service breaks the types here (a `secret` sent as an object;
 * [docs/spec-gaps.md, rule 2](../../docs/spec-gaps.md#checking-responses-the-one-rule)); check
 * `typeof subscription.secret === 'string'` before storing it.
 */
export interface WebhookSubscription extends z.infer<typeof WebhookSubscriptionFields> {}

/**
 * The JSON body of one delivered event (not shown by the specification; docs/spec-gaps.md).
 * `id` tells a repeated delivery, `type` what happened, `data.order` the order.
 */
export const OrderEventSchema = wireObject({
  id: z.string(),
  type: WebhookEventNameSchema,
  created_at: lenient(z.string()),
  data: wireObject({ order: OrderSchema }),
});

/** The JSON body of one delivered order event. */
export interface OrderEvent extends z.infer<typeof OrderEventSchema> {}
