// The rule that keeps the cursor lossless under writes: which `updated_at` a write gets.
import { ORIGIN_CURSOR } from '../../src/schemas/index.js';
import { INSTANT_RANGE, LAST_INSTANT_MS } from './instants.js';
import { compareOrderIds } from './order-id.js';
import { MockInputError } from './store-errors.js';

/** A place in cursor order: an `updated_at` (epoch ms) and an id. */
export interface CursorPosition {
  ms: number;
  id: string;
}

/**
 * Whether `a` sorts strictly after `b` in (updated_at, id) order.
 *
 * @param a - One position.
 * @param b - Another.
 */
function sortsAfter(a: CursorPosition, b: CursorPosition): boolean {
  return a.ms > b.ms || (a.ms === b.ms && compareOrderIds(a.id, b.id) > 0);
}

// The earliest instant from `ms` on at which order `id` sorts strictly after `position`.
function earliestAfter(position: CursorPosition, ms: number, id: string): number {
  if (sortsAfter({ ms, id }, position)) return ms;
  return compareOrderIds(id, position.id) > 0 ? position.ms : position.ms + 1;
}

const ORIGIN: Readonly<CursorPosition> = {
  ms: Date.parse(ORIGIN_CURSOR.since),
  id: ORIGIN_CURSOR.since_id,
};

/** Stamps writes so that no write lands where a pull that already passed would miss it. */
export class WriteStamps {
  // The furthest position a cursor page has handed out (its last order), from the origin
  // cursor on: a pull without a cursor starts strictly after it, so a write stamped at or
  // before it (a clock set before 1970) would be lost to every such pull, as to one that passed.
  private reached = ORIGIN;

  /** @param nowMs - The mock clock, in epoch milliseconds. */
  constructor(private readonly nowMs: () => number) {}

  /**
   * Remembers how far cursor pages have gone. One position serves every filter: a write
   * stamped after the furthest page of any pull sorts after every pull's cursor.
   *
   * @param position - The last order of a page handed out.
   */
  noteReached(position: CursorPosition): void {
    if (sortsAfter(position, this.reached)) this.reached = position;
  }

  /** Forgets every cursor page handed out, as a service reset starts its data anew. */
  forgetReached(): void {
    this.reached = ORIGIN;
  }

  /**
   * The `updated_at` (epoch ms) for a write of order `id`: the clock, unless that would put
   * the write at or before the furthest position a cursor page has handed out, wherever the
   * clock stands (frozen, frozen inside the generated data, or moved back). A pull resumes
   * strictly after the cursor it was served, so such a write would be lost to it; the write
   * takes that position's instant instead, or 1 ms after it when its id sorts before the
   * position's. Only a served cursor, or the origin cursor every pull may start from, moves a
   * stamp: with none handed out, or all of them behind the clock, every write after 1970 is
   * stamped exactly the clock's time, which is what a test that freezes the clock expects to
   * read back.
   *
   * A version of an order is also stamped strictly after the version it replaces (1 ms
   * after, where the clock has not moved on, is frozen, or went back): two versions with one
   * `updated_at` could not be told apart by newest-wins (a receiver's upsert keeps whichever
   * copy arrives first or last, not the newest).
   *
   * @param id - The written order's id.
   * @param previousMs - The `updated_at` (epoch ms) of the version replaced, for an update.
   * @throws {@link MockInputError} when the only stamp that keeps these rules lies past the
   *   last instant the mock writes (a served cursor or the version replaced at it): the write
   *   is refused rather than stamped where no cursor could be resumed from.
   */
  stampFor(id: string, previousMs?: number): number {
    const now = this.nowMs();
    let stamp = earliestAfter(this.reached, now, id);
    if (previousMs !== undefined && stamp <= previousMs) stamp = previousMs + 1;
    if (stamp > LAST_INSTANT_MS) {
      throw new MockInputError('order write', [
        {
          loc: [],
          msg: `no updated_at is left for it: it must sort after a served cursor or the order's previous version, and the mock writes no time past the end of ${INSTANT_RANGE} (reset the mock to start over)`,
          type: 'value_error',
        },
      ]);
    }
    return stamp;
  }
}
