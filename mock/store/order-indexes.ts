// The sorted indexes of the orders, each an OrderedIndex of rows: (updated_at, id) ascending
// for cursor pulls, (order_date desc, id) for offset pages, each also per status, per
// platform and per status+platform, so a filtered page costs the same as an unfiltered one.
import { compareOrderIds } from './order-id.js';
import type { OrderRecords } from './order-records.js';
import { OrderedIndex } from './ordered-index.js';

/** The filters of GET /orders. */
export interface OrderFilter {
  status?: string | undefined;
  platform?: string | undefined;
}

/** What places a row in the offset indexes. */
export interface OffsetKey {
  orderDateMs: number;
  status: string;
  platform: string;
}

type Compare = (a: number, b: number) => number;

function indexKeys(status: string, platform: string): string[] {
  return ['all', `s\0${status}`, `p\0${platform}`, `sp\0${status}\0${platform}`];
}

function filterKey(filter: OrderFilter): string {
  const { status, platform } = filter;
  if (status !== undefined && platform !== undefined) return `sp\0${status}\0${platform}`;
  if (status !== undefined) return `s\0${status}`;
  if (platform !== undefined) return `p\0${platform}`;
  return 'all';
}

/** The cursor and offset indexes over one store's rows. */
export class OrderIndexes {
  private readonly cursor = new Map<string, OrderedIndex>();
  private readonly offset = new Map<string, OrderedIndex>();

  private readonly compareIds = (a: number, b: number): number =>
    compareOrderIds(this.rows.idOf(a), this.rows.idOf(b));

  private readonly compareCursor: Compare = (a, b) =>
    this.rows.updatedAtMs(a) - this.rows.updatedAtMs(b) || this.compareIds(a, b);

  private readonly compareOffset: Compare = (a, b) =>
    this.rows.orderDateMsOf(b) - this.rows.orderDateMsOf(a) || this.compareIds(a, b);

  /**
   * Indexes every row there is. One sort per order, then a linear pass splits it into the
   * filtered indexes, already sorted because they are subsequences of the sorted whole.
   *
   * @param rows - The store's rows.
   */
  constructor(private readonly rows: OrderRecords) {
    const n = rows.size;
    // Generated rows are dated oldest first, so descending row order is nearly sorted
    // for the offset index and the sort runs in about linear time.
    const byDate = Array.from({ length: n }, (_, i) => n - 1 - i).sort(this.compareOffset);
    const byUpdate = Array.from({ length: n }, (_, i) => i).sort(this.compareCursor);
    this.split(this.offset, byDate, this.compareOffset);
    this.split(this.cursor, byUpdate, this.compareCursor);
  }

  /**
   * Rows of one offset page, newest `order_date` first (ties by id), with the total.
   *
   * @param filter - Status and platform filters.
   * @param offset - Rows to skip.
   * @param limit - Page size.
   */
  byOffset(filter: OrderFilter, offset: number, limit: number) {
    const index = this.offset.get(filterKey(filter));
    if (!index) return { rows: [] as number[], total: 0 };
    return { rows: index.slice(offset, offset + limit), total: index.size };
  }

  /**
   * Rows of one cursor page: those strictly after (`sinceMs`, `sinceId`) in (updated_at, id)
   * order (ids by {@link compareOrderIds}). O(log n + limit).
   *
   * @param filter - Status and platform filters.
   * @param sinceMs - The cursor's `updated_at`, in epoch milliseconds.
   * @param sinceId - The cursor's id.
   * @param limit - Page size.
   */
  byCursor(filter: OrderFilter, sinceMs: number, sinceId: string, limit: number) {
    const index = this.cursor.get(filterKey(filter));
    if (!index) return { rows: [] as number[], hasMore: false };
    const start = index.firstRankWhere((row) => {
      const updated = this.rows.updatedAtMs(row);
      return (
        updated > sinceMs ||
        (updated === sinceMs && compareOrderIds(this.rows.idOf(row), sinceId) > 0)
      );
    });
    const rows = index.slice(start, start + limit);
    return { rows, hasMore: start + rows.length < index.size };
  }

  /**
   * Adds a new row to every index it belongs in.
   *
   * @param row - The row, already written.
   */
  add(row: number): void {
    const keys = this.keysOf(row);
    this.insert(this.cursor, keys, row, this.compareCursor);
    this.insert(this.offset, keys, row, this.compareOffset);
  }

  /**
   * Rewrites a row and moves it in the indexes: every write moves its `updated_at`, so its
   * cursor entries always move; its offset entries only when its date, status or platform
   * changes (at a million rows each move shifts megabytes).
   *
   * @param row - The row, not yet rewritten.
   * @param next - The row's offset key after the write.
   * @param write - Rewrites the row's columns.
   */
  move(row: number, next: OffsetKey, write: () => void): void {
    const before = this.keysOf(row);
    const moveOffset =
      this.rows.orderDateMsOf(row) !== next.orderDateMs ||
      this.rows.statusOf(row) !== next.status ||
      this.rows.platformOf(row) !== next.platform;
    for (const key of before) this.cursor.get(key)?.remove(row);
    if (moveOffset) for (const key of before) this.offset.get(key)?.remove(row);
    write();
    const after = this.keysOf(row);
    this.insert(this.cursor, after, row, this.compareCursor);
    if (moveOffset) this.insert(this.offset, after, row, this.compareOffset);
  }

  private keysOf(row: number): string[] {
    return indexKeys(this.rows.statusOf(row), this.rows.platformOf(row));
  }

  private insert(indexes: Map<string, OrderedIndex>, keys: string[], row: number, cmp: Compare) {
    for (const key of keys) {
      const index = indexes.get(key) ?? new OrderedIndex(cmp);
      if (index.size === 0) indexes.set(key, index);
      index.insert(row);
    }
  }

  private split(indexes: Map<string, OrderedIndex>, sorted: number[], compare: Compare): void {
    const buckets = new Map<string, number[]>();
    for (const row of sorted) {
      for (const key of this.keysOf(row).slice(1)) {
        const bucket = buckets.get(key);
        if (bucket) bucket.push(row);
        else buckets.set(key, [row]);
      }
    }
    indexes.set('all', OrderedIndex.fromSorted(compare, Int32Array.from(sorted)));
    for (const [key, rows] of buckets) {
      indexes.set(key, OrderedIndex.fromSorted(compare, Int32Array.from(rows)));
    }
  }
}
