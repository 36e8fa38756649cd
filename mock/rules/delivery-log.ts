// The delivery attempts a DeliveryQueue keeps, the newest `limit` of them, in a ring of slots:
// a load test with a subscription cannot grow the mock's memory without bound this way (each
// attempt holds the event's body).
import type { DeliveryAttempt } from './deliveries.js';

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
