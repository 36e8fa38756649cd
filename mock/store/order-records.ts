// The orders as rows: generated orders live as four numeric columns (dates, status and
// platform codes) and are derived again from the seed when read; only orders that were
// created or changed are kept as records. Rows are what the indexes hold; nothing outside
// the store sees a row number.
import type { OrderGenerator } from './generate.js';
import { toListShape } from './list-shape.js';
import { MockInputError } from './store-errors.js';
import type { MockOrder } from './types.js';

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

const CANONICAL_ID = /^[1-9]\d{0,14}$/;

// How many list-JSON entries the cache keeps (a row has one per view, with and without the
// shipping fields): a store of a few thousand orders serves its pages without serializing,
// and a million-order store costs at most a few MB.
const LIST_CACHE_ENTRIES = 4096;

// The cache key of a row's list JSON in one view.
const listKey = (row: number, withShipping: boolean) => row * 2 + (withShipping ? 1 : 0);

function refKey(source: string, externalRef: string): string {
  return `${source}\0${externalRef}`;
}

function refKeyOf(order: MockOrder): string {
  return refKey(order.source ?? '', order.external_ref ?? '');
}

/** The rows of one store: columns for the indexes, records for what was written. */
export class OrderRecords {
  private updatedMs = new Float64Array(1024);
  private orderDateMs = new Float64Array(1024);
  private statusCode = new Uint16Array(1024);
  private platformCode = new Uint16Array(1024);
  private rowCount = 0;
  private readonly records = new Map<number, MockOrder>();
  // Row and view → list-shape JSON, UTF-8; every write of a row drops its entries (see write).
  private readonly listBytes = new Map<number, Uint8Array>();
  // A row's id is String(row + 1) unless it was given another one.
  private readonly explicitIdOf = new Map<number, string>();
  private readonly rowOfExplicitId = new Map<string, number>();
  // source + external_ref → rows, for stored records; generated ones are found by parsing.
  private readonly refRows = new Map<string, Set<number>>();
  private readonly statuses = new Dictionary();
  private readonly platforms = new Dictionary();

  /**
   * @param generator - Derives generated rows.
   * @param generated - How many generated rows come first.
   * @param capacity - Rows to make room for at once.
   */
  constructor(
    private readonly generator: OrderGenerator,
    generated: number,
    capacity: number,
  ) {
    this.grow(capacity);
    for (let row = 0; row < generated; row++) {
      const core = generator.core(row);
      this.updatedMs[row] = core.updatedMs;
      this.orderDateMs[row] = core.orderDateMs;
      this.statusCode[row] = this.statuses.code(core.status);
      this.platformCode[row] = this.platforms.code(core.platform);
    }
    this.rowCount = generated;
  }

  /** How many rows there are. */
  get size(): number {
    return this.rowCount;
  }

  /** @param row - 0-based row. */
  idOf(row: number): string {
    return this.explicitIdOf.get(row) ?? String(row + 1);
  }

  /** @param row - 0-based row. */
  updatedAtMs(row: number): number {
    return this.updatedMs[row] as number;
  }

  /** @param row - 0-based row. */
  orderDateMsOf(row: number): number {
    return this.orderDateMs[row] as number;
  }

  /** @param row - 0-based row. */
  statusOf(row: number): string {
    return this.statuses.values[this.statusCode[row] as number] as string;
  }

  /** @param row - 0-based row. */
  platformOf(row: number): string {
    return this.platforms.values[this.platformCode[row] as number] as string;
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
   * The record of a row (shared, not a copy: callers must not change it).
   *
   * @param row - 0-based row.
   */
  read(row: number): MockOrder {
    return this.records.get(row) ?? this.generator.order(row, this.idOf(row));
  }

  /**
   * The row's list shape as JSON in UTF-8, from a bounded cache: list pages are the hot path
   * of the cursor and throughput targets, and a generated row's JSON never changes until
   * written. Bytes, not a string, so that a page is copied once and never encoded per request.
   *
   * @param row - 0-based row.
   * @param withShipping - With the tracking fields and parcels, for a key with `shipping:read`.
   */
  listJson(row: number, withShipping: boolean): Uint8Array {
    const key = listKey(row, withShipping);
    let bytes = this.listBytes.get(key);
    if (bytes === undefined) {
      const record = this.records.get(row);
      const id = this.idOf(row);
      bytes = Buffer.from(
        JSON.stringify(
          record
            ? toListShape(record, withShipping)
            : withShipping
              ? this.generator.listShapeWithTracking(row, id)
              : this.generator.listShape(row, id),
        ),
      );
      // Dropping everything when full is cheaper than tracking recency, and a pull that
      // streams through a large store would evict any policy's entries anyway.
      if (this.listBytes.size >= LIST_CACHE_ENTRIES) this.listBytes.clear();
      this.listBytes.set(key, bytes);
    }
    return bytes;
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
   * The id a new row gets: the wanted one, or the first free canonical id from its row on.
   *
   * @param wanted - The id the input asked for.
   * @param row - The new row.
   * @throws {@link MockInputError} when the wanted id is in use.
   */
  assignId(wanted: string | undefined, row: number): string {
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

  /**
   * Adds a record as the next row.
   *
   * @param record - A complete record.
   * @returns Its row.
   */
  append(record: MockOrder): number {
    const row = this.rowCount;
    this.grow(row + 1);
    if (record.id !== String(row + 1)) {
      this.explicitIdOf.set(row, record.id);
      this.rowOfExplicitId.set(record.id, row);
    }
    this.rowCount++;
    this.write(row, record);
    return row;
  }

  /**
   * Stores a record in a row and its columns (the indexes are the caller's to move).
   *
   * @param row - 0-based row.
   * @param record - A complete record.
   */
  write(row: number, record: MockOrder): void {
    this.listBytes.delete(listKey(row, false));
    this.listBytes.delete(listKey(row, true));
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
}
