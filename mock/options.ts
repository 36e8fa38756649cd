// The options of createMockService, checked and filled in once, against one set of defaults.
// A wrong option throws a TypeError that names it.

import { DEFAULT_DELIVERY_RETRY, type DeliveryRetry } from './rules/deliveries.js';
import { isValidIpRule, type MockApiKey, SCOPES, type Scope } from './rules/keys.js';
import type { RateLimit } from './rules/rate-limit.js';
import type { OrderInput, ProductInput } from './store/types.js';

/** The origin the handlers answer on unless `hostUrl` says otherwise. */
export const MOCK_HOST_URL = 'https://mock.order-service.test';

/** The API key the mock accepts by default; it holds every scope. */
export const MOCK_API_KEY = 'ofs_mock_api_key_all_scopes';

/** The inbound endpoint's signing secret unless `signingSecret` says otherwise. */
export const MOCK_SIGNING_SECRET = 'ofs_mock_signing_secret';

/** Options of `createMockService`; every one is optional. */
export interface MockServiceOptions {
  /** Seed of the generated data: the same seed gives the same orders and products. Default 1. */
  seed?: number;
  /** How many orders to generate (default 100), or the records to start with. */
  orders?: number | OrderInput[];
  /** How many products to generate (default 20), or the records to start with. */
  products?: number | ProductInput[];
  /** The accepted API keys. Default: {@link MOCK_API_KEY} with every scope and no IP limit. */
  apiKeys?: MockApiKey[];
  /** The workspace plan; `apiAccess: false` makes every API call a 402. Default `{ apiAccess: true }`. */
  plan?: { apiAccess: boolean };
  /** The inbound endpoint's secret; `null` means none is configured (every call 403). */
  signingSecret?: string | null;
  /** Requests per key per window of the mock clock, or `false` (default) for no limit. */
  rateLimit?: RateLimit | false;
  /** The origin the handlers answer on. Default {@link MOCK_HOST_URL}. */
  hostUrl?: string;
  /** The address in-process requests come from, for `allowedIps`. Default `127.0.0.1`. */
  clientIp?: string;
  /** How failed webhook deliveries are retried. Default 3 attempts, 200 ms doubling, 5 s timeout. */
  deliveryRetry?: Partial<DeliveryRetry>;
}

/** The options with every default filled in. */
export interface ResolvedOptions {
  seed: number;
  orders: number | unknown[];
  products: number | unknown[];
  apiKeys: MockApiKey[];
  plan: { apiAccess: boolean };
  signingSecret: string | null;
  rateLimit: RateLimit | false;
  hostUrl: string;
  clientIp: string;
  deliveryRetry: DeliveryRetry;
}

const KNOWN = new Set([
  'seed',
  'orders',
  'products',
  'apiKeys',
  'plan',
  'signingSecret',
  'rateLimit',
  'hostUrl',
  'clientIp',
  'deliveryRetry',
]);

/** The most orders the mock generates; beyond it memory stops being modest. */
export const MAX_GENERATED_ORDERS = 10_000_000;

function bad(name: string, expected: string, got: unknown): never {
  const shown = typeof got === 'string' ? JSON.stringify(got) : String(got);
  throw new TypeError(`createMockService: ${name} must be ${expected}, got ${shown}`);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function integer(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    bad(name, `an integer from ${min} to ${max}`, value);
  }
  return value;
}

function countOrRecords(name: string, value: unknown, fallback: number, max: number) {
  if (value === undefined) return fallback;
  if (Array.isArray(value)) return value as unknown[];
  if (typeof value === 'number') return integer(name, value, 0, max);
  return bad(name, 'a count or an array of records', value);
}

