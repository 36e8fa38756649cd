// The client configuration: its type, its defaults, and the one function that checks it.
import type { Hooks, RetryOptions } from 'ky';
import * as z from 'zod/mini';
import { ConfigurationError } from '../errors/configuration-error.js';
import { checkClockOnce, readClock, type UnixTime } from '../signatures/unix-time.js';
import {
  createLog,
  envLogLevel,
  LOG_LEVELS,
  type Log,
  type Logger,
  LoggerSchema,
  type LogLevel,
} from './log.js';
import { check, FunctionSchema, retryOver, TimeoutSchema } from './option-checks.js';

/**
 * The path the SDK appends to `hostUrl` for every endpoint but the inbound one: the
 * specification's `{base_url}`, under which section 4 places every endpoint but 4.6.
 */
export const API_BASE_PATH = '/api/v1/web-api/v1';

/** The inbound shipment notification's path under `hostUrl` (specification 4.6). */
export const INBOUND_FULFILLMENT_PATH = '/api/v1/webhooks/wms/fulfillment';

/**
 * A fetch implementation: the runtime's fetch, or a wrapper of it, called with the runtime's
 * `Request` (and an init holding only options such as undici's `dispatcher`). undici's and
 * node-fetch's own `fetch` take only their own `Request` (`Failed to parse URL from [object
 * Request]`): for a proxy, give the runtime's fetch a dispatcher from the undici major that
 * Node bundles (`process.versions.undici`):
 *
 * @example
 * ```ts
 * const proxy = new ProxyAgent('http://proxy.internal:3128'); // from 'undici'
 * const client = createClient({
 *   hostUrl,
 *   apiKey,
 *   // Object.assign, not an object literal: the DOM's RequestInit has no `dispatcher`.
 *   fetch: (request, init) => fetch(request, Object.assign({ dispatcher: proxy }, init)),
 * });
 * ```
 */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/**
 * ky's retry options as a caller writes them: a list may be readonly (`as const`, a frozen
 * default), and a field given as `undefined` keeps the client's setting.
 *
 * @example
 * ```ts
 * const retry: RetryOptionsInput = { limit: 5, statusCodes: [429, 503] } as const;
 * ```
 */
export type RetryOptionsInput = {
  [Key in keyof RetryOptions]?: RetryOptions[Key] extends (infer Item)[] | undefined
    ? readonly Item[] | undefined
    : RetryOptions[Key] | undefined;
};

/**
 * How a client reaches the service. Read once, at construction; a missing or malformed
 * option throws {@link ConfigurationError} there, naming it.
 *
 * @example
 * ```ts
 * const config: ClientConfig = {
 *   hostUrl: 'https://shop.example.com',
 *   apiKey: process.env.ORDER_API_KEY!,
 *   signingSecret: process.env.WMS_SIGNING_SECRET,
 *   timeout: 10_000,
 *   retry: { limit: 5 },
 * };
 * ```
 */
