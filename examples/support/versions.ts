// Which of two versions of an order is older, by their `updated_at`. `Date.parse` keeps
// milliseconds only, and a service that writes microseconds (Python's datetime does) can
// stamp two versions within one millisecond: the digits past the millisecond decide then.

// The fraction's digits past the third, padded so that equal lengths compare as text.
function pastMilliseconds(iso: string): string {
  const digits = /\.\d{3}(\d*)/.exec(iso)?.[1] ?? '';
  return digits.padEnd(9, '0');
}

/**
 * Whether `candidate` names an earlier instant than `stored`: an event carrying it is a late
 * copy, to be skipped. The same instant is not older (applying a version again is harmless).
 *
 * @param candidate - The arriving version's `updated_at`.
 * @param stored - The stored version's `updated_at`.
 */
export function isOlderVersion(candidate: string, stored: string): boolean {
  const ms = Date.parse(candidate) - Date.parse(stored);
  return ms !== 0 ? ms < 0 : pastMilliseconds(candidate) < pastMilliseconds(stored);
}
