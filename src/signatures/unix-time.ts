// One unit for time in every `now` and `timestamp` the SDK takes: a Date, or Unix seconds,
// the unit of the signature header's `t=`. A number in milliseconds is refused, saying so.
import { ConfigurationError } from '../errors/configuration-error.js';

/**
 * A point in time as the SDK takes it everywhere (`now`, `timestamp`, `ClientConfig.now`):
 * a `Date`, or a number of Unix SECONDS, the unit of the header's `t=`. A number in
 * milliseconds (what `Date.now()` gives) is refused with a message saying so, never read
 * as a date 50 000 years ahead.
 *
 * @example
 * ```ts
 * const at: UnixTime = new Date(); // or Math.floor(Date.now() / 1000)
 * ```
 */
export type UnixTime = Date | number;

/**
 * A {@link UnixTime} (now, when undefined) as Unix seconds, fractions kept; a RangeError
 * naming `name` for an invalid Date, a non-finite or negative number, or milliseconds.
 *
 * @internal
 */
export function unixSeconds(value: UnixTime | undefined, name: string): number {
  // typeof, not instanceof: a Date from another realm (edge-runtime's VM context) fails
  // instanceof Date, and would be refused as milliseconds.
  const seconds =
    value == null ? Date.now() / 1000 : typeof value === 'object' ? +value / 1000 : value;
  // False for NaN too: an Invalid Date or a broken clock never opens the window. 10^11 s
  // is the year 5138, and 10^11 ms March 1973: a number this large is milliseconds.
  if (!(seconds >= 0 && seconds < 1e11)) {
    throw new RangeError(
      `${name} must be a Date or Unix seconds${seconds > 0 ? ', not milliseconds' : ''}`,
    );
  }
  return seconds;
}

/**
 * Reads a configured clock (`now` of `createClient` or `createWebhookHandler`) as Unix
 * seconds, fractions kept.
 *
 * @throws {@link ConfigurationError} naming `now` when it throws or returns no Date or Unix
 *   seconds (milliseconds included).
 * @internal
 */
export function readClock(now: () => UnixTime): number {
  let reading: UnixTime;
  try {
    reading = now();
  } catch (error) {
    throw new ConfigurationError('now', `now() threw: ${(error as Error)?.message}.`);
  }
  try {
    return unixSeconds(reading, 'now()');
  } catch (error) {
    throw new ConfigurationError(
      'now',
      `${(error as Error).message}: return new Date(), or Math.floor(Date.now() / 1000).`,
    );
  }
}

/**
 * Reads a configured clock once, so that one in milliseconds, `() => Date.now()`, is refused
 * where it is configured rather than at every use. A clock that throws is let through: it
 * may read state a test sets up later (a mock made in `beforeEach`), and each use reads and
 * checks it again.
 *
 * @param now - The configured clock.
 * @throws {@link ConfigurationError} naming `now` when it returns no Date or Unix seconds.
 * @internal
 */
export function checkClockOnce(now: () => UnixTime): void {
  let reading: UnixTime;
  try {
    reading = now();
  } catch {
    return;
  }
  readClock(() => reading);
}
