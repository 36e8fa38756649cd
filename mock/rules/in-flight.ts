// A bound on how many tasks run at once, the others started in the order they asked. The
// delivery queue holds its attempts to it (MAX_DELIVERIES_IN_FLIGHT).

/** At most `max` tasks in flight; a task past the bound waits for the oldest waiting place. */
export class InFlightLimit {
  // Tasks in flight, and those waiting for one of them to end, oldest first.
  private inFlight = 0;
  private waiting: (() => void)[] = [];

  /** @param max - How many tasks may be in flight at once. */
  constructor(private readonly max: number) {}

  /**
   * Resolves once a task may start: at once (undefined, no promise to await) while fewer than
   * `max` are in flight, else when an earlier one ends and hands its place on.
   */
  take(): Promise<void> | undefined {
    if (this.inFlight < this.max) {
      this.inFlight++;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A task ended: its place goes to the oldest waiting one, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}
