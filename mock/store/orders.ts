// The orders of one mock service, by order id: records in, records and whole list pages out.
// Rows, columns and indexes stay inside the store (order-records.ts, order-indexes.ts); the
// write-stamping rule that keeps the cursor lossless is write-stamps.ts.
import type { WebhookEventType } from '../../src/schemas/index.js';
import { iso, OrderGenerator } from './generate.js';
import { checkInput, givenFields, toValidationIssues } from './input-checks.js';
import { instantMs } from './instants.js';
import { type OrderFilter, OrderIndexes } from './order-indexes.js';
import { OrderRecords } from './order-records.js';
import { OrderInputSchema } from './record-schemas.js';
import { EXTERNAL_REF_BASE, GENERATED_PLATFORMS } from './sample-vocabulary.js';
import { MockInputError, MockNotFoundError } from './store-errors.js';
import type { MockOrder, MockProduct } from './types.js';
import { WriteStamps } from './write-stamps.js';

// An order record or patch once checked: the given fields, in lists the parse made, which
// the record may keep (the caller's OrderInput may hold readonly ones).
type ParsedOrder = Partial<MockOrder>;

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
  onChange: (type: WebhookEventType, order: MockOrder) => void;
}

/** One offset page: each order's list-shape JSON as UTF-8 bytes, and the total. */
export interface OffsetPage {
  items: Uint8Array[];
  total: number;
}

/** One cursor page: each order's list-shape JSON as UTF-8 bytes, and where the next starts. */
export interface CursorPage {
  items: Uint8Array[];
  nextSince: string;
  nextSinceId: string;
  hasMore: boolean;
}

const TIMESTAMP_FIELDS = ['order_date', 'created_at', 'updated_at', 'shipped_at'] as const;

/** The orders of one mock service. */
export class OrderStore {
  private readonly generator: OrderGenerator;
  private readonly rows: OrderRecords;
  private readonly indexes: OrderIndexes;
  private readonly stamps: WriteStamps;

  /**
   * @param options - Seed, initial orders, catalog, clock and change listener.
   * @throws {@link MockInputError} when an initial record is invalid or ids repeat.
   */
  constructor(private readonly options: OrderStoreOptions) {
    const { orders, seed, catalog } = options;
    const explicit = typeof orders === 'number' ? [] : orders;
    const generated = typeof orders === 'number' ? orders : 0;
    this.generator = new OrderGenerator(seed, Math.max(1, generated || explicit.length), catalog);
    this.stamps = new WriteStamps(options.nowMs);
    this.rows = new OrderRecords(this.generator, generated, generated + explicit.length);
    explicit.forEach((input, position) => {
      this.rows.append(this.build(parseOrder(input, `orders[${position}]`)));
    });
    this.indexes = new OrderIndexes(this.rows);
  }

  /**
   * An order by id (shared, not a copy: callers must not change it), or undefined.
   *
   * @param id - An order id, compared as an exact string.
   */
  get(id: unknown): MockOrder | undefined {
    const row = typeof id === 'string' ? this.rows.rowOf(id) : undefined;
    return row === undefined ? undefined : this.rows.read(row);
  }

  /**
   * An order by id, or a {@link MockNotFoundError}.
   *
   * @param id - An order id.
   */
  require(id: unknown): MockOrder {
    const order = this.get(id);
    if (!order) throw new MockNotFoundError(`No order with id ${JSON.stringify(id)}`);
    return order;
  }

  /** Every order in creation order (shared records). O(n). */
  all(): MockOrder[] {
    return Array.from({ length: this.rows.size }, (_, row) => this.rows.read(row));
  }

  /**
   * The orders whose `source` and `external_ref` are both the given values.
   *
   * @param source - The order's `source`.
   * @param externalRef - The order's `external_ref`.
   */
  withRef(source: string, externalRef: string): MockOrder[] {
    return this.rows.rowsWithRef(source, externalRef).map((row) => this.rows.read(row));
  }

