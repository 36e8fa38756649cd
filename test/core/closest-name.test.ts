// The guess behind a "did you mean" hint: close enough to be the name meant, and no guess
// when nothing is (a wrong hint misleads more than none).
import { describe, expect, it } from 'vitest';
import { closestName } from '../../src/core/closest-name.js';

const CALL = ['signal', 'timeout', 'totalTimeout', 'retry', 'headers'];

describe('closestName', () => {
  it.each([
    ['timeOut', 'timeout'], // case only
    ['TIMEOUT', 'timeout'],
    ['tiemout', 'timeout'], // two edits
    ['retries', 'retry'], // three edits, from seven letters
    ['timeouts', 'timeout'], // the closest wins over a longer one that also contains it
    ['totalTimeOut', 'totalTimeout'],
  ])('takes %s for %s', (name, meant) => {
    expect(closestName(name, CALL)).toBe(meant);
  });

  it('guesses nothing beyond the edits its length allows', () => {
    expect(closestName('NOW', ['now'])).toBe('now');
    // Under four letters only case may differ: too many names are an edit from a short one.
    expect(closestName('nw', ['now'])).toBeUndefined();
    expect(closestName('ret', CALL)).toBeUndefined();
    expect(closestName('limit', CALL)).toBeUndefined();
    expect(closestName('region', CALL)).toBeUndefined();
    // Six letters, three edits from `retry`: too far.
    expect(closestName('retiez', CALL)).toBeUndefined();
  });
});
