// What a pull reads of the timestamps in a cursor, which it otherwise sends back exactly as
// the service wrote them (specification 4.2, rule 2): whether one names an instant by itself,
// and which instant.

// An ISO 8601 date-time (a `T` or a space between date and time, as pydantic reads and
// Python's str() writes) that ends in `Z` or a `±HH[:MM]` offset.
const WITH_OFFSET = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d(?::\d\d)?)(\.\d+)?(Z|[+-]\d\d(?::?\d\d)?)$/i;

/**
 * Whether a value is a date-time with an offset: an instant wherever it is read. Without
 * one, a service reads it in a time zone of its choosing.
 *
 * @param value - What the service sent.
 * @internal
 */
export function hasOffset(value: unknown): value is string {
  return typeof value === 'string' && WITH_OFFSET.test(value);
}

/**
 * The instant, in epoch milliseconds, of a date-time with an offset; `undefined` for any
 * other value (a cursor in a form of the service's own is compared with nothing).
 *
 * @param value - What the service sent.
 * @internal
 */
export function instantOf(value: unknown): number | undefined {
  const match = typeof value === 'string' ? WITH_OFFSET.exec(value) : null;
  if (!match) return undefined;
  const [, date = '', time, fraction = '', offset = 'Z'] = match;
  // What Date.parse reads everywhere: a `T`, milliseconds, and `Z` or `±HH:MM`.
  const millis = fraction && `${fraction}000`.slice(0, 4);
  const zone = /^z$/i.test(offset)
    ? 'Z'
    : `${offset.slice(0, 3)}:${offset.length > 3 ? offset.slice(-2) : '00'}`;
  const ms = Date.parse(`${date}T${time}${millis}${zone}`);
  // Date.parse rolls a day past the month's end over (February 30 is March 2).
  const midnight = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || Number.isNaN(midnight)) return undefined;
  return new Date(midnight).toISOString().startsWith(date) ? ms : undefined;
}
