// Which fields of an order the list endpoints and events show: written once here.
import type { MockOrder } from './types.js';

/** The detail fields only a key with `shipping:read` sees. */
export const SHIPPING_FIELDS = [
  'shipping_address',
  'tracking_number',
  'tracking_url',
  'shipments',
] as const;

/**
 * The shipping fields the order list carries as well, for a key with `shipping:read`: the
 * tracking fields and the parcels, where 4.6 says carrier and tracking are read from the
 * pull endpoint. The address stays in the detail.
 */
const LIST_SHIPPING_FIELDS: ReadonlySet<string> = new Set([
  'tracking_number',
  'tracking_url',
  'shipments',
]);

/** The fields only the order detail (and its items route) carries; list pages leave them out. */
const DETAIL_ONLY_FIELDS: ReadonlySet<string> = new Set([...SHIPPING_FIELDS, 'items']);

/**
 * An order as the list endpoints and events show it: the record without
 * {@link DETAIL_ONLY_FIELDS}, or, with `withShipping`, without the address and items only
 * (see {@link LIST_SHIPPING_FIELDS}). Key order is the record's.
 *
 * @param order - The stored record.
 * @param withShipping - Whether the reader holds `shipping:read`; events never do.
 */
export function toListShape(order: MockOrder, withShipping = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(order)) {
    if (!DETAIL_ONLY_FIELDS.has(key) || (withShipping && LIST_SHIPPING_FIELDS.has(key))) {
      out[key] = value;
    }
  }
  return out;
}
