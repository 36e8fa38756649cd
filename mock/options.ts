// The options of createMockService: one zod schema checks them and fills in the defaults. A
// wrong option, or an unknown one at any depth, throws a TypeError that names it.
import { isIP } from 'node:net';
import * as z from 'zod/mini';
import { API_BASE_PATH } from '../src/core/config.js';
import { describeIssue, optionsErrorMap } from './option-issues.js';
import {
  DEFAULT_DELIVERY_LIMIT,
  DEFAULT_DELIVERY_RETRY,
  type DeliveryRetry,
} from './rules/deliveries.js';
import { type FaultRule, MAX_DELAY_MS } from './rules/fault-rule.js';
import { DEFAULT_JOURNAL_LIMIT } from './rules/journal.js';
import { ApiKeySchema, type MockApiKey, SCOPES } from './rules/keys.js';
import type { RateLimit } from './rules/rate-limit.js';
import type { OrderInput, ProductInput, ReadonlyLists } from './store/types.js';

/** The origin the handlers answer on unless `hostUrl` says otherwise. */
export const MOCK_HOST_URL = 'https://mock.order-service.test';

/** The API key the mock accepts by default; it holds every scope. */
export const MOCK_API_KEY = 'ofs_mock_api_key_all_scopes';

/** The inbound endpoint's signing secret unless `signingSecret` says otherwise. */
export const MOCK_SIGNING_SECRET = 'ofs_mock_signing_secret';

/** Options of `createMockService`; every one is optional, and every list may be readonly. */
export interface MockServiceOptions {
  /** Seed of the generated data: the same seed gives the same orders and products. Default 1. */
  seed?: number | undefined;
  /** How many orders to generate (default 100), or the records to start with. */
  orders?: number | readonly OrderInput[] | undefined;
  /** How many products to generate (default 20), or the records to start with. */
  products?: number | readonly ProductInput[] | undefined;
  /** The accepted API keys. Default: {@link MOCK_API_KEY} with every scope and no IP limit. */
  apiKeys?: readonly MockApiKey[] | undefined;
  /** The workspace plan; `apiAccess: false` makes every API call a 402. Default `{ apiAccess: true }`. */
  plan?: { apiAccess: boolean } | undefined;
  /** The inbound endpoint's secret; `null` means none is configured (every call 403). */
  signingSecret?: string | null | undefined;
  /** Requests per key per window of the mock clock, or `false` (default) for no limit. */
  rateLimit?: RateLimit | false | undefined;
  /** The origin the handlers answer on. Default {@link MOCK_HOST_URL}. */
  hostUrl?: string | undefined;
  /** The address in-process requests come from, for `allowedIps`. Default `127.0.0.1`. */
  clientIp?: string | undefined;
  /** How failed webhook deliveries are retried. Default 3 attempts, 200 ms doubling, 5 s timeout. */
  deliveryRetry?: { [Field in keyof DeliveryRetry]?: DeliveryRetry[Field] | undefined } | undefined;
  /**
   * Delay every API answer (not the control endpoints') by a whole number of ms drawn from
   * `[minMs, maxMs]` (`maxMs` defaults to `minMs`), from the seed, so a run repeats. A fault
   * rule's `delayMs` is the wait instead for a request the rule meets. Default none.
   */
  latency?: { minMs: number; maxMs?: number | undefined } | false | undefined;
  /**
   * How many requests `mock.requests` keeps: the newest N, dropping the oldest first; 0 keeps
   * none. Default 10,000.
   */
  journal?: { limit: number } | undefined;
  /** How many delivery attempts `mock.deliveries` keeps (the newest); 0 keeps none. Default 10,000. */
  deliveries?: { limit: number } | undefined;
  /** Fault rules in force from the start, and again after `reset()`. Default none. */
  faults?: readonly FaultRule[] | undefined;
}

/** The most orders the mock generates; beyond it memory stops being modest. */
export const MAX_GENERATED_ORDERS = 10_000_000;

/** The largest `journal.limit` and `deliveries.limit` (and their CLI flags). */
export const MAX_RECORD_LIMIT = 10_000_000;

const integer = (min: number, max: number) =>
  z
    .int({ error: `must be an integer from ${min} to ${max}` })
    .check(
      z.minimum(min, { error: `must be an integer from ${min} to ${max}` }),
      z.maximum(max, { error: `must be an integer from ${min} to ${max}` }),
    );

// A count of records to generate, or the records themselves (checked by the stores).
const countOrRecords = (fallback: number, max: number) =>
  z._default(
    z.union([integer(0, max), z.array(z.unknown())], {
      error: 'must be a count or an array of records',
    }),
    fallback,
  );