  /**
   * One offset page, newest `order_date` first (ties by id, ascending).
   *
   * @param filter - Status and platform filters.
   * @param offset - Orders to skip.
   * @param limit - Page size.
   * @param withShipping - Items carry the tracking fields and parcels (`shipping:read`).
   */
  offsetPage(
    filter: OrderFilter,
    offset: number,
    limit: number,
    withShipping: boolean,
  ): OffsetPage {
    const { rows, total } = this.indexes.byOffset(filter, offset, limit);
    return { items: this.items(rows, withShipping), total };
  }

  /**
   * One cursor page: the orders strictly after (`since`, `sinceId`) in (updated_at, id)
   * order. An empty page hands the same cursor back.
   *
   * @param filter - Status and platform filters.
   * @param since - The cursor's `updated_at`, in any spelling `readDateTime` takes (instants.ts).
   * @param sinceId - The cursor's id.
   * @param limit - Page size.
   * @param withShipping - Items carry the tracking fields and parcels (`shipping:read`).
   */
  cursorPage(
    filter: OrderFilter,
    since: string,
    sinceId: string,
    limit: number,
    withShipping: boolean,
  ): CursorPage {
    const page = this.indexes.byCursor(filter, instantMs(since), sinceId, limit);
    const last = page.rows.at(-1);
    let nextSince = since;
    let nextSinceId = sinceId;
    if (last !== undefined) {
      const ms = this.rows.updatedAtMs(last);
      nextSinceId = this.rows.idOf(last);
      nextSince = iso(ms);
      this.stamps.noteReached({ ms, id: nextSinceId });
    }
    return {
      items: this.items(page.rows, withShipping),
      nextSince,
      nextSinceId,
      hasMore: page.hasMore,
    };
  }

  /** Forgets how far cursor pages have gone: what a reset leaves of unwritten data. */
  forgetCursorsServed(): void {
    this.stamps.forgetReached();
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
    const record = this.build(parseOrder(input, 'order'));
    this.indexes.add(this.rows.append(record));
    this.options.onChange('order.created', record);
    return record;
  }

  /**
   * Changes fields of an order and moves its `updated_at` to the clock, or past the version it
   * replaces (write-stamps.ts). Emits `order.updated`.
   *
   * @param id - The order's id.
   * @param patch - Fields to change; never `id` or `updated_at`.
   * @returns The stored record.
   * @throws {@link MockNotFoundError} for an unknown id; {@link MockInputError} for a bad patch.
   */
  update(id: unknown, patch: unknown): MockOrder {
    const previous = this.require(id);
    const row = this.rows.rowOf(previous.id) as number;
    const parsed = parseOrder(patch, 'order patch');
    const issues = [];
    if (parsed.id !== undefined && parsed.id !== previous.id) {
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
    const next: MockOrder = { ...previous, ...parsed, id: previous.id };
    fillDerived(next, parsed);
    next.updated_at = iso(this.stamps.stampFor(next.id, Date.parse(previous.updated_at)));
    const offsetKey = {
      orderDateMs: Date.parse(next.order_date),
      status: next.status,
      platform: next.platform,
    };
    this.indexes.move(row, offsetKey, () => this.rows.write(row, next));
    this.options.onChange('order.updated', next);
    return next;
  }

  private items(rows: readonly number[], withShipping: boolean): Uint8Array[] {
    return rows.map((row) => this.rows.listJson(row, withShipping));
  }

  // A new record: the input over a generated order of the row it will take.
  private build(input: ParsedOrder): MockOrder {
    const row = this.rows.size;
    const id = this.rows.assignId(input.id, row);
    const base = this.generator.order(row, id);
    const now = iso(
      input.updated_at === undefined ? this.stamps.stampFor(id) : this.options.nowMs(),
    );
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

/**
 * Validates an order record or patch against the wire schema.
 *
 * @param input - Untrusted input.
 * @param what - What it is, for the error message.
 * @throws {@link MockInputError} listing every problem.
 */
function parseOrder(input: unknown, what: string): ParsedOrder {
  const result = checkInput(OrderInputSchema, input);
  if (!result.success)
    throw new MockInputError(what, toValidationIssues(result.error.issues, input));
  return givenFields(result.data as ParsedOrder);
}

// Keeps the fields that follow from others consistent when only the others were given,
// and stores every timestamp as the mock writes them (UTC, milliseconds).
function fillDerived(record: MockOrder, given: ParsedOrder): void {
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
