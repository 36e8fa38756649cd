// Webhook subscriptions and outbound event deliveries (specification 4.5, 6.1). Deliveries
// run after the request that caused them has been answered: real HTTP POSTs, signed like the
// inbound endpoint, retried with exponential backoff, the newest attempts recorded.
import { randomUUID } from 'node:crypto';
import { followSignals, timeoutSignal } from '../../src/core/signals.js';
import type { WebhookEventType } from '../../src/schemas/index.js';
import { signWmsPayload, WEBHOOK_SIGNATURE_HEADER } from '../../src/signatures/index.js';
import { iso } from '../store/generate.js';
import { hexString } from '../store/random.js';
import { type DeliveryAttempt, DeliveryLog } from './delivery-log.js';
import { InFlightLimit } from './in-flight.js';
import { sleep } from './sleep.js';

// Shared with the SDK, which receivers use to verify deliveries.
export { WEBHOOK_SIGNATURE_HEADER };

/** A stored webhook subscription, as POST /webhooks returns it. */
export interface MockSubscription {
  /** `wh_<n>`. */
  id: string;
  /** Where events are POSTed. */
  url: string;
  /** The event kinds delivered. */
  events: WebhookEventType[];
  /** When it was created, by the mock clock. */
  created_at: string;
  /** Signs this subscription's deliveries (HMAC-SHA256, see {@link WEBHOOK_SIGNATURE_HEADER}). */
  secret: string;
}

/** How failed deliveries are retried (the `deliveryRetry` option). */
export interface DeliveryRetry {
  /** Attempts in all, including the first. Default 3. */
  attempts: number;
  /** Wait before the first retry, doubled for each further one, in real milliseconds. Default 200. */
  baseDelayMs: number;
  /** How long to wait for a receiver's answer, in real milliseconds. Default 5000. */
  timeoutMs: number;
}

/** How many delivery attempts are kept unless `deliveries.limit` says otherwise. */
export const DEFAULT_DELIVERY_LIMIT = 10_000;

/**
 * How many delivery attempts are in flight at once, at most; the others wait their turn, in
 * the order their events were emitted. Each attempt in flight holds a socket and its request;
 * without a bound, a load test writing to orders while a receiver is slow opened one per
 * event and ran the mock out of file descriptors and memory.
 */
export const MAX_DELIVERIES_IN_FLIGHT = 64;

/**
 * How many delivery attempts may wait at once, for a place in flight or out a retry's backoff,
 * at most. Each waiting one holds its event's body: without a bound, a receiver slower than the events sent to it grew
 * the mock's memory until it died. Past the bound the receiver is not keeping up, and a longer
 * line would only deliver later what it holds; an attempt that would wait is recorded as failed
 * instead (`delivery queue full (… waiting): not sent`) and not retried, so the record shows
 * which events were dropped.
 */
export const MAX_DELIVERIES_WAITING = 10_000;

/** The retry policy when the option is not given. */
export const DEFAULT_DELIVERY_RETRY: DeliveryRetry = {
  attempts: 3,
  baseDelayMs: 200,
  timeoutMs: 5000,
};

// fetch reports a refused connection as "fetch failed" with the reason in `cause`.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/**
 * The subscriptions of one mock service and the deliveries made to them. The attempts kept and
 * the deliveries waiting for a place in flight are both bounded, so a load test with a
 * subscription cannot grow the mock's memory without bound (each holds the event's body).
 */
export class DeliveryQueue {
  private readonly subs: MockSubscription[] = [];
  private readonly log: DeliveryLog;
  private readonly pending = new Set<Promise<void>>();
  private counters = { subscription: 0, attempt: 0 };
  // Bumped by reset() so deliveries still in flight stop and record nothing.
  private generation = 0;
  // Aborted by reset(): an attempt in flight would otherwise hold its place until its receiver
  // answered or timed out, and the deliveries after the reset would wait behind it.
  private stop = new AbortController();
  private readonly slots: InFlightLimit;

  /**
   * @param seed - Makes subscription secrets repeatable.
   * @param retry - The retry policy.
   * @param nowMs - The mock clock.
   * @param limit - How many attempts to keep (the newest); 0 keeps none.
   * @param maxWaiting - How many attempts may wait for a place in flight.
   */
  constructor(
    private readonly seed: number,
    private readonly retry: DeliveryRetry,
    private readonly nowMs: () => number,
    readonly limit: number,
    maxWaiting: number = MAX_DELIVERIES_WAITING,
  ) {
    this.log = new DeliveryLog(limit);
    this.slots = new InFlightLimit(MAX_DELIVERIES_IN_FLIGHT, maxWaiting);
  }

  /** The stored subscriptions, oldest first. */
  get subscriptions(): readonly MockSubscription[] {
    return this.subs;
  }

  /** The attempts kept (the newest `limit`), oldest first. */
  get deliveries(): readonly DeliveryAttempt[] {
    return this.log.attempts;
  }

