// Wire shapes of POST /webhooks and of the events it subscribes to (specification 2.7, 4.5, 6.1).
import * as z from 'zod/mini';
import { OrderSchema } from './order.js';

/**
 * The header each delivered event is signed in, with the subscription's `secret`, in the
 * `X-WMS-Signature` scheme (`t=<unix>,v1=<hex>`): check it with {@link verifyWmsSignature}.
 * The specification does not show delivery signatures (docs/spec-gaps.md).
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Webhook-Signature';

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

/** Body of POST /webhooks. */
export type WebhookSubscriptionCreate = z.infer<typeof WebhookSubscriptionCreateSchema>;

/**
 * The stored subscription POST /webhooks returns. Not shown by the specification; the
 * service returns the record with its id and the secret deliveries are signed with
 * (docs/spec-gaps.md).
 */
export const WebhookSubscriptionSchema = z.looseObject({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  created_at: z.optional(z.string()),
  /** Signs this subscription's deliveries (`X-Webhook-Signature`); shown once, at creation. */
  secret: z.optional(z.string()),
});

/** A stored webhook subscription. */
export type WebhookSubscription = z.infer<typeof WebhookSubscriptionSchema>;

/** The JSON body of one delivered event (not shown by the specification; docs/spec-gaps.md). */
export const OrderEventSchema = z.looseObject({
  id: z.string(),
  type: WebhookEventTypeSchema,
  created_at: z.string(),
  data: z.looseObject({ order: OrderSchema }),
});

/** The JSON body of one delivered order event. */
export type OrderEvent = z.infer<typeof OrderEventSchema>;
