// createMemorySeenStore: the default store of event ids already handled.
import { describe, expect, it } from 'vitest';
import { createMemorySeenStore } from '../../src/index.js';

describe('createMemorySeenStore', () => {
  it('keeps the newest ids up to its limit, forgetting the oldest first', () => {
    const store = createMemorySeenStore({ limit: 2 });
    store.add('a');
    store.add('b');
    store.add('a'); // seen again: now the newest
    store.add('c');
    expect(['a', 'b', 'c'].map((id) => store.has(id))).toEqual([true, false, true]);
  });

  it('refuses a limit that is not a whole number above 0', () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      expect(() => createMemorySeenStore({ limit })).toThrow(RangeError);
    }
  });
});