  /**
   * Stores a subscription.
   *
   * @param url - An absolute URL (already validated).
   * @param events - The event kinds (already validated).
   */
  subscribe(url: string, events: WebhookEventType[]): MockSubscription {
    const n = ++this.counters.subscription;
    const subscription: MockSubscription = {
      id: `wh_${n}`,
      url,
      events: [...new Set(events)],
      created_at: iso(this.nowMs()),
      secret: `whsec_${hexString(this.seed, n, 32)}`,
    };
    this.subs.push(subscription);
    return subscription;
  }

  /**
   * Sends an event to every subscription that asked for its kind. Returns at once; the
   * POSTs run afterwards.
   *
   * @param type - The event kind.
   * @param order - The order, in its list shape.
   */
  emit(type: WebhookEventType, order: Record<string, unknown>): void {
    const targets = this.subs.filter((subscription) => subscription.events.includes(type));
    if (targets.length === 0) return;
    const event = {
      // Unique across resets and services, as a real service's are: a receiver deduplicates
      // by it, and one kept between tests must never take a new event for one it has seen.
      id: `evt_${randomUUID()}`,
      type,
      created_at: iso(this.nowMs()),
      data: { order },
    };
    const body = JSON.stringify(event);
    for (const subscription of targets) {
      const generation = this.generation;
      const run = sleep(0).then(() => this.deliver(subscription, event.id, type, body, generation));
      this.pending.add(run);
      void run.finally(() => this.pending.delete(run));
    }
  }

  /** Resolves when no delivery or retry is pending. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Forgets subscriptions and attempts; deliveries in flight stop. */
  reset(): void {
    this.generation++;
    this.stop.abort();
    this.stop = new AbortController();
    this.subs.length = 0;
    this.log.clear();
    this.counters = { subscription: 0, attempt: 0 };
  }

  private async deliver(
    subscription: MockSubscription,
    eventId: string,
    type: WebhookEventType,
    body: string,
    generation: number,
  ): Promise<void> {
    const unsent = (attempt: number) => this.newAttempt(subscription, eventId, type, body, attempt);
    for (let attempt = 1; attempt <= this.retry.attempts; attempt++) {
      // Stopped by a reset() during its timer or its backoff: no place in the next test's line.
      if (generation !== this.generation) return;
      const turn = this.slots.take();
      if (turn === 'full') {
        this.drop(unsent(attempt));
        return;
      }
      await turn;
      let record: DeliveryAttempt | undefined;
      try {
        if (generation !== this.generation) return;
        record = unsent(attempt);
        await this.post(subscription, record);
      } finally {
        this.slots.release();
      }
      if (generation !== this.generation) return;
      this.log.keep(record);
      if (record.ok) return;
      if (attempt < this.retry.attempts) {
        // Waiting out its backoff, a retry holds the event's body as a waiting attempt does,
        // so it needs a waiting place too: else a receiver that fails fast, with a long
        // backoff, grew the mock's memory by one body and one timer per event.
        if (!this.slots.hold()) {
          this.drop(unsent(attempt + 1));
          return;
        }
        // A reset ends the wait (left to run, its timer kept the process alive and the next
        // test's flushDeliveries() waiting); the generation check above then returns.
        const wait = this.retry.baseDelayMs * 2 ** (attempt - 1);
        await sleep(wait, this.stop.signal)
          .catch(() => undefined)
          .finally(() => this.slots.unhold());
      }
    }
  }

  // Neither queued nor retried: the record tells the lab user which event was dropped.
  private drop(unsent: DeliveryAttempt): void {
    const error = `delivery queue full (${this.slots.maxWaiting} waiting): not sent`;
    this.log.keep({ ...unsent, error });
  }

  // An attempt not sent (yet): its id and `at` are taken now, as it starts or is dropped.
  private newAttempt(
    subscription: MockSubscription,
    eventId: string,
    type: WebhookEventType,
    body: string,
    attempt: number,
  ): DeliveryAttempt {
    return {
      id: `dlv_${++this.counters.attempt}`,
      event_id: eventId,
      subscription_id: subscription.id,
      url: subscription.url,
      type,
      attempt,
      ok: false,
      at: iso(this.nowMs()),
      body,
    };
  }

  // One POST of the event, once it has a slot; its outcome goes into `record`.
  private async post(subscription: MockSubscription, record: DeliveryAttempt): Promise<void> {
    const { body } = record;
    // On the global setTimeout, as the retry waits are, so that fake timers drive both.
    const timeout = timeoutSignal(this.retry.timeoutMs);
    const ended = followSignals(timeout.signal, this.stop.signal);
    try {
      // Looked up per call so a test's own fetch mock or msw interception applies.
      const response = await globalThis.fetch(subscription.url, {
        method: 'POST',
        // A redirect is the receiver's answer, a failed attempt: following it would take the
        // signed event to a host nobody subscribed.
        redirect: 'manual',
        body,
        headers: {
          'Content-Type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: signWmsPayload(
            body,
            subscription.secret,
            Math.floor(this.nowMs() / 1000),
          ),
        },
        signal: ended.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      record.status = response.status;
      record.ok = response.ok;
    } catch (error) {
      record.error = describe(error);
    } finally {
      timeout.release();
      ended.release();
    }
  }
}
