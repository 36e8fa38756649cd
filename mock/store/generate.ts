// Deterministic sample data. An order is a pure function of (seed, row, count), so the store
// keeps only a few numeric columns per generated order and derives the rest when asked.

import { generatedPrice, generateProduct } from './generate-products.js';
import { generatedAddress, generatedParcels } from './generate-shipping.js';
import { hash32, pick, unit } from './random.js';
import {
  EXTERNAL_REF_BASE,
  FIRST,
  GENERATED_BUSINESSES,
  GENERATED_PLATFORMS,
  GENERATED_START_MS,
  GENERATED_STATUSES,
  LAST,
  SHARED_REF_EVERY,
  SPAN_MS,
  STATUS_WEIGHTS,
} from './sample-vocabulary.js';
import type { MockOrder, MockProduct } from './types.js';

/** Row-indexed salts, one per derived field, so fields are independent. */
enum Salt {
  Status = 1,
  Platform,
  Business,
  DateJitter,
  Group,
  Delay,
  Customer,
  Items,
  Address,
  // Parcels take Shipments + 1 and up for carriers and + 10 and up for tracking numbers.
  // Products hash their own rows (generate-products.ts), so a value shared with an order's
  // salt only pairs product n with order n, which nothing compares.
  Shipments,
}

/** A generated order's list-shape fields (see {@link OrderGenerator.listShape}). */
export type GeneratedListShape = Pick<
  MockOrder,
  | 'id'
  | 'order_number'
  | 'status'
  | 'platform'
  | 'source'
  | 'external_ref'
  | 'business_id'
  | 'order_date'
  | 'created_at'
  | 'updated_at'
  | 'shipped_at'
  | 'customer_name'
  | 'total_price'
  | 'currency'
> & { customer_name: string };

/** A generated order's tracking fields and parcels (see {@link OrderGenerator.listShapeWithTracking}). */
export type Tracking = Pick<MockOrder, 'tracking_number' | 'tracking_url' | 'shipments'>;

/** The fields the store indexes, computed without building the whole record. */
export interface OrderCore {
  orderDateMs: number;
  updatedMs: number;
  status: string;
  platform: string;
}

/**
 * Derives orders for one seed and count. `core` is cheap enough to call for a million rows;
 * `order` builds the full record.
 */
export class OrderGenerator {
  private readonly step: number;
  private readonly groups: number;

  /**
   * @param seed - The data seed.
   * @param count - How many orders are generated (spreads them over the window).
   * @param catalog - Products the items refer to; an empty catalog gives items without a product.
   */
  constructor(
    private readonly seed: number,
    private readonly count: number,
    private readonly catalog: readonly MockProduct[],
  ) {
    this.step = Math.max(2, Math.floor(SPAN_MS / Math.max(1, count)));
    // Each time slice ends with a bulk sync that touches ~30% of its orders at one instant,
    // so about 60 orders share each such `updated_at`.
    this.groups = Math.max(1, Math.ceil(count / 200));
  }

  /** The row whose `source`/`external_ref` a row carries (a repeat shares its predecessor's). */
  refRow(row: number): number {
    return row % SHARED_REF_EVERY === 1 ? row - 1 : row;
  }

  /**
   * The generated rows whose `source` and `external_ref` are the given ones, found by parsing
   * the reference instead of scanning (a million orders need no lookup table).
   *
   * @param source - The order's `source`.
   * @param externalRef - The order's `external_ref`.
   */
  rowsWithRef(source: string, externalRef: string): number[] {
    const dash = externalRef.lastIndexOf('-');
    const digits = externalRef.slice(dash + 1);
    if (dash < 0 || !/^[1-9]\d*$/.test(digits)) return [];
    const refRow = Number(digits) - EXTERNAL_REF_BASE;
    if (refRow < 0 || refRow >= this.count || this.refRow(refRow) !== refRow) return [];
    const channel = pick(GENERATED_PLATFORMS, this.seed, refRow, Salt.Platform);
    if (channel.source !== source || channel.prefix !== externalRef.slice(0, dash)) return [];
    const rows = [refRow];
    if (refRow + 1 < this.count && this.refRow(refRow + 1) === refRow) rows.push(refRow + 1);
    return rows;
  }

  /**
   * The indexed fields of a row.
   *
   * @param row - 0-based row.
   */
  core(row: number): OrderCore {
    const { seed } = this;
    const orderDateMs =
      GENERATED_START_MS +
      row * this.step +
      Math.floor(unit(seed, row, Salt.DateJitter) * (this.step / 2));
    let updatedMs: number;
    if (unit(seed, row, Salt.Group) < 0.3) {
      const slice = Math.floor((row * this.groups) / Math.max(1, this.count));
      const sliceEnd = GENERATED_START_MS + Math.floor(((slice + 1) * SPAN_MS) / this.groups);
      updatedMs = Math.max(orderDateMs, sliceEnd - (sliceEnd % 1000));
    } else {
      updatedMs = orderDateMs + 3_600_000 + (hash32(seed, row, Salt.Delay) % 259_200_000);
    }
    const roll = hash32(seed, row, Salt.Status) % 100;
    const status = GENERATED_STATUSES[STATUS_WEIGHTS.findIndex((w) => roll < w)] as string;
    const platform = pick(GENERATED_PLATFORMS, seed, this.refRow(row), Salt.Platform).platform;
    return { orderDateMs, updatedMs, status, platform };
  }

