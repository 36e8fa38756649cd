// createMemorySeenStore: the default store of event ids already handled.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createMemorySeenStore } from '../../src/index.js';

describe('createMemorySeenStore', () => {
  it('keeps the newest ids up to its limit, forgetting the oldest first', () => {
    const store = createMemorySeenStore({ limit: 2 });
    store.add('a');
    store.add('b');
    store.add('a'); // seen again: now the newest
    store.add('c');
    expect(['a', 'b', 'c'].map((id) => store.has(id))).toEqual([true, false, true]);
  });

  it.each([
    ['limt', { limt: 50_000 }],
    ['Limit', { Limit: 50_000 }],
  ])(
    'refuses a misspelt %s, which would keep the default limit, saying which was meant',
    (typo, options) => {
      let created: unknown;
      const caught = (() => {
        try {
          created = createMemorySeenStore(options as never);
        } catch (error) {
          return error;
        }
      })();
      expect(created).toBeUndefined();
      expect(caught).toBeInstanceOf(ConfigurationError);
      expect((caught as ConfigurationError).option).toBe(typo);
      expect((caught as Error).message).toBe(
        `Invalid option \`${typo}\`: is not an option of createMemorySeenStore; did you mean \`limit\`?`,
      );
    },
  );

  it('refuses a limit that is not a whole number above 0', () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      expect(() => createMemorySeenStore({ limit })).toThrow(RangeError);
    }
  });
});
