// The instants the mock takes and writes: from 0001-01-01T00:00:00.000Z to
// 9999-12-31T23:59:59.999Z. Every timestamp it writes is ISO 8601 in UTC with a four-digit
// year: past the end `toISOString` writes `+010000-...`, which the mock's own `since` check
// refuses (so a cursor holding it could never be resumed), and the real service's timestamps
// are Python datetimes, which have no year 0. The clock, the records and the cursor share it.

/** The first instant the mock takes or writes: `0001-01-01T00:00:00.000Z`, in epoch ms. */
export const FIRST_INSTANT_MS = Date.parse('0001-01-01T00:00:00.000Z');

/** The last instant the mock takes or writes: `9999-12-31T23:59:59.999Z`, in epoch ms. */
export const LAST_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** The range in words, for messages. */
export const INSTANT_RANGE = '0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z';

/**
 * Whether an instant lies in the range the mock writes.
 *
 * @param ms - Epoch milliseconds (NaN is outside).
 */
export function withinInstantRange(ms: number): boolean {
  return ms >= FIRST_INSTANT_MS && ms <= LAST_INSTANT_MS;
}

/**
 * Why an ISO 8601 date-time with an offset cannot be taken, or undefined when it can: its own
 * year is 0000, which Python's `datetime.fromisoformat` (and so the real service) refuses
 * whatever the offset, or it leaves the range once converted to UTC, where the mock would
 * store and serve it.
 *
 * @param value - A date-time that already passed the format check.
 */
export function instantProblem(value: string): string | undefined {
  if (value.startsWith('0000')) {
    return "has year 0000, which Python's datetime (the service's) does not have: years start at 0001";
  }
  if (!withinInstantRange(Date.parse(value))) {
    return `must lie within ${INSTANT_RANGE} once converted to UTC, as every timestamp the mock stores and serves does`;
  }
  return undefined;
}
