// API keys, scopes and IP restrictions (specification 5): which key a request carries and
// whether it may call an endpoint. Keys are compared in constant time.
import { hash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import * as z from 'zod/mini';
import type { ReadonlyLists } from '../store/types.js';

/** The scopes an API key can hold (specification 5.4). */
// Frozen: the default key of every later mock is given a copy of it.
export const SCOPES = Object.freeze([
  'orders:read',
  'webhooks:manage',
  'products:read',
  'shipping:read',
] as const);

/** One scope an API key can hold. */
export type Scope = (typeof SCOPES)[number];

// The fields of an API key, each named so the object below can carry its documentation
// (TypeDoc reads it from there into MockApiKey) without showing a schema as a default value.
// Printable ASCII: a header carries nothing else the same way on every client (node:http reads
// it as Latin-1, curl sends UTF-8), so another key would work in-process and fail over HTTP.
const key = z
  .string({ error: 'must be a non-empty string' })
  .check(
    z.minLength(1, { error: 'must be a non-empty string' }),
    z.regex(/^[\x20-\x7e]*$/, { error: 'must be printable ASCII, as a header carries it' }),
  );
const scopes = z.array(z.enum(SCOPES, { error: `must be among ${SCOPES.join(', ')}` }), {
  error: `must be an array of ${SCOPES.join(', ')}`,
});
const allowedIps = z.optional(
  z.array(
    z.string().check(z.refine(isValidIpRule, { error: 'must be IP addresses or CIDR ranges' })),
    { error: 'must be an array of addresses' },
  ),
);

/**
 * One entry of the `apiKeys` option, checked by the options schema: the key's shape is written
 * here once, and {@link MockApiKey} is inferred from it.
 */
export const ApiKeySchema = z.strictObject(
  {
    /** The raw key, sent as `X-API-Key`. */
    key,
    /** What the key may do. */
    scopes,
    /**
     * Client addresses the key may be used from: exact IPv4/IPv6 addresses or CIDR ranges
     * of either (`10.0.0.0/8`, `2001:db8::/32`). Absent: any address.
     */
    allowedIps,
  },
  {
    // An unknown field is left to the options' wording, which names it and the known ones.
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? undefined
        : 'must be an object { key, scopes, allowedIps? }',
  },
);

// An interface over the inferred type, not an alias of it: TypeDoc then links every use of
// the name, where an alias of an inferred type is printed out in full wherever it is used.
/** An API key the mock accepts; its lists may be readonly, such as {@link SCOPES}. */
export interface MockApiKey extends ReadonlyLists<z.output<typeof ApiKeySchema>> {}

interface StoredKey {
  key: MockApiKey;
  digest: Buffer;
}

// The one-shot hash: every request digests its key, and a Hash object costs more than the hashing.
const digest = (value: string): Buffer => hash('sha256', value, 'buffer');

/** The keys of one mock service, looked up in constant time. */
export class KeyRing {
  private readonly keys: StoredKey[];

  /** @param keys - The accepted keys (already validated). */
  constructor(keys: readonly MockApiKey[]) {
    this.keys = keys.map((key) => ({ key, digest: digest(key.key) }));
  }

  /**
   * The key a presented value names, or undefined. Every stored key is compared, each in
   * constant time over fixed-length digests, so timing says nothing about near misses.
   *
   * @param presented - The `X-API-Key` header value.
   */
  find(presented: string): MockApiKey | undefined {
    const wanted = digest(presented);
    let found: MockApiKey | undefined;
    for (const stored of this.keys) {
      if (timingSafeEqual(stored.digest, wanted) && !found) found = stored.key;
    }
    return found;
  }
}

/**
 * The address as the allow-list is written: IPv4-mapped IPv6 (`::ffff:127.0.0.1`, what
 * node:http reports for IPv4 clients on a dual-stack socket) becomes plain IPv4.
 *
 * @param address - A socket or configured address.
 */
export function normalizeIp(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

function ipv4ToInt(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

// `010.0.0.1` as net.BlockList takes it (`10.0.0.1`); undefined when it is not IPv4.
function canonicalIpv4(address: string): string | undefined {
  const value = ipv4ToInt(address);
  if (value === undefined) return undefined;
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/**
 * Whether an entry of `allowedIps` is well-formed: an IPv4 address or CIDR range, or an IPv6
 * address (any form: `::1`, `0:0:0:0:0:0:0:1`, `::ffff:127.0.0.1`, `::ffff:7f00:1`) or
 * CIDR range (`2001:db8::/32`), as real allow-lists hold both.
 *
 * @param entry - The configured entry.
 */
function isValidIpRule(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  if (bits !== undefined) {
    if (!/^\d{1,3}$/.test(bits)) return false;
    if (ipv4ToInt(address) !== undefined) return Number(bits) <= 32;
    return isIP(address) === 6 && Number(bits) <= 128;
  }
  return ipv4ToInt(address) !== undefined || isIP(address) === 6;
}

// One BlockList per key's list, built on first use: the lists never change after the
// options are resolved, and a request then costs one lookup, not a parse of every rule.
const ruleLists = new WeakMap<readonly string[], BlockList>();

function ruleList(allowedIps: readonly string[]): BlockList {
  let list = ruleLists.get(allowedIps);
  if (list === undefined) {
    list = new BlockList();
    for (const rule of allowedIps) {
      const [address = '', bits] = rule.split('/');
      const ipv4 = canonicalIpv4(address);
      if (ipv4 !== undefined && bits !== undefined) list.addSubnet(ipv4, Number(bits), 'ipv4');
      else if (ipv4 !== undefined) list.addAddress(ipv4, 'ipv4');
      else if (bits !== undefined) list.addSubnet(address, Number(bits), 'ipv6');
      else list.addAddress(address, 'ipv6');
    }
    ruleLists.set(allowedIps, list);
  }
  return list;
}

/**
 * Whether a client address is allowed by a key's `allowedIps`. Addresses are compared as
 * addresses, not strings: IPv6 in any notation (`::1` = `0:0:0:0:0:0:0:1`), and an
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) equal to its IPv4 address,
 * on either side; IPv4 CIDR ranges cover mapped clients too, and IPv6 ranges IPv6 clients
 * (net.BlockList does all this).
 *
 * @param clientIp - The request's source address.
 * @param allowedIps - The key's list (entries valid by {@link isValidIpRule}); undefined
 *   allows every address.
 */
export function ipAllowed(clientIp: string, allowedIps: readonly string[] | undefined): boolean {
  if (allowedIps === undefined) return true;
  const client = normalizeIp(clientIp);
  const ipv4 = canonicalIpv4(client);
  if (ipv4 !== undefined) return ruleList(allowedIps).check(ipv4, 'ipv4');
  return isIP(client) === 6 && ruleList(allowedIps).check(client, 'ipv6');
}
