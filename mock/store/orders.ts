// The orders and their indexes. Generated orders live as four numeric columns (dates, status
// and platform codes) and are derived again from the seed when read; only orders that were
// created or changed are kept as records. Every index is an OrderedIndex of row numbers:
// (updated_at, id) ascending for cursor pulls, (order_date desc, id) for offset pages, each
// also per status, per platform and per status+platform so a filtered page costs the same as
// an unfiltered one.

import { EXTERNAL_REF_BASE, GENERATED_PLATFORMS, iso, OrderGenerator } from './generate.js';
import { compareOrderIds } from './order-id.js';
import { OrderedIndex } from './ordered-index.js';
import { OrderInputSchema } from './record-schemas.js';
import { MockInputError, MockNotFoundError } from './store-errors.js';
import type { MockOrder, MockProduct, OrderInput } from './types.js';
import { toValidationIssues } from './validation.js';

/** An outbound event kind the store emits. */
export type OrderEventType = 'order.created' | 'order.updated';

/** What the store needs from the service. */
export interface OrderStoreOptions {
  /** Data seed. */
  seed: number;
  /** How many orders to generate, or the records to start with. */
  orders: number | readonly unknown[];
  /** Products generated order items refer to. */
  catalog: readonly MockProduct[];
  /** The mock clock, in epoch milliseconds. */
  nowMs: () => number;
  /** Called after every create and update. */
  onChange: (type: OrderEventType, order: MockOrder) => void;
}

/** The filters of GET /orders. */
export interface OrderFilter {
  status?: string | undefined;
  platform?: string | undefined;
}

/** The fields only the order detail carries; the list shape leaves them out. */
const DETAIL_ONLY = new Set([
  'shipping_address',
  'tracking_number',
  'tracking_url',
  'shipments',
  'items',
]);

const TIMESTAMP_FIELDS = ['order_date', 'created_at', 'updated_at', 'shipped_at'] as const;

// Interns the strings an index is keyed by, so a column holds a small number per row.
class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      if (code > 0xffff) throw new RangeError('More than 65536 distinct statuses or platforms');
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }
}

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

const CANONICAL_ID = /^[1-9]\d{0,14}$/;

// How many rows' list JSON the cache keeps (about 450 bytes each).
const LIST_CACHE_ROWS = 4096;

/** The orders of one mock service (see the file comment for the layout). */
export class OrderStore {
  private updatedMs = new Float64Array(1024);
  private orderDateMs = new Float64Array(1024);
  private statusCode = new Uint16Array(1024);
  private platformCode = new Uint16Array(1024);
  private rowCount = 0;
  private readonly generatedCount: number;
  private readonly generator: OrderGenerator;
  private readonly records = new Map<number, MockOrder>();
  // Row → list-shape JSON as UTF-8; see listJson. Every write of a row drops its entry.
  private readonly listTexts = new Map<number, Buffer>();
  // A row's id is String(row + 1) unless it was given another one.
  private readonly explicitIdOf = new Map<number, string>();
  private readonly rowOfExplicitId = new Map<string, number>();
  // source + external_ref → rows, for stored records; generated ones are found by parsing.
  private readonly refRows = new Map<string, Set<number>>();
  private readonly statuses = new Dictionary();
  private readonly platforms = new Dictionary();
  private readonly cursorIndexes = new Map<string, OrderedIndex>();
  private readonly offsetIndexes = new Map<string, OrderedIndex>();
  // The cursor key of the newest write and the clock reading it was stamped at.
  private lastWrite: (CursorPosition & { nowMs: number }) | undefined;
  // The furthest position a cursor page has handed out (its last order); no write may land
  // at or before it, or a pull that already passed it would never see the write.
  private reached: CursorPosition | undefined;

  /**
   * @param options - Seed, initial orders, catalog, clock and change listener.
   * @throws {@link MockInputError} when an initial record is invalid or ids repeat.
   */
  constructor(private readonly options: OrderStoreOptions) {
    const { orders, seed, catalog } = options;
    const explicit = typeof orders === 'number' ? [] : orders;
    this.generatedCount = typeof orders === 'number' ? orders : 0;
    this.generator = new OrderGenerator(
      seed,
      Math.max(1, this.generatedCount || explicit.length),
      catalog,
    );
    this.grow(this.generatedCount + explicit.length);
    for (let row = 0; row < this.generatedCount; row++) {
      const core = this.generator.core(row);
      this.updatedMs[row] = core.updatedMs;
      this.orderDateMs[row] = core.orderDateMs;
      this.statusCode[row] = this.statuses.code(core.status);
      this.platformCode[row] = this.platforms.code(core.platform);
    }
    this.rowCount = this.generatedCount;
    explicit.forEach((input, position) => {
      const record = this.build(parseOrder(input, `orders[${position}]`), this.rowCount);
      this.append(record);
    });
    this.buildIndexes();
  }

