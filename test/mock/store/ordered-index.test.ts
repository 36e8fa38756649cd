// The sorted row index behind both paging modes.
import { describe, expect, it } from 'vitest';
import { OrderedIndex } from '../../../mock/store/ordered-index.js';

describe('OrderedIndex', () => {
  it('keeps rows sorted through inserts and removes, with rank access', () => {
    const keys = [50, 10, 40, 10, 30, 20, 60, 0];
    const compare = (a: number, b: number) => (keys[a] as number) - (keys[b] as number) || a - b;
    const index = new OrderedIndex(compare, 2);
    for (let row = 0; row < keys.length; row++) index.insert(row);
    const sorted = () => index.slice(0, index.size);
    expect(sorted()).toEqual([7, 1, 3, 5, 4, 2, 0, 6]);
    expect(index.at(0)).toBe(7);
    expect(index.remove(3)).toBe(true);
    expect(index.remove(3)).toBe(false);
    keys[2] = 5;
    index.remove(0);
    index.insert(0);
    expect(sorted()).toEqual([7, 1, 5, 4, 2, 0, 6]);
    expect(index.firstRankWhere((row) => (keys[row] as number) > 25)).toBe(3);
    expect(index.slice(5, 99)).toEqual([0, 6]);
  });

  it('builds from sorted rows without sorting', () => {
    const index = OrderedIndex.fromSorted((a, b) => a - b, Int32Array.from([1, 2, 3]));
    index.insert(0);
    expect(index.slice(0, 10)).toEqual([0, 1, 2, 3]);
  });
});
