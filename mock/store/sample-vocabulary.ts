// The words and ranges generated orders are made of: statuses, platforms, businesses, the date
// window, carriers, and the names and places of customers.
import { KNOWN_ORDER_STATUSES, type KNOWN_PLATFORMS } from '../../src/schemas/index.js';

// A tuple of one value per element of T: the same length, so the two lists cannot drift.
// (Mapped over a type parameter, so that TypeScript keeps the tuple.)
type OnePer<T extends readonly unknown[], V> = { readonly [I in keyof T]: V };
type GeneratedPlatforms<T extends readonly string[]> = {
  readonly [I in keyof T]: {
    readonly platform: T[I];
    readonly source: string;
    readonly prefix: string;
  };
};

// The exported lists the generator reads at every order are frozen copies: a test that sorted
// one in place (`GENERATED_STATUSES.sort()`, in JavaScript) would otherwise change what every
// later mock of the process generates for the same seed. A copy, so that freezing it leaves
// the SDK's own export as it is.
/** The order statuses the mock generates, verbatim as the service writes them. */
export const GENERATED_STATUSES = Object.freeze([...KNOWN_ORDER_STATUSES] as const);

/**
 * Cumulative weights (out of 100) of {@link GENERATED_STATUSES}, one per status: typed by
 * that list, so a status added to the SDK's list does not compile until it has a weight.
 */
export const STATUS_WEIGHTS = [20, 40, 65, 90, 100] as const satisfies OnePer<
  typeof GENERATED_STATUSES,
  number
>;

/**
 * The sales platforms the mock generates: the `platform` value, its `source` and ref prefix.
 * One per platform the SDK offers, in its order: typed by that list, so the two cannot drift.
 */
export const GENERATED_PLATFORMS = Object.freeze([
  { platform: 'Trendyol', source: 'trendyol', prefix: 'TY' },
  { platform: 'Hepsiburada', source: 'hepsiburada', prefix: 'HB' },
  { platform: 'Amazon', source: 'amazon', prefix: 'AMZ' },
  { platform: 'Shopify', source: 'shopify', prefix: 'SH' },
  { platform: 'Web', source: 'web', prefix: 'WEB' },
] as const satisfies GeneratedPlatforms<typeof KNOWN_PLATFORMS>);

/** The businesses generated orders belong to; `external_ref` is unique only within one. */
export const GENERATED_BUSINESSES = ['biz_1', 'biz_2', 'biz_3'] as const;

/** Generated orders are dated within this year-long window, oldest first by row. */
export const GENERATED_START_MS = Date.UTC(2025, 10, 1);
/** The length of the window generated orders are dated in. */
export const SPAN_MS = 365 * 24 * 3600 * 1000;

/** The number added to a row to form its `external_ref` (e.g. `TY-100001`). */
export const EXTERNAL_REF_BASE = 100001;

/** One in this many rows repeats the previous row's `source` and `external_ref`. */
export const SHARED_REF_EVERY = 10;

/** The carriers generated parcels travel with, and their tracking page prefixes. */
export const CARRIERS = [
  { name: 'Yurtici Kargo', code: 'YK', url: 'https://track.example/yurtici/' },
  { name: 'Aras Kargo', code: 'AR', url: 'https://track.example/aras/' },
  { name: 'MNG Kargo', code: 'MNG', url: 'https://track.example/mng/' },
  { name: 'UPS', code: '1Z', url: 'https://track.example/ups/' },
];
/** First names of generated customers. */
export const FIRST = [
  'Ayse',
  'Mehmet',
  'Elif',
  'Can',
  'Zeynep',
  'Emre',
  'Deniz',
  'Selin',
  'Burak',
  'Ada',
];
/** Last names of generated customers. */
export const LAST = ['Yilmaz', 'Kaya', 'Demir', 'Celik', 'Sahin', 'Aydin', 'Ozturk', 'Arslan'];
/** Cities of generated addresses, with their postal code prefix. */
export const CITIES = [
  ['Istanbul', '34'],
  ['Ankara', '06'],
  ['Izmir', '35'],
  ['Bursa', '16'],
  ['Antalya', '07'],
] as const;
/** Streets of generated addresses. */
export const STREETS = ['Ataturk Cd.', 'Cumhuriyet Cd.', 'Inonu Sk.', 'Bagdat Cd.', 'Istiklal Cd.'];
