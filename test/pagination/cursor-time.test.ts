// The instants a pull reads in a cursor's timestamps: every form with an offset that a
// service may write, and none without one.
import { describe, expect, it } from 'vitest';
import { hasOffset, instantOf } from '../../src/pagination/cursor-time.js';

describe('instantOf', () => {
  it('reads a date-time with an offset in each form a service may write', () => {
    const ms = Date.UTC(2026, 0, 1, 10, 0, 0, 123);
    for (const value of [
      '2026-01-01T10:00:00.123Z',
      '2026-01-01T10:00:00.123456789z',
      '2026-01-01 13:00:00.123+03:00',
      '2026-01-01T13:00:00.1239+0300',
      '2026-01-01T07:00:00.123-03',
    ]) {
      expect([value, instantOf(value)]).toEqual([value, ms]);
    }
    expect(instantOf('2026-01-01T10:00Z')).toBe(Date.UTC(2026, 0, 1, 10, 0));
  });

  it('reads nothing without an offset, or in another form', () => {
    for (const value of ['2026-01-01T10:00:00', '2026-01-01', '1767261600', 'page-2', '', 7]) {
      expect([value, instantOf(value), hasOffset(value)]).toEqual([value, undefined, false]);
    }
    expect(instantOf('2026-02-30T10:00:00Z')).toBeUndefined();
    expect(instantOf('2026-13-01T10:00:00Z')).toBeUndefined();
    expect(instantOf('2028-02-29T10:00:00Z')).toBe(Date.UTC(2028, 1, 29, 10));
  });
});
