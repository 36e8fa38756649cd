// Seeded, stateless randomness: every generated value is a pure function of (seed, row, salt),
// so a record can be derived again on demand instead of being kept in memory.

/**
 * Hashes up to three integers into a well-mixed unsigned 32-bit integer (murmur3's finalizer
 * over a simple combination). Same inputs, same output, on every platform.
 *
 * @param seed - The service's seed.
 * @param row - The record's position.
 * @param salt - Distinguishes the fields of one record.
 */
export function hash32(seed: number, row: number, salt = 0): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ row, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ salt, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A value in `[0, 1)` derived from {@link hash32}.
 *
 * @param seed - The service's seed.
 * @param row - The record's position.
 * @param salt - Distinguishes the fields of one record.
 */
export function unit(seed: number, row: number, salt = 0): number {
  return hash32(seed, row, salt) / 4294967296;
}

/**
 * Picks one element of a non-empty list by hash.
 *
 * @param list - The choices.
 * @param seed - The service's seed.
 * @param row - The record's position.
 * @param salt - Distinguishes the fields of one record.
 */
export function pick<T>(list: readonly T[], seed: number, row: number, salt = 0): T {
  return list[hash32(seed, row, salt) % list.length] as T;
}

/**
 * A deterministic lowercase hex string of `length` characters, for ids and secrets that
 * must repeat for a given seed.
 *
 * @param seed - The service's seed.
 * @param row - A counter that makes each string distinct.
 * @param length - How many hex characters.
 */
export function hexString(seed: number, row: number, length: number): string {
  let out = '';
  for (let salt = 0; out.length < length; salt++) {
    out += hash32(seed, row, 0x5ec7e7 + salt)
      .toString(16)
      .padStart(8, '0');
  }
  return out.slice(0, length);
}