export interface ClientConfig {
  /**
   * The service origin, `http:` or `https:`, optionally with a path prefix; a trailing
   * slash is ignored. The SDK appends `/api/v1/web-api/v1` itself; a URL that already
   * ends with it (the base URL the mock CLI prints), or with `/api/v1`, means the same host.
   */
  hostUrl: string;
  /**
   * The API key, sent only in the `X-API-Key` header and never echoed in errors or hooks.
   * Needed by every call but `fulfillment.notifyShipped`, which is signed instead
   * (specification 5.5); an API call on a client without it rejects with
   * {@link ConfigurationError} naming `apiKey`, before anything is sent.
   */
  apiKey?: string | undefined;
  /** The secret that signs inbound shipment notifications; needed by `fulfillment` only. */
  signingSecret?: string | undefined;
  /**
   * Milliseconds to wait for each attempt's response headers, and again for its body, or
   * `false` for no limit. Default 30 000. Counted from when the attempt is sent, after the
   * `beforeRequest` hooks: a call's `signal` and `totalTimeout` bound those.
   */
  timeout?: number | false | undefined;
  /**
   * ky's retry option: a number of retries, or an options object merged over
   * {@link DEFAULT_RETRY}. `0` turns retries off.
   */
  retry?: number | RetryOptionsInput | undefined;
  /**
   * The fetch to send requests with. Defaults to `globalThis.fetch`, looked up at each
   * request so that interceptors installed later (MSW, nock) still apply. This function,
   * unlike hooks, does see the `X-API-Key` header.
   */
  fetch?: FetchLike | undefined;
  /**
   * ky's hooks, for logging and tracing. They see requests without the `X-API-Key` and
   * `X-WMS-Signature` headers: both are added below them, at the fetch call. The signature
   * covers the body the SDK built, so a `beforeRequest` hook that changes a fulfillment
   * notification's body has it refused (401); a hook may add headers.
   */
  hooks?: { [Name in keyof Hooks]?: Hooks[Name] | undefined } | undefined;
  /**
   * The clock for signature timestamps and the default `shipped_at`: returns a Date or Unix
   * SECONDS ({@link UnixTime}, the one unit the SDK takes a number in). A clock answering
   * milliseconds (`Date.now`) is refused, naming the option. Default the system clock.
   * Tests against a mock with a moved clock pass `() => mock.clock.now()`, since the
   * service checks signatures against its own time.
   */
  now?: (() => UnixTime) | undefined;
  /**
   * Where the SDK logs: anything with `debug`, `info`, `warn` and `error` methods. Default
   * `console`. No line carries the API key, a signing secret or a signature.
   */
  logger?: Logger | undefined;
  /**
   * How much it logs: `warn` (default) each retry with its reason and wait and each
   * Retry-After beyond the cap; `info` also each request once it ends (method, path with
   * query, status, milliseconds, attempts, request id); `debug` also the bodies, cut at
   * 2 KB; `error` and `off` nothing (every failure is the call's rejection). Without this
   * option, the `ORDER_FULFILLMENT_LOG` environment variable sets it where there is one.
   */
  logLevel?: LogLevel | undefined;
}

/**
 * The retry policy unless `retry` overrides part of it: up to 3 retries of GET requests and
 * of `fulfillment.notifyShipped` (the same body again changes nothing more;
 * `webhooks.create` on a 429 only, unless the call passes a `retry`), on 408, 429, 500,
 * 502, 503, 504, the 520 to 524 a CDN in front of the service answers when it cannot reach
 * it, network errors and timeouts before the response headers arrive;
 * exponential backoff from 300 ms with full jitter, at most 10 s between attempts; on 429
 * and 503 the `Retry-After` wait instead, unless it exceeds 60 s, in which case the error
 * is thrown at once rather than retried early.
 */
export const DEFAULT_RETRY: Readonly<RetryOptions> = Object.freeze({
  limit: 3,
  // Frozen so that no caller can change the policy of every later client by mutation.
  methods: Object.freeze(['get']) as RetryOptions['methods'],
  // 520-524: Cloudflare's "origin unreachable / timed out", as passing as a proxy's 502 or 504.
  statusCodes: Object.freeze([408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524]) as number[],
  afterStatusCodes: Object.freeze([429, 503]) as number[],
  maxRetryAfter: 60_000,
  backoffLimit: 10_000,
  delay: (attemptCount: number) => 0.3 * 2 ** (attemptCount - 1) * 1000,
  jitter: true,
  retryOnTimeout: true,
} satisfies RetryOptions);

/**
 * The defaults of `createClient`'s `timeout` (30 000 ms per attempt) and `retry`
 * ({@link DEFAULT_RETRY}). Others sit beside what they govern ({@link DEFAULT_PREFETCH},
 * {@link DEFAULT_TOLERANCE_SECONDS}, {@link DEFAULT_MAX_BODY_BYTES}) or in {@link ClientConfig}.
 */
// Frozen, as DEFAULT_RETRY: every createClient reads `timeout` here, so one caller's
// assignment would change the timeout of every later client in the process.
export const DEFAULTS = Object.freeze({
  timeout: 30_000,
  retry: DEFAULT_RETRY,
} as const);

