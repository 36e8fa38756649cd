// The instants the mock takes and writes: from 0001-01-01T00:00:00.000Z to
// 9999-12-31T23:59:59.999Z. Every timestamp it writes is ISO 8601 in UTC with a four-digit
// year: past the end `toISOString` writes `+010000-...`, which the mock's own `since` check
// refuses (so a cursor holding it could never be resumed), and the real service's timestamps
// are Python datetimes, which have no year 0. The clock, the records and the cursor share it,
// and the spellings of a date-time a pydantic service reads (readDateTime).

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

// A date-time as pydantic v2 reads a string into a `datetime` (speedate's RFC 3339 reading,
// which FastAPI's bodies and query parameters go through): `YYYY-MM-DD`, then `T`, `t`, a
// space or `_`, then `HH:MM` with optional `:SS` and a fraction after `.` or `,` of any length
// (pydantic's default `microseconds_precision` truncates past six digits, where the mock
// keeps milliseconds), then optionally `Z`, `z`, or an offset `±HH:MM` or `±HHMM`, its minus
// `-` or U+2212. Not `±HH` alone. pydantic also takes a bare date and a number of seconds
// since 1970, neither of which writes an offset, which the specification asks for (4.2).
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt _](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+\-\u2212])(\d{2}):?(\d{2}))?$/;

// Days of each month in a common year; February gains one in a leap year.
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return (MONTH_DAYS[month - 1] ?? 0) + (month === 2 && leap ? 1 : 0);
}

/** A date-time string as a pydantic service reads it. */
export interface ReadDateTime {
  /** The instant, in epoch milliseconds (finer digits dropped); undefined without an offset. */
  ms: number | undefined;
}

/**
 * Reads a date-time in any spelling pydantic v2 takes (`2026-01-01T10:00:00Z`,
 * `2026-01-01 10:00:00+00:00` as Python's `str(datetime)` writes it, `+0000`, `10:00Z`), or
 * undefined for one it refuses, a day or an hour that does not exist included. A value
 * without an offset is read, without an instant: it names none.
 *
 * @param value - The text received.
 */
export function readDateTime(value: string): ReadDateTime | undefined {
  const parts = DATE_TIME.exec(value);
  if (!parts) return undefined;
  const [, , , , , , , fraction = '', zulu, sign] = parts;
  // A part not written (the seconds, the offset of `Z`) reads as 0.
  const n = (group: number) => Number(parts[group] ?? 0);
  const [y, mo, d, h, mi, s, offM] = [n(1), n(2), n(3), n(4), n(5), n(6), n(11)];
  const offset = n(10) * 60 + offM;
  const valid =
    mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo) && h <= 23 && mi <= 59 && s <= 59;
  // An offset's minutes stay below 60 and the whole below 24 hours, as Python's tzinfo.
  if (!valid || offM > 59 || offset >= 24 * 60) return undefined;
  if (!zulu && !sign) return { ms: undefined };
  // Date.UTC would read the years 0 to 99 as 1900 to 1999.
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  at.setUTCHours(h, mi, s, Number(fraction.slice(0, 3).padEnd(3, '0')));
  return { ms: at.getTime() - (sign === '+' ? offset : -offset) * 60_000 };
}

/**
 * The instant a date-time with an offset names, in epoch milliseconds; NaN for any other text.
 *
 * @param value - A date-time in a spelling {@link readDateTime} takes.
 */
export function instantMs(value: string): number {
  return readDateTime(value)?.ms ?? Number.NaN;
}

/**
 * Why a date-time with an offset cannot be taken, or undefined when it can: its own year is
 * 0000, which Python's `datetime` (and so the real service) refuses whatever the offset, or
 * it leaves the range once converted to UTC, where the mock would store and serve it.
 *
 * @param value - A date-time that already passed the format check.
 */
export function instantProblem(value: string): string | undefined {
  if (value.startsWith('0000')) {
    return "has year 0000, which Python's datetime (the service's) does not have: years start at 0001";
  }
  if (!withinInstantRange(instantMs(value))) {
    return `must lie within ${INSTANT_RANGE} once converted to UTC, as every timestamp the mock stores and serves does`;
  }
  return undefined;
}
