// A sorted list of row numbers kept in a growable Int32Array: binary search to find a
// position, a memmove to insert or remove, and O(1) access by rank. At a million rows an
// insert moves at most 4 MB, far cheaper than sorting per request.

/** Orders two rows: negative when `a` sorts first, positive when `b` does, 0 for the same key. */
export type RowComparator = (a: number, b: number) => number;

/** A sorted index of rows (see the file comment for its costs). */
export class OrderedIndex {
  private rows: Int32Array;
  private count = 0;

  /**
   * @param compare - The total order of the index; must not change for a row while it is in
   *   the index (remove a row before changing its key, then insert it again).
   * @param capacity - Initial room, to avoid growing during a bulk load.
   */
  constructor(
    private readonly compare: RowComparator,
    capacity = 16,
  ) {
    this.rows = new Int32Array(Math.max(16, capacity));
  }

  /**
   * Builds an index from rows already in the index's order, without sorting.
   *
   * @param compare - The index's order.
   * @param sorted - The rows, sorted by `compare`.
   */
  static fromSorted(compare: RowComparator, sorted: Int32Array) {
    const index = new OrderedIndex(compare, sorted.length + 16);
    index.rows.set(sorted);
    index.count = sorted.length;
    return index;
  }

  /** How many rows the index holds. */
  get size(): number {
    return this.count;
  }

  /**
   * The row at a rank (0 = first).
   *
   * @param rank - 0 to `size - 1`.
   */
  at(rank: number): number {
    return this.rows[rank] as number;
  }

  /**
   * The rows from rank `start` (inclusive) to `end` (exclusive), clamped to the index.
   *
   * @param start - First rank.
   * @param end - One past the last rank.
   */
  slice(start: number, end: number): number[] {
    const from = Math.max(0, start);
    const to = Math.min(this.count, end);
    // A counted loop: Array.from over a typed array walks the iterator protocol, far slower
    // for a page of rows, and every list request takes one slice.
    const out: number[] = new Array(Math.max(0, to - from));
    for (let i = from; i < to; i++) out[i - from] = this.rows[i] as number;
    return out;
  }

  /**
   * The first rank whose row satisfies `isAfter`, which must be false for a prefix of the
   * index and true for the rest (a binary search, O(log n)).
   *
   * @param isAfter - True for rows that come after the searched position.
   */
  firstRankWhere(isAfter: (row: number) => boolean): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (isAfter(this.rows[mid] as number)) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  /**
   * Inserts a row at its sorted position.
   *
   * @param row - The row, whose key must already be set.
   */
  insert(row: number): void {
    const rank = this.firstRankWhere((other) => this.compare(other, row) > 0);
    if (this.count === this.rows.length) {
      const grown = new Int32Array(this.rows.length * 2);
      grown.set(this.rows);
      this.rows = grown;
    }
    this.rows.copyWithin(rank + 1, rank, this.count);
    this.rows[rank] = row;
    this.count++;
  }

  /**
   * Removes a row, found by its current key.
   *
   * @param row - The row, whose key must not have changed since it was inserted.
   * @returns Whether the row was in the index.
   */
  remove(row: number): boolean {
    let rank = this.firstRankWhere((other) => this.compare(other, row) >= 0);
    // Rows with an equal key (none in a total order, but be safe) sit side by side.
    while (rank < this.count && this.rows[rank] !== row) {
      if (this.compare(this.rows[rank] as number, row) !== 0) return false;
      rank++;
    }
    if (rank >= this.count) return false;
    this.rows.copyWithin(rank, rank + 1, this.count);
    this.count--;
    return true;
  }
}