  /**
   * The fields of a row the list endpoints and events show: the record of
   * {@link OrderGenerator.order} without items, address, tracking and shipments, in the same
   * key order. Builds no items or shipments, so a list page costs a few hashes per order.
   *
   * @param row - 0-based row.
   * @param id - The order's id.
   */
  listShape(row: number, id: string): GeneratedListShape {
    const { seed } = this;
    const core = this.core(row);
    const refRow = this.refRow(row);
    const channel = pick(GENERATED_PLATFORMS, seed, refRow, Salt.Platform);
    const businessIndex = (hash32(seed, refRow, Salt.Business) + (refRow === row ? 0 : 1)) % 3;
    const shipped = core.status === 'shipped' || core.status === 'Delivered';
    const ordered = iso(core.orderDateMs);
    return {
      id,
      order_number: `SO-${String(row + 1).padStart(7, '0')}`,
      status: core.status,
      platform: channel.platform,
      source: channel.source,
      external_ref: `${channel.prefix}-${refRow + EXTERNAL_REF_BASE}`,
      business_id: GENERATED_BUSINESSES[businessIndex] as string,
      order_date: ordered,
      created_at: ordered,
      updated_at: iso(core.updatedMs),
      shipped_at: shipped
        ? iso(core.orderDateMs + Math.floor((core.updatedMs - core.orderDateMs) / 2))
        : null,
      customer_name: `${pick(FIRST, seed, row, Salt.Customer)} ${pick(LAST, seed, row, Salt.Customer + 100)}`,
      total_price: this.totalPrice(row),
      currency: 'TRY',
    };
  }

  /**
   * {@link OrderGenerator.listShape} followed by the tracking fields and the parcels, in the
   * record's key order: the list shape a key with `shipping:read` sees.
   *
   * @param row - 0-based row.
   * @param id - The order's id.
   */
  listShapeWithTracking(row: number, id: string): GeneratedListShape & Tracking {
    const list = this.listShape(row, id);
    return { ...list, ...this.tracking(row, id, list.shipped_at) };
  }

  /**
   * The full record of a row, consistent with {@link OrderGenerator.core} and
   * {@link OrderGenerator.listShape}.
   *
   * @param row - 0-based row.
   * @param id - The order's id.
   */
  order(row: number, id: string): MockOrder {
    const list = this.listShape(row, id);
    return {
      ...list,
      shipping_address: generatedAddress(this.seed, row, list.customer_name, Salt.Address),
      ...this.tracking(row, id, list.shipped_at),
      items: this.items(row, id),
    };
  }

  // The parcels of a shipped order, and the order's own tracking fields: the first parcel's.
  private tracking(row: number, orderId: string, shippedAt: string | null): Tracking {
    const shipments = shippedAt
      ? generatedParcels(this.seed, row, orderId, shippedAt, Salt.Shipments)
      : [];
    return {
      tracking_number: shipments[0]?.tracking_number ?? null,
      tracking_url: shipments[0]?.tracking_url ?? null,
      shipments,
    };
  }

  // How many item lines an order has, and which product line `line` holds: consecutive
  // products from a random start, so that no order lists the same SKU twice.
  private lineCount(row: number): number {
    return 1 + (hash32(this.seed, row, Salt.Items) % Math.min(3, this.productCount()));
  }

  private productIndex(row: number, line: number): number {
    return (hash32(this.seed, row, Salt.Items + 10) + line) % this.productCount();
  }

  // The catalog, or the 50 products generated when there is none.
  private productCount(): number {
    return this.catalog.length > 0 ? this.catalog.length : 50;
  }

  private quantity(row: number, line: number): number {
    return 1 + (hash32(this.seed, row, Salt.Items + 20 + line) % 3);
  }

  // The sum of the item lines of `items()`, added in the same order so the float result is
  // identical, without building the lines.
  private totalPrice(row: number): number {
    let total = 0;
    const lines = this.lineCount(row);
    for (let line = 0; line < lines; line++) {
      const index = this.productIndex(row, line);
      const price =
        this.catalog.length > 0
          ? (this.catalog[index] as MockProduct).price
          : generatedPrice(this.seed, index);
      total += price * this.quantity(row, line);
    }
    return Math.round(total * 100) / 100;
  }

  private items(row: number, orderId: string): MockOrder['items'] {
    const items: MockOrder['items'] = [];
    const lines = this.lineCount(row);
    for (let line = 0; line < lines; line++) {
      const index = this.productIndex(row, line);
      const product =
        this.catalog.length > 0
          ? (this.catalog[index] as MockProduct)
          : generateProduct(this.seed, index);
      items.push({
        id: `${orderId}-${line + 1}`,
        product_id: this.catalog.length > 0 ? product.id : null,
        sku: product.sku,
        barcode: product.barcode,
        name: product.name,
        quantity: this.quantity(row, line),
        price: product.price,
        currency: product.currency,
      });
    }
    return items;
  }
}

/**
 * Epoch milliseconds as the mock writes every timestamp: ISO 8601, UTC, with milliseconds.
 *
 * @param ms - Epoch milliseconds.
 * @throws RangeError for a value that is not a valid time (as toISOString does).
 */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