  /** How many orders there are. */
  get size(): number {
    return this.rowCount;
  }

  /**
   * The id of a row.
   *
   * @param row - 0-based row.
   */
  idOf(row: number): string {
    return this.explicitIdOf.get(row) ?? String(row + 1);
  }

  /**
   * The `updated_at` of a row in epoch milliseconds, without building the record.
   *
   * @param row - 0-based row.
   */
  updatedAtMsOf(row: number): number {
    return this.updatedMs[row] as number;
  }

  /**
   * The row of an id, if any.
   *
   * @param id - An order id, compared as an exact string.
   */
  rowOf(id: string): number | undefined {
    const explicit = this.rowOfExplicitId.get(id);
    if (explicit !== undefined) return explicit;
    if (!CANONICAL_ID.test(id)) return undefined;
    const row = Number(id) - 1;
    return row < this.rowCount && !this.explicitIdOf.has(row) ? row : undefined;
  }

  /**
   * The stored record of a row (shared, not a copy: callers must not change it).
   *
   * @param row - 0-based row.
   */
  read(row: number): MockOrder {
    return this.records.get(row) ?? this.generator.order(row, this.idOf(row));
  }

  /**
   * The order as the list endpoints show it: the record without items and shipping details.
   *
   * @param row - 0-based row.
   */
  listShape(row: number): Record<string, unknown> {
    const record = this.records.get(row);
    return record ? toListShape(record) : this.generator.listShape(row, this.idOf(row));
  }

