// The order of ids within one `updated_at`: the second half of the cursor key.

const DIGITS = /^\d+$/;

/**
 * Compares two order ids for the cursor's tie-break: decimal ids by numeric value (so the
 * ids the mock hands out, `"1"`, `"2"`, ... `"10"`, sort in creation order and orders
 * created under a frozen clock stay one group), then every other id after them, in plain
 * string order. A total order: equal only for equal strings.
 *
 * @param a - One order id.
 * @param b - Another order id.
 * @returns Negative when `a` sorts first, positive when `b` does, 0 when equal.
 */
export function compareOrderIds(a: string, b: string): number {
  const aDigits = DIGITS.test(a);
  const bDigits = DIGITS.test(b);
  if (aDigits !== bDigits) return aDigits ? -1 : 1;
  // Decimal strings of different lengths: the shorter is the smaller number (leading zeros
  // make a longer string of an equal number sort after it, which keeps the order total).
  if (aDigits && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