// An object's own wording for a value that is no such object; an unknown field is left to
// resolveOptions, which names it and the known ones.
const objectError = (message: string) => (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys' ? undefined : message;

// The `{ limit }` of a log the service keeps (the journal, the delivery attempts): how many of
// the newest entries it holds, 0 for none.
const recordLimit = (fallback: number) =>
  z._default(
    z.strictObject(
      { limit: integer(0, MAX_RECORD_LIMIT) },
      { error: objectError('must be { limit }') },
    ),
    () => ({ limit: fallback }),
  );

const ApiKeysSchema = z._default(
  z.array(ApiKeySchema, { error: 'must be an array' }).check(
    z.superRefine((keys, ctx) => {
      const seen = new Set<string>();
      keys.forEach((entry, i) => {
        if (seen.has(entry.key)) {
          ctx.issues.push({
            code: 'custom',
            path: [i, 'key'],
            message: 'must be unique',
            input: entry.key,
          });
        }
        seen.add(entry.key);
      });
    }),
  ),
  () => [{ key: MOCK_API_KEY, scopes: [...SCOPES] }],
);

/**
 * The one normalizer of a host URL: an absolute http(s) URL without query or fragment, kept
 * as origin plus path prefix without a trailing slash (the router relies on that shape).
 */
const HostUrlSchema = z.pipe(
  z.string({ error: 'must be an absolute http(s) URL without query or fragment' }).check(
    z.refine(
      (value) => {
        const url = URL.canParse(value) ? new URL(value) : undefined;
        return url !== undefined && /^https?:$/.test(url.protocol) && !url.search && !url.hash;
      },
      { error: 'must be an absolute http(s) URL without query or fragment' },
    ),
  ),
  z.transform((value) => {
    const url = new URL(value);
    const path = url.pathname.replace(/\/+$/, '');
    // The base URL names the same host, as the SDK reads it: the routes add the base path.
    return (
      url.origin + (path.endsWith(API_BASE_PATH) ? path.slice(0, -API_BASE_PATH.length) : path)
    );
  }),
);

/**
 * The `deliveryRetry` option, checked and filled in: the one check of a retry policy, which
 * the CLI's `--delivery-retry` and a fixture's `deliveryRetry` go through too.
 */
export const DeliveryRetrySchema = z.pipe(
  z._default(
    z.strictObject(
      {
        attempts: z.optional(integer(1, 20)),
        baseDelayMs: z.optional(integer(0, 60_000)),
        timeoutMs: z.optional(integer(1, 600_000)),
      },
      { error: objectError('must be { attempts?, baseDelayMs?, timeoutMs? }') },
    ),
    () => ({}),
  ),
  // Field by field: a field given as undefined takes its default too.
  z.transform(
    (given): DeliveryRetry => ({
      attempts: given.attempts ?? DEFAULT_DELIVERY_RETRY.attempts,
      baseDelayMs: given.baseDelayMs ?? DEFAULT_DELIVERY_RETRY.baseDelayMs,
      timeoutMs: given.timeoutMs ?? DEFAULT_DELIVERY_RETRY.timeoutMs,
    }),
  ),
);

const OptionsSchema = z.strictObject({
  seed: z._default(integer(0, 0xffffffff), 1),
  orders: countOrRecords(100, MAX_GENERATED_ORDERS),
  products: countOrRecords(20, 1_000_000),
  apiKeys: ApiKeysSchema,
  plan: z._default(
    z.strictObject(
      { apiAccess: z.boolean() },
      { error: objectError('must be { apiAccess: boolean }') },
    ),
    () => ({ apiAccess: true }),
  ),
  signingSecret: z._default(
    z.nullable(
      z
        .string({ error: 'must be a non-empty string or null' })
        .check(z.minLength(1, { error: 'must be a non-empty string or null' })),
    ),
    MOCK_SIGNING_SECRET,
  ),
  rateLimit: z._default(
    z.union(
      [
        z.literal(false),
        z.strictObject({
          limit: integer(1, Number.MAX_SAFE_INTEGER),
          windowMs: integer(1, Number.MAX_SAFE_INTEGER),
        }),
      ],
      { error: 'must be { limit, windowMs } or false' },
    ),
    false as const,
  ),
  hostUrl: z._default(HostUrlSchema, MOCK_HOST_URL),
  clientIp: z._default(
    z
      .string({ error: 'must be an IP address' })
      // As node:http reports one: `::ffff:127.0.0.1` for an IPv4 client on a dual-stack socket.
      .check(z.refine((value) => isIP(value) !== 0, { error: 'must be an IP address' })),
    '127.0.0.1',
  ),
  deliveryRetry: DeliveryRetrySchema,
  latency: z
    ._default(
      z.pipe(
        z.union(
          [
            z.literal(false),
            z.strictObject({
              minMs: integer(0, MAX_DELAY_MS),
              maxMs: z.optional(integer(0, MAX_DELAY_MS)),
            }),
          ],
          { error: 'must be { minMs, maxMs? } or false' },
        ),
        z.transform((given) =>
          given === false ? given : { minMs: given.minMs, maxMs: given.maxMs ?? given.minMs },
        ),
      ),
      false as const,
    )
    .check(
      z.refine((latency) => latency === false || latency.maxMs >= latency.minMs, {
        error: 'must have maxMs at least minMs',
        path: ['maxMs'],
      }),
    ),
  journal: recordLimit(DEFAULT_JOURNAL_LIMIT),
  deliveries: recordLimit(DEFAULT_DELIVERY_LIMIT),
  // Each rule is checked by the fault book when the service is built (its 422 wording).
  faults: z._default(z.array(z.unknown(), { error: 'must be an array of fault rules' }), () => []),
});

// MockServiceOptions is written out rather than inferred: it types the records and fault rules
// the schema takes as unknown[] (the stores and the fault book check them, in their own
// wording), and it documents each option. The compiler keeps the two in step: every option
// the interface allows, the schema accepts (zod reads a list without writing to it, so a
// readonly one as well), and neither has an option the other lacks.
type Agree<Declared, Checked> = [Declared] extends [Checked]
  ? [keyof Declared, keyof Checked] extends [keyof Checked, keyof Declared]
    ? true
    : false
  : false;
true satisfies Agree<MockServiceOptions, ReadonlyLists<z.input<typeof OptionsSchema>>>;

/** The options with every default filled in. */
export type ResolvedOptions = z.infer<typeof OptionsSchema>;

/**
 * Checks the options and fills in the defaults.
 *
 * @param options - What the caller passed.
 * @throws TypeError naming the first wrong option.
 */
export function resolveOptions(options: unknown): ResolvedOptions {
  const result = OptionsSchema.safeParse(options ?? {}, { error: optionsErrorMap(OptionsSchema) });
  if (result.success) return result.data;
  throw new TypeError(`createMockService: ${describeIssue(result.error.issues)}`);
}