  /**
   * {@link OrderStore.listShape} as UTF-8 JSON, what a list page's body is copied from (as
   * bytes, so a page is one memory copy, with no string to join, measure and encode). Kept in a
   * bounded cache: a store of a few thousand orders serves its pages without serializing,
   * and a million-order store costs at most the cache's few MB.
   *
   * @param row - 0-based row.
   */
  listJson(row: number): Buffer {
    let bytes = this.listTexts.get(row);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(this.listShape(row)));
      // Dropping everything when full is cheaper than tracking recency, and a pull that
      // streams through a large store would evict any policy's entries anyway.
      if (this.listTexts.size >= LIST_CACHE_ROWS) this.listTexts.clear();
      this.listTexts.set(row, bytes);
    }
    return bytes;
  }

  /**
   * The `updated_at` of a row as the records show it.
   *
   * @param row - 0-based row.
   */
  updatedAtOf(row: number): string {
    return iso(this.updatedMs[row] as number);
  }

  /**
   * One offset page, newest `order_date` first (ties by id, ascending), with its total.
   *
   * @param filter - Status and platform filters.
   * @param offset - Records to skip.
   * @param limit - Page size.
   */
  pageByOffset(filter: OrderFilter, offset: number, limit: number) {
    const index = this.offsetIndexes.get(filterKey(filter));
    if (!index) return { rows: [] as number[], total: 0 };
    return { rows: index.slice(offset, offset + limit), total: index.size };
  }

  /**
   * One cursor page: the orders strictly after (`sinceMs`, `sinceId`) in (updated_at, id)
   * order (ids by {@link compareOrderIds}). O(log n + limit).
   *
   * @param filter - Status and platform filters.
   * @param sinceMs - The cursor's `updated_at`, in epoch milliseconds.
   * @param sinceId - The cursor's id.
   * @param limit - Page size.
   */
  pageByCursor(filter: OrderFilter, sinceMs: number, sinceId: string, limit: number) {
    const index = this.cursorIndexes.get(filterKey(filter));
    if (!index) return { rows: [] as number[], hasMore: false };
    const start = index.firstRankWhere((row) => {
      const updated = this.updatedMs[row] as number;
      return (
        updated > sinceMs || (updated === sinceMs && compareOrderIds(this.idOf(row), sinceId) > 0)
      );
    });
    const rows = index.slice(start, start + limit);
    const last = rows.at(-1);
    if (last !== undefined) this.noteReached(last);
    return { rows, hasMore: start + rows.length < index.size };
  }

  /**
   * The rows whose `source` and `external_ref` are both the given values.
   *
   * @param source - The order's `source`.
   * @param externalRef - The order's `external_ref`.
   */
  rowsWithRef(source: string, externalRef: string): number[] {
    const rows = this.generator
      .rowsWithRef(source, externalRef)
      .filter((row) => !this.records.has(row));
    for (const row of this.refRows.get(refKey(source, externalRef)) ?? []) rows.push(row);
    return rows;
  }

  /**
   * Creates an order: the given fields, the rest generated; status `Created` and every
   * timestamp from the clock unless given. Emits `order.created`.
   *
   * @param input - Any subset of the order's fields.
   * @returns The stored record.
   * @throws {@link MockInputError} for an invalid field or an id in use.
   */
  create(input: unknown = {}): MockOrder {
    const record = this.build(parseOrder(input, 'order'), this.rowCount);
    const row = this.append(record);
    this.indexRow(row);
    this.options.onChange('order.created', record);
    return record;
  }

  /**
   * Changes fields of an order and moves its `updated_at` to the clock. Emits `order.updated`.
   *
   * @param row - 0-based row.
   * @param patch - Fields to change; never `id` or `updated_at`.
   * @returns The stored record.
   * @throws {@link MockInputError} for an invalid field.
   */
  update(row: number, patch: unknown): MockOrder {
    const parsed = parseOrder(patch, 'order patch');
    const issues = [];
    if (parsed.id !== undefined && parsed.id !== this.idOf(row)) {
      issues.push({ loc: ['id'], msg: 'The id of an order cannot change', type: 'value_error' });
    }
    if (parsed.updated_at !== undefined) {
      issues.push({
        loc: ['updated_at'],
        msg: 'updated_at is set from the mock clock on every update; move the clock instead',
        type: 'value_error',
      });
    }
    if (issues.length > 0) throw new MockInputError('order patch', issues);
    const previous = this.read(row);
    const next: MockOrder = { ...previous, ...parsed, id: previous.id };
    fillDerived(next, parsed);
    next.updated_at = iso(this.stampFor(next.id));
    this.replace(row, next);
    this.options.onChange('order.updated', next);
    return next;
  }

  /**
   * The row of an id, or a {@link MockNotFoundError}.
   *
   * @param id - An order id.
   */
  requireRow(id: unknown): number {
    const row = typeof id === 'string' ? this.rowOf(id) : undefined;
    if (row === undefined) throw new MockNotFoundError(`No order with id ${JSON.stringify(id)}`);
    return row;
  }

  private build(input: OrderInput, row: number): MockOrder {
    const id = this.assignId(input.id, row);
    const base = this.generator.order(row, id);
    const now = iso(input.updated_at === undefined ? this.stampFor(id) : this.options.nowMs());
    const record: MockOrder = {
      ...base,
      // A new order has not shipped yet, and has its own reference (not a generated one's)
      // on its own channel: a given platform decides `source` and the reference's prefix.
      ...channelRef(input.platform ?? base.platform, row),
      status: 'Created',
      shipped_at: null,
      shipments: [],
      tracking_number: null,
      tracking_url: null,
      order_date: now,
      created_at: now,
      updated_at: now,
      ...input,
      id,
    };
    fillDerived(record, input);
    return record;
  }

  private assignId(wanted: string | undefined, row: number): string {
    if (wanted !== undefined) {
      if (this.rowOf(wanted) !== undefined || this.rowOfExplicitId.has(wanted)) {
        throw new MockInputError('order', [
          { loc: ['id'], msg: `An order with id ${wanted} already exists`, type: 'value_error' },
        ]);
      }
      return wanted;
    }
    let candidate = row + 1;
    while (this.rowOfExplicitId.has(String(candidate))) candidate++;
    return String(candidate);
  }

  private grow(needed: number): void {
    if (needed <= this.updatedMs.length) return;
    const capacity = Math.max(needed, this.updatedMs.length * 2);
    const widen = <T extends Float64Array | Uint16Array>(old: T, make: (n: number) => T) => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.updatedMs = widen(this.updatedMs, (n) => new Float64Array(n));
    this.orderDateMs = widen(this.orderDateMs, (n) => new Float64Array(n));
    this.statusCode = widen(this.statusCode, (n) => new Uint16Array(n));
    this.platformCode = widen(this.platformCode, (n) => new Uint16Array(n));
  }

  private append(record: MockOrder): number {
    const row = this.rowCount;
    this.grow(row + 1);
    if (record.id !== String(row + 1)) {
      this.explicitIdOf.set(row, record.id);
      this.rowOfExplicitId.set(record.id, row);
    }
    this.rowCount++;
    this.store(row, record);
    return row;
  }

  private store(row: number, record: MockOrder): void {
    this.listTexts.delete(row);
    const previous = this.records.get(row);
    if (previous) this.refRows.get(refKeyOf(previous))?.delete(row);
    this.records.set(row, record);
    const key = refKeyOf(record);
    const rows = this.refRows.get(key);
    if (rows) rows.add(row);
    else this.refRows.set(key, new Set([row]));
    this.updatedMs[row] = Date.parse(record.updated_at);
    this.orderDateMs[row] = Date.parse(record.order_date);
    this.statusCode[row] = this.statuses.code(record.status);
    this.platformCode[row] = this.platforms.code(record.platform);
  }

  private replace(row: number, record: MockOrder): void {
    const before = this.keysOf(row);
    const dateBefore = this.orderDateMs[row];
    this.unindex(this.cursorIndexes, before, row);
    const moveOffset =
      dateBefore !== Date.parse(record.order_date) ||
      this.statuses.values[this.statusCode[row] as number] !== record.status ||
      this.platforms.values[this.platformCode[row] as number] !== record.platform;
    if (moveOffset) this.unindex(this.offsetIndexes, before, row);
    this.store(row, record);
    const after = this.keysOf(row);
    this.reindex(this.cursorIndexes, after, row, this.compareCursor);
    if (moveOffset) this.reindex(this.offsetIndexes, after, row, this.compareOffset);
  }

  private keysOf(row: number): string[] {
    return indexKeys(
      this.statuses.values[this.statusCode[row] as number] as string,
      this.platforms.values[this.platformCode[row] as number] as string,
    );
  }

  private unindex(indexes: Map<string, OrderedIndex>, keys: string[], row: number): void {
    for (const key of keys) indexes.get(key)?.remove(row);
  }

  private reindex(
    indexes: Map<string, OrderedIndex>,
    keys: string[],
    row: number,
    compare: (a: number, b: number) => number,
  ): void {
    for (const key of keys) {
      const index = indexes.get(key) ?? new OrderedIndex(compare);
      if (index.size === 0) indexes.set(key, index);
      index.insert(row);
    }
  }

  private indexRow(row: number): void {
    const keys = this.keysOf(row);
    this.reindex(this.cursorIndexes, keys, row, this.compareCursor);
    this.reindex(this.offsetIndexes, keys, row, this.compareOffset);
  }

  // Remembers how far cursor pages have gone. One position serves every filter: a write
  // stamped after the furthest page of any pull sorts after every pull's cursor.
  private noteReached(row: number): void {
    const position = { ms: this.updatedMs[row] as number, id: this.idOf(row) };
    if (!this.reached || sortsAfter(position, this.reached)) this.reached = position;
  }

  /**
   * The `updated_at` (epoch ms) for a write of order `id`: the clock, unless that would put
   * the write at or before a position a pull may already have passed. That is (1) the
   * previous write, unless the clock was moved back since (`clock.set` to an earlier time
   * starts the sequence afresh, as the caller asked), and (2) always, the furthest position
   * any cursor page has handed out, wherever the clock stands (frozen inside the generated
   * data, or moved back). Two writes in one millisecond, or under a frozen clock, where the
   * second has the smaller id, or a write stamped behind orders a pull has already seen,
   * would otherwise be lost to that pull. The write then takes that position's instant, or
   * 1 ms after it: a commit sequence that keeps the cursor lossless.
   */
  private stampFor(id: string): number {
    const now = this.options.nowMs();
    const last = this.lastWrite;
    let ms = last && now >= last.nowMs ? earliestAfter(last, now, id) : now;
    if (this.reached) ms = earliestAfter(this.reached, ms, id);
    this.lastWrite = { nowMs: now, ms, id };
    return ms;
  }

  private compareIds(a: number, b: number): number {
    return compareOrderIds(this.idOf(a), this.idOf(b));
  }

  private readonly compareCursor = (a: number, b: number): number =>
    (this.updatedMs[a] as number) - (this.updatedMs[b] as number) || this.compareIds(a, b);

  private readonly compareOffset = (a: number, b: number): number =>
    (this.orderDateMs[b] as number) - (this.orderDateMs[a] as number) || this.compareIds(a, b);

  // One sort per order, then a linear pass splits it into the filtered indexes, which are
  // already sorted because they are subsequences of the sorted whole.
  private buildIndexes(): void {
    const n = this.rowCount;
    // Generated rows are dated oldest first, so descending row order is nearly sorted
    // for the offset index and the sort runs in about linear time.
    const byDate = Array.from({ length: n }, (_, i) => n - 1 - i).sort(this.compareOffset);
    const byUpdate = Array.from({ length: n }, (_, i) => i).sort(this.compareCursor);
    this.splitInto(this.offsetIndexes, byDate, this.compareOffset);
    this.splitInto(this.cursorIndexes, byUpdate, this.compareCursor);
  }

  private splitInto(
    indexes: Map<string, OrderedIndex>,
    sorted: number[],
    compare: (a: number, b: number) => number,
  ): void {
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

/** A place in cursor order: an `updated_at` (epoch ms) and an id. */
interface CursorPosition {
  ms: number;
  id: string;
}

function sortsAfter(a: CursorPosition, b: CursorPosition): boolean {
  return a.ms > b.ms || (a.ms === b.ms && compareOrderIds(a.id, b.id) > 0);
}

// The earliest instant from `ms` on at which order `id` sorts strictly after `position`.
function earliestAfter(position: CursorPosition, ms: number, id: string): number {
  if (sortsAfter({ ms, id }, position)) return ms;
  return compareOrderIds(id, position.id) > 0 ? position.ms : position.ms + 1;
}

/**
 * An order as the list endpoints and events show it: the record without items, shipping
 * address, tracking and shipments.
 *
 * @param order - The stored record.
 */
export function toListShape(order: MockOrder): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(order)) {
    if (!DETAIL_ONLY.has(key)) out[key] = value;
  }
  return out;
}

