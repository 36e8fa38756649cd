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

// zod's own hostname pattern, copied: reading it as z.regexes.hostname pulls every one of
// zod's patterns into a bundle (6.6 KB minified). test/webhooks.test.ts checks they agree.
const HOSTNAME =
  /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;

/** An absolute `http:` or `https:` URL. */
const AbsoluteHttpUrlSchema = z.url({ protocol: /^https?$/, hostname: HOSTNAME });

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