/** A fully checked configuration, defaults filled in. Holds the secrets: keep it private. */
export interface NormalizedConfig {
  /** The origin plus any path prefix, without a trailing slash. */
  hostUrl: string;
  /** `hostUrl` + {@link API_BASE_PATH}. */
  baseUrl: string;
  apiKey: string | undefined;
  signingSecret: string | undefined;
  timeout: number | false;
  retry: RetryOptions;
  fetch: FetchLike | undefined;
  hooks: Hooks;
  /** The configured clock, in epoch milliseconds. */
  now: () => number;
  /** The log, at its level, filtering out the secrets. */
  log: Log;
}

// One schema for the whole configuration, worded by the same formatter as request input.
const fns = z.optional(z.array(FunctionSchema));
// A header value the Fetch API accepts and that cannot smuggle a second header. The
// message never includes the value.
const headerValue = z
  .string()
  .check(
    z.regex(
      /^[\x21-\x7e]+$/,
      'must not be empty, and be printable ASCII with no spaces or line breaks',
    ),
  );
// Only ever the HMAC key, never sent: any text a panel lets one set (specification 5).
const hmacKey = z.string().check(z.minLength(1, 'must not be empty'));

const HooksSchema = z.object({
  beforeRequest: fns,
  beforeRetry: fns,
  afterResponse: fns,
  beforeError: fns,
});

const ConfigSchema = z.object({
  hostUrl: z.string(),
  apiKey: z.optional(headerValue),
  signingSecret: z.optional(hmacKey),
  timeout: z.optional(TimeoutSchema),
  // Both checked apart, retry as a count or as RetrySchema, so that an issue (an unknown
  // key too) names the field inside.
  retry: z.optional(z.unknown()),
  fetch: z.optional(FunctionSchema),
  hooks: z.optional(z.unknown()),
  now: z.optional(FunctionSchema),
  logger: z.optional(LoggerSchema),
  logLevel: z.optional(z.enum(LOG_LEVELS as [LogLevel, ...LogLevel[]])),
});

// The configured clock read as epoch milliseconds (the transport's own unit). A clock that
// goes wrong after construction fails the call that reads it, naming the option.
function clockOf(now: (() => UnixTime) | undefined): () => number {
  if (!now) return Date.now;
  checkClockOnce(now);
  return () => readClock(now) * 1000;
}

// The host, checked by hand: a URL object tells more than a pattern would. The value is not
// echoed, since userinfo in it may be a credential.
function normalizeHostUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  const path = url?.pathname.replace(/\/+$/, '') ?? '';
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    url.username ||
    url.password ||
    /[?#]/.test(value)
  ) {
    throw new ConfigurationError(
      'hostUrl',
      'must be an http(s) URL such as https://shop.example.com, with no credentials, query or fragment.',
    );
  }
  // The base URL (what the mock CLI prints) names the same host: the SDK appends it itself.
  // So does `/api/v1`, the prefix the inbound endpoint's path starts with (4.6): the service
  // answers nothing under `/api/v1/api/v1/...`.
  const prefix = [API_BASE_PATH, '/api/v1'].find((suffix) => path.endsWith(suffix));
  return url.origin + (prefix ? path.slice(0, -prefix.length) : path);
}

/**
 * Checks a configuration and fills in {@link DEFAULTS}.
 *
 * @param config - What the caller passed.
 * @returns The normalized configuration.
 * @throws {@link ConfigurationError} naming the first missing, unknown or malformed option.
 */
export function normalizeConfig(config: ClientConfig): NormalizedConfig {
  const {
    hostUrl,
    apiKey,
    signingSecret,
    timeout = DEFAULTS.timeout,
    ...rest
  } = check(ConfigSchema, config, []);
  const host = normalizeHostUrl(hostUrl);
  const logger = rest.logger ?? console;
  return {
    hostUrl: host,
    baseUrl: host + API_BASE_PATH,
    apiKey,
    signingSecret,
    timeout,
    retry: retryOver(DEFAULT_RETRY, rest.retry ?? {}),
    fetch: rest.fetch as FetchLike | undefined,
    hooks: (rest.hooks === undefined ? {} : check(HooksSchema, rest.hooks, ['hooks'])) as Hooks,
    now: clockOf(rest.now as (() => UnixTime) | undefined),
    log: createLog(logger, rest.logLevel ?? envLogLevel(logger) ?? 'warn', [apiKey, signingSecret]),
  };
}