function apiKeys(value: unknown): MockApiKey[] {
  if (value === undefined) return [{ key: MOCK_API_KEY, scopes: [...SCOPES] }];
  if (!Array.isArray(value)) bad('options.apiKeys', 'an array', value);
  const seen = new Set<string>();
  return value.map((entry, i) => {
    const name = `options.apiKeys[${i}]`;
    if (!isObject(entry)) bad(name, 'an object { key, scopes, allowedIps? }', entry);
    const { key, scopes, allowedIps } = entry;
    if (typeof key !== 'string' || key.length === 0) bad(`${name}.key`, 'a non-empty string', key);
    if (seen.has(key)) bad(`${name}.key`, 'unique', key);
    seen.add(key);
    if (!Array.isArray(scopes)) bad(`${name}.scopes`, `an array of ${SCOPES.join(', ')}`, scopes);
    for (const scope of scopes) {
      if (!SCOPES.includes(scope as Scope))
        bad(`${name}.scopes`, `among ${SCOPES.join(', ')}`, scope);
    }
    const resolved: MockApiKey = { key, scopes: [...(scopes as Scope[])] };
    if (allowedIps !== undefined) {
      if (!Array.isArray(allowedIps))
        bad(`${name}.allowedIps`, 'an array of addresses', allowedIps);
      for (const rule of allowedIps) {
        if (typeof rule !== 'string' || !isValidIpRule(rule)) {
          bad(`${name}.allowedIps`, 'IP addresses or IPv4 CIDR ranges', rule);
        }
      }
      resolved.allowedIps = [...(allowedIps as string[])];
    }
    return resolved;
  });
}

function rateLimit(value: unknown): RateLimit | false {
  if (value === undefined || value === false) return false;
  if (!isObject(value)) bad('options.rateLimit', '{ limit, windowMs } or false', value);
  return {
    limit: integer('options.rateLimit.limit', value.limit, 1, Number.MAX_SAFE_INTEGER),
    windowMs: integer('options.rateLimit.windowMs', value.windowMs, 1, Number.MAX_SAFE_INTEGER),
  };
}

function hostUrl(value: unknown): string {
  if (value === undefined) return MOCK_HOST_URL;
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    bad('options.hostUrl', 'an absolute http(s) URL without query or fragment', value);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function deliveryRetry(value: unknown): DeliveryRetry {
  if (value === undefined) return { ...DEFAULT_DELIVERY_RETRY };
  if (!isObject(value))
    bad('options.deliveryRetry', '{ attempts?, baseDelayMs?, timeoutMs? }', value);
  const merged = { ...DEFAULT_DELIVERY_RETRY, ...value };
  return {
    attempts: integer('options.deliveryRetry.attempts', merged.attempts, 1, 20),
    baseDelayMs: integer('options.deliveryRetry.baseDelayMs', merged.baseDelayMs, 0, 60_000),
    timeoutMs: integer('options.deliveryRetry.timeoutMs', merged.timeoutMs, 1, 600_000),
  };
}

/**
 * Checks the options and fills in the defaults.
 *
 * @param options - What the caller passed.
 * @throws TypeError naming the first wrong option.
 */
export function resolveOptions(options: unknown): ResolvedOptions {
  if (options === undefined) options = {};
  if (!isObject(options)) bad('options', 'an object', options);
  for (const name of Object.keys(options)) {
    if (!KNOWN.has(name))
      bad(`options.${name}`, `one of the known options (${[...KNOWN].join(', ')})`, name);
  }
  const { plan, signingSecret, clientIp } = options;
  if (plan !== undefined && !(isObject(plan) && typeof plan.apiAccess === 'boolean')) {
    bad('options.plan', '{ apiAccess: boolean }', plan);
  }
  if (
    signingSecret !== undefined &&
    signingSecret !== null &&
    (typeof signingSecret !== 'string' || signingSecret.length === 0)
  ) {
    bad('options.signingSecret', 'a non-empty string or null', signingSecret);
  }
  if (clientIp !== undefined && (typeof clientIp !== 'string' || clientIp.trim() === '')) {
    bad('options.clientIp', 'an IP address', clientIp);
  }
  return {
    seed: options.seed === undefined ? 1 : integer('options.seed', options.seed, 0, 0xffffffff),
    orders: countOrRecords('options.orders', options.orders, 100, MAX_GENERATED_ORDERS),
    products: countOrRecords('options.products', options.products, 20, 1_000_000),
    apiKeys: apiKeys(options.apiKeys),
    plan: { apiAccess: plan === undefined ? true : (plan as { apiAccess: boolean }).apiAccess },
    signingSecret:
      signingSecret === undefined ? MOCK_SIGNING_SECRET : (signingSecret as string | null),
    rateLimit: rateLimit(options.rateLimit),
    hostUrl: hostUrl(options.hostUrl),
    clientIp: (clientIp as string | undefined) ?? '127.0.0.1',
    deliveryRetry: deliveryRetry(options.deliveryRetry),
  };
}
