// A delivery attempt's record (what `mock.deliveries` and `GET /__mock/deliveries` show), and
// the newest `limit` of them a DeliveryQueue keeps, in a ring of slots: a load test with a
// subscription cannot grow the mock's memory without bound this way (each attempt holds the
// event's body).
import * as z from 'zod/mini';
import { WebhookEventTypeSchema } from '../../src/schemas/index.js';

/** One attempt to deliver one event to one subscription, as `mock.deliveries` and `GET /__mock/deliveries` show it. */
export const DeliveryAttemptSchema = z.object({
  /** `dlv_<n>`, unique per attempt. */
  id: z.string(),
  /** The event's id (`evt_<uuid>`), the same on every attempt and in the body. */
  event_id: z.string(),
  /** The subscription delivered to (`wh_<n>`). */
  subscription_id: z.string(),
  /** Where the event was POSTed. */
  url: z.string(),
  /** The event kind. */
  type: WebhookEventTypeSchema,
  /** 1 for the first try, 2 for the first retry, … */
  attempt: z.int(),
  /** The receiver's HTTP status, when it answered. */
  status: z.optional(z.int()),
  /** Why the attempt failed without an HTTP status (network error, timeout, queue full). */
  error: z.optional(z.string()),
  /** True for a 2xx answer. */
  ok: z.boolean(),
  /** When the attempt was made, by the mock clock. */
  at: z.string(),
  /** The exact body sent (the same bytes on every attempt). */
  body: z.string(),
});

/** One delivery attempt (see {@link DeliveryAttemptSchema}). */
export interface DeliveryAttempt extends z.infer<typeof DeliveryAttemptSchema> {}

/** The newest `limit` delivery attempts, in the order they were recorded. */
export class DeliveryLog {
  private readonly slots: DeliveryAttempt[] = [];
  // How many attempts were recorded since the last clear: the next one goes to slot
  // `recorded % limit`, over the oldest once the ring is full.
  private recorded = 0;

  /** @param limit - How many attempts to keep (the newest); 0 keeps none. */
  constructor(readonly limit: number) {}

  /** The attempts kept, oldest first. */
  get attempts(): readonly DeliveryAttempt[] {
    // The slot the next attempt goes to holds the oldest once the ring is full (before that,
    // it is past the end and the first slice is empty).
    const next = this.limit === 0 ? 0 : this.recorded % this.limit;
    return [...this.slots.slice(next), ...this.slots.slice(0, next)];
  }

  /** Records an attempt, over the oldest once `limit` are kept. */
  keep(record: DeliveryAttempt): void {
    if (this.limit === 0) return;
    this.slots[this.recorded++ % this.limit] = record;
  }

  /** Forgets every attempt. */
  clear(): void {
    this.slots.length = 0;
    this.recorded = 0;
  }
}
