// API keys, scopes and IP restrictions (specification 5): which key a request carries and
// whether it may call an endpoint. Keys are compared in constant time.
import { hash, timingSafeEqual } from 'node:crypto';

/** The scopes an API key can hold (specification 5.4). */
export const SCOPES = ['orders:read', 'webhooks:manage', 'products:read', 'shipping:read'] as const;

/** One scope an API key can hold. */
export type Scope = (typeof SCOPES)[number];

/** An API key the mock accepts. */
export interface MockApiKey {
  /** The raw key, sent as `X-API-Key`. */
  key: string;
  /** What the key may do. */
  scopes: Scope[];
  /**
   * Client addresses the key may be used from: exact IPv4/IPv6 addresses or IPv4 CIDR
   * ranges (`10.0.0.0/8`). Absent: any address.
   */
  allowedIps?: string[];
}

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

/**
 * Whether an entry of `allowedIps` is well-formed: an IPv4 address, an IPv4 CIDR range, or
 * an IPv6 address.
 *
 * @param entry - The configured entry.
 */
export function isValidIpRule(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  if (bits !== undefined) {
    return ipv4ToInt(address) !== undefined && /^\d{1,2}$/.test(bits) && Number(bits) <= 32;
  }
  return (
    ipv4ToInt(address) !== undefined || (address.includes(':') && /^[0-9a-f:.]+$/i.test(address))
  );
}

/**
 * Whether a client address is allowed by a key's `allowedIps`.
 *
 * @param clientIp - The request's source address.
 * @param allowedIps - The key's list; undefined allows every address.
 */
export function ipAllowed(clientIp: string, allowedIps: readonly string[] | undefined): boolean {
  if (allowedIps === undefined) return true;
  const client = normalizeIp(clientIp);
  const clientInt = ipv4ToInt(client);
  return allowedIps.some((rule) => {
    const [address = '', bits] = rule.split('/');
    if (bits === undefined) return normalizeIp(address) === client;
    const network = ipv4ToInt(address);
    if (network === undefined || clientInt === undefined) return false;
    const size = 2 ** (32 - Number(bits));
    return Math.floor(network / size) === Math.floor(clientInt / size);
  });
}
