// A bound on how many tasks run at once, the others started in the order they asked, and on
// how many may wait. The delivery queue holds its attempts to it (MAX_DELIVERIES_IN_FLIGHT,
// MAX_DELIVERIES_WAITING).

/**
 * At most `max` tasks in flight; a task past the bound waits for the oldest waiting place,
 * unless `maxWaiting` already wait (or hold a place to ask again later).
 */
export class InFlightLimit {
  // Tasks in flight, and those waiting for one of them to end, oldest first.
  private inFlight = 0;
  private waiting: (() => void)[] = [];
  // Waiting places held by tasks that will ask for a place later (a retry waiting out its
  // backoff): they count against `maxWaiting` as the queued ones do.
  private held = 0;

  /**
   * @param max - How many tasks may be in flight at once.
   * @param maxWaiting - How many tasks may wait for a place at once.
   */
  constructor(
    private readonly max: number,
    readonly maxWaiting: number,
  ) {}

  /**
   * Resolves once a task may start: at once (undefined, no promise to await) while fewer than
   * `max` are in flight, else when an earlier one ends and hands its place on. `'full'` when
   * the task would have to wait and `maxWaiting` already do: it is neither started nor queued.
   */
  take(): Promise<void> | undefined | 'full' {
    if (this.inFlight < this.max) {
      this.inFlight++;
      return undefined;
    }
    if (this.waiting.length + this.held >= this.maxWaiting) return 'full';
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Holds a waiting place for a task that will {@link take} one later, or false when
   * `maxWaiting` places are taken; {@link unhold} gives it back before that take.
   */
  hold(): boolean {
    if (this.waiting.length + this.held >= this.maxWaiting) return false;
    this.held++;
    return true;
  }

  /** Gives back a place {@link hold} held. */
  unhold(): void {
    this.held--;
  }

  /** A task ended: its place goes to the oldest waiting one, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}
