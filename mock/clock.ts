// The mock's clock: every timestamp the mock writes, and the window it checks signatures
// and rate limits against, comes from here so tests can freeze and move time.

/**
 * The mock's clock, `mock.clock`: it follows the system time until `set`, and every
 * timestamp, signature window and rate-limit window of the mock reads it.
 */
export interface MockClock {
  /** The current mock time. */
  now(): Date;
  /**
   * Freezes the clock at `date` until the next `set` or `advance`.
   *
   * @throws TypeError when `date` is not a valid date.
   */
  set(date: Date | string | number): void;
  /**
   * Moves the clock by `ms` milliseconds (negative goes back). A frozen clock stays frozen
   * at the new time; a running clock keeps running, shifted.
   *
   * @throws TypeError when `ms` is not a finite number.
   */
  advance(ms: number): void;
}

/** The clock together with the reset the service needs and users do not. */
export interface ControllableClock extends MockClock {
  /** Milliseconds since the epoch, without allocating a Date. */
  nowMs(): number;
  /** Back to following the system clock. */
  reset(): void;
}

/**
 * Parses what {@link MockClock.set} accepts into epoch milliseconds.
 *
 * @param value - A Date, an ISO 8601 string, or epoch milliseconds.
 * @param name - The option or argument name for the error message.
 * @throws TypeError when it is not a valid date.
 */
export function toEpochMs(value: unknown, name: string): number {
  const ms =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'string'
        ? Date.parse(value)
        : typeof value === 'number'
          ? value
          : Number.NaN;
  if (!Number.isFinite(ms)) {
    throw new TypeError(`${name} must be a Date, an ISO 8601 string or epoch milliseconds`);
  }
  return ms;
}

/**
 * Creates a clock that follows the system time (read at each call, so `vi.useFakeTimers`
 * also moves it) until it is set.
 *
 * @example
 * ```ts
 * const clock = createClock();
 * clock.set('2026-01-01T00:00:00Z');
 * clock.advance(60_000);
 * clock.now().toISOString(); // '2026-01-01T00:01:00.000Z'
 * ```
 */
export function createClock(): ControllableClock {
  let frozenAt: number | undefined;
  let offset = 0;
  const nowMs = () => frozenAt ?? Date.now() + offset;
  return {
    nowMs,
    now: () => new Date(nowMs()),
    set(date) {
      frozenAt = toEpochMs(date, 'clock.set(date)');
    },
    advance(ms) {
      if (typeof ms !== 'number' || !Number.isFinite(ms)) {
        throw new TypeError('clock.advance(ms) needs a finite number of milliseconds');
      }
      if (frozenAt === undefined) offset += ms;
      else frozenAt += ms;
    },
    reset() {
      frozenAt = undefined;
      offset = 0;
    },
  };
}
