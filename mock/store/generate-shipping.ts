// The shipping side of a generated order: its address, and once shipped its parcels. Pure
// functions of (seed, row), like the rest of the order; each takes the salt its fields start
// from, so the values are those the order generator has always drawn.
import { hash32, pick } from './random.js';
import { CARRIERS, CITIES, STREETS } from './sample-vocabulary.js';
import type { MockOrder } from './types.js';

/**
 * A generated order's shipping address.
 *
 * @param seed - The data's seed.
 * @param row - 0-based row.
 * @param name - Who it goes to (the customer).
 * @param salt - The first salt of the address fields (it takes four from here).
 */
export function generatedAddress(
  seed: number,
  row: number,
  name: string,
  salt: number,
): MockOrder['shipping_address'] {
  const [city, plate] = pick(CITIES, seed, row, salt);
  return {
    name,
    line1: `${pick(STREETS, seed, row, salt + 1)} No:${1 + (hash32(seed, row, salt) % 120)}`,
    line2: null,
    city,
    postal_code: `${plate}${String(hash32(seed, row, salt + 2) % 1000).padStart(3, '0')}`,
    country: 'TR',
    phone: `+90555${String(hash32(seed, row, salt + 3) % 10_000_000).padStart(7, '0')}`,
  };
}

/**
 * The parcels of a shipped order: one, or two for one order in five (a partial shipment
 * leaves in several parcels, specification 2.5).
 *
 * @param seed - The data's seed.
 * @param row - 0-based row.
 * @param orderId - The order's id, which the parcel ids extend.
 * @param shippedAt - When the order shipped.
 * @param salt - The parcel count's salt; carriers take `salt + 1` and up, tracking numbers
 *   `salt + 10` and up.
 */
export function generatedParcels(
  seed: number,
  row: number,
  orderId: string,
  shippedAt: string,
  salt: number,
): MockOrder['shipments'] {
  const parcels = hash32(seed, row, salt) % 5 === 0 ? 2 : 1;
  return Array.from({ length: parcels }, (_, parcel) => {
    const carrier = pick(CARRIERS, seed, row, salt + 1 + parcel);
    const number = `${carrier.code}${String(hash32(seed, row, salt + 10 + parcel)).padStart(10, '0')}`;
    return {
      id: `${orderId}-S${parcel + 1}`,
      carrier: carrier.name,
      tracking_number: number,
      tracking_url: `${carrier.url}${number}`,
      shipped_at: shippedAt,
    };
  });
}