/**
 * The `source` and `external_ref` of a new order on `platform`: those of the generated
 * channel of that name (`Amazon` → `amazon`, `AMZ-<n>`), else the platform lower-cased and
 * its letters and digits upper-cased as the prefix. Fields given explicitly override both.
 *
 * @param platform - The order's platform.
 * @param row - The order's row; its reference number is `row + EXTERNAL_REF_BASE`.
 */
function channelRef(platform: string, row: number): { source: string; external_ref: string } {
  const known = GENERATED_PLATFORMS.find((channel) => channel.platform === platform);
  const prefix = known?.prefix ?? (platform.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '') || 'ORD');
  return {
    source: known?.source ?? platform.toLowerCase(),
    external_ref: `${prefix}-${row + EXTERNAL_REF_BASE}`,
  };
}

function refKey(source: string, externalRef: string): string {
  return `${source}\0${externalRef}`;
}

function refKeyOf(order: MockOrder): string {
  return refKey(order.source ?? '', order.external_ref ?? '');
}

/**
 * Validates an order record or patch against the wire schema.
 *
 * @param input - Untrusted input.
 * @param what - What it is, for the error message.
 * @throws {@link MockInputError} listing every problem.
 */
export function parseOrder(input: unknown, what: string): OrderInput {
  const result = OrderInputSchema.safeParse(input);
  if (!result.success) throw new MockInputError(what, toValidationIssues(result.error.issues));
  return result.data as OrderInput;
}

// Keeps the fields that follow from others consistent when only the others were given,
// and stores every timestamp as the mock writes them (UTC, milliseconds).
function fillDerived(record: MockOrder, given: OrderInput): void {
  if (given.items !== undefined && given.total_price === undefined) {
    const total = record.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    record.total_price = Math.round(total * 100) / 100;
  }
  if (given.shipments !== undefined) {
    if (given.tracking_number === undefined) {
      record.tracking_number = record.shipments[0]?.tracking_number ?? null;
    }
    if (given.tracking_url === undefined) {
      record.tracking_url = record.shipments[0]?.tracking_url ?? null;
    }
  }
  for (const field of TIMESTAMP_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') record[field] = iso(Date.parse(value));
  }
}
