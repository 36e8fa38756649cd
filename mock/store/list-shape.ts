// Which fields of an order the list endpoints and events leave out: written once here.
import type { MockOrder } from './types.js';

/** The detail fields only a key with `shipping:read` sees. */
export const SHIPPING_FIELDS = [
  'shipping_address',
  'tracking_number',
  'tracking_url',
  'shipments',
] as const;

/** The fields only the order detail (and its items route) carries; list pages leave them out. */
export const DETAIL_ONLY_FIELDS: ReadonlySet<string> = new Set([...SHIPPING_FIELDS, 'items']);

/**
 * An order as the list endpoints and events show it: the record without
 * {@link DETAIL_ONLY_FIELDS}.
 *
 * @param order - The stored record.
 */
export function toListShape(order: MockOrder): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(order)) {
    if (!DETAIL_ONLY_FIELDS.has(key)) out[key] = value;
  }
  return out;
}
