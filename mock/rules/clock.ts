// The mock's clock: every timestamp the mock writes, and the window it checks signatures
// and rate limits against, comes from here so tests can freeze and move time.
import { isDate } from '../../src/core/is-date.js';
import { INSTANT_RANGE, withinInstantRange } from '../store/instants.js';

/**
 * The mock's clock, `mock.clock`: it follows the system time until `set`, and every
 * timestamp, signature window and rate-limit window of the mock reads it.
 *
 * @example
 * ```ts
 * mock.clock.set('2026-01-01T00:00:00Z');
 * mock.clock.advance(60_000);
 * mock.clock.now().toISOString(); // '2026-01-01T00:01:00.000Z'
 * ```
 */
export interface MockClock {
  /** The current mock time. */
  now(): Date;
  /**
   * Freezes the clock at `date` until the next `set` or `advance`.
   *
   * @param date - A Date, an ISO 8601 string, or a number of epoch **milliseconds**
   *   (`Date.now()`'s unit), unlike the SDK's `now` and `timestamp`, which take Unix seconds
   *   (README, "Time: one unit"): `set(1_780_000_000)` is January 1970, not 2026.
   * @throws TypeError when `date` is not a valid date.
   * @throws RangeError when `date` is outside 0001-01-01T00:00:00.000Z to
   *   9999-12-31T23:59:59.999Z; the clock is left unchanged.
   */
  set(date: Date | string | number): void;
  /**
   * Moves the clock by `ms` milliseconds (negative goes back). A frozen clock stays frozen
   * at the new time; a running clock keeps running, shifted.
   *
   * @throws TypeError when `ms` is not a finite number.
   * @throws RangeError when the new time would be outside 0001-01-01T00:00:00.000Z to
   *   9999-12-31T23:59:59.999Z; the clock is left unchanged.
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
 * Checks that a clock reading is one the API can write: every timestamp the mock writes
 * comes from the clock and must stay an ISO 8601 date with a four-digit year (beyond that
 * `toISOString` writes `+010000-...`, and past year 275760 no Date exists at all), and not
 * in year 0, which Python's datetime (the real service's) does not have and the SDK refuses
 * in a `since`: the range of mock/store/instants.ts, which records and cursors keep too.
 *
 * @param ms - The reading, in epoch milliseconds.
 * @param what - The call or field, for the error message.
 * @throws RangeError when it is outside that range.
 */
function checkClockRange(ms: number, what: string): number {
  if (!withinInstantRange(ms)) {
    throw new RangeError(`${what} would move the mock clock outside ${INSTANT_RANGE}`);
  }
  return ms;
}

/**
 * Parses what {@link MockClock.set} accepts into epoch milliseconds.
 *
 * @param value - A Date, an ISO 8601 string, or epoch milliseconds.
 * @param name - The option or argument name for the error message.
 * @throws TypeError when it is not a valid date.
 */
function toEpochMs(value: unknown, name: string): number {
  const ms = isDate(value)
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
 */
export function createClock(): ControllableClock {
  let frozenAt: number | undefined;
  let offset = 0;
  const nowMs = () => frozenAt ?? Date.now() + offset;
  return {
    nowMs,
    now: () => new Date(nowMs()),
    set(date) {
      frozenAt = checkClockRange(toEpochMs(date, 'clock.set(date)'), 'clock.set(date)');
    },
    advance(ms) {
      if (typeof ms !== 'number' || !Number.isFinite(ms)) {
        throw new TypeError('clock.advance(ms) needs a finite number of milliseconds');
      }
      // Checked before anything changes, so a refused move leaves the clock where it was.
      checkClockRange(nowMs() + ms, 'clock.advance(ms)');
      if (frozenAt === undefined) offset += ms;
      else frozenAt += ms;
    },
    reset() {
      frozenAt = undefined;
      offset = 0;
    },
  };
}
