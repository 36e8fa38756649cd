// The examples' newest-version-wins rule, where Date.parse alone cannot tell: two versions a
// microsecond-writing service stamped within one millisecond.
import { describe, expect, it } from 'vitest';
import { isOlderVersion } from '../../examples/support/versions.js';

describe('isOlderVersion', () => {
  it('orders versions within one millisecond by their further digits, either way round', () => {
    const older = '2026-11-22T10:00:00.123100Z';
    const newer = '2026-11-22T10:00:00.123900Z';
    expect(Date.parse(older)).toBe(Date.parse(newer));
    expect(isOlderVersion(older, newer)).toBe(true);
    expect(isOlderVersion(newer, older)).toBe(false);
  });

  it('reads the same instant as not older, whatever its digits or offset', () => {
    expect(isOlderVersion('2026-11-22T10:00:00.1239Z', '2026-11-22T10:00:00.123900Z')).toBe(false);
    expect(isOlderVersion('2026-11-22T12:00:00+02:00', '2026-11-22T10:00:00Z')).toBe(false);
    expect(isOlderVersion('2026-11-22T10:00:00Z', '2026-11-22T10:00:00.000001Z')).toBe(true);
  });

  it('orders versions a millisecond or more apart by their instants', () => {
    expect(isOlderVersion('2026-11-22T11:59:59.999999+02:00', '2026-11-22T10:00:00Z')).toBe(true);
    expect(isOlderVersion('2026-11-22T10:00:00.124Z', '2026-11-22T10:00:00.123999Z')).toBe(false);
  });
});
