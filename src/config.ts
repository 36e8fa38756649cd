// The client configuration: its type, its defaults, and the one function that checks it.
import type { Hooks, RetryOptions } from 'ky';
import { ConfigurationError } from './errors/configuration-error.js';

/** The path the SDK appends to `hostUrl` for every endpoint but the inbound one (specification). */
export const API_BASE_PATH = '/api/v1/web-api/v1';

/** The inbound shipment notification's path under `hostUrl` (specification 4.6). */
export const INBOUND_FULFILLMENT_PATH = '/api/v1/webhooks/wms/fulfillment';

/**
 * A fetch implementation. The SDK calls it with a `Request` (and, from ky, an init holding
 * only non-standard options such as undici's `dispatcher`).
 */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

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
   * slash is ignored. The SDK appends `/api/v1/web-api/v1` itself.
   */
  hostUrl: string;
  /** The API key, sent only in the `X-API-Key` header and never echoed in errors or hooks. */
  apiKey: string;
  /** The secret that signs inbound shipment notifications; needed by `fulfillment` only. */
  signingSecret?: string | undefined;
  /**
   * Milliseconds to wait for each attempt's response headers, and again for its body, or
   * `false` for no limit. Default 30 000.
   */
  timeout?: number | false | undefined;
  /**
   * ky's retry option: a number of retries, or an options object merged over
   * {@link DEFAULT_RETRY}. `0` turns retries off.
   */
  retry?: number | RetryOptions | undefined;
  /**
   * The fetch to send requests with. Defaults to `globalThis.fetch`, looked up at each
   * request so that interceptors installed later (MSW, nock) still apply. This function,
   * unlike hooks, does see the `X-API-Key` header.
   */
  fetch?: FetchLike | undefined;
  /**
   * ky's hooks, for logging and tracing. They see requests without the `X-API-Key` header:
   * the key is added below them, at the fetch call.
   */
  hooks?: Hooks | undefined;
}

/**
 * The retry policy unless `retry` overrides part of it: up to 3 retries of GET requests on
 * 408, 429, 500, 502, 503, 504, network errors and timeouts; exponential backoff from 300 ms
 * with full jitter, at most 10 s between attempts; on 429 and 503 the `Retry-After` wait
 * instead, unless it exceeds 60 s, in which case the error is thrown at once rather than
 * retried early.
 */
export const DEFAULT_RETRY: Readonly<RetryOptions> = Object.freeze({
  limit: 3,
  // Frozen so that no caller can change the policy of every later client by mutation.
  methods: Object.freeze(['get']) as RetryOptions['methods'],
  statusCodes: Object.freeze([408, 429, 500, 502, 503, 504]) as number[],
  afterStatusCodes: Object.freeze([429, 503]) as number[],
  maxRetryAfter: 60_000,
  backoffLimit: 10_000,
  delay: (attemptCount: number) => 0.3 * 2 ** (attemptCount - 1) * 1000,
  jitter: true,
  retryOnTimeout: true,
} satisfies RetryOptions);

/** Every default, in one place. */
export const DEFAULTS = {
  timeout: 30_000,
  retry: DEFAULT_RETRY,
} as const;

/** A fully checked configuration, defaults filled in. Holds the secrets: keep it private. */
export interface NormalizedConfig {
  /** The origin plus any path prefix, without a trailing slash. */
  hostUrl: string;
  /** `hostUrl` + {@link API_BASE_PATH}. */
  baseUrl: string;
  apiKey: string;
  signingSecret: string | undefined;
  timeout: number | false;
  retry: RetryOptions;
  fetch: FetchLike | undefined;
  hooks: Hooks;
}

const KNOWN_OPTIONS = ['hostUrl', 'apiKey', 'signingSecret', 'timeout', 'retry', 'fetch', 'hooks'];
const RETRY_OPTIONS = [
  'limit',
  'methods',
  'statusCodes',
  'afterStatusCodes',
  'maxRetryAfter',
  'backoffLimit',
  'delay',
  'jitter',
  'retryOnTimeout',
  'shouldRetry',
];
const HOOK_NAMES = ['beforeRequest', 'beforeRetry', 'afterResponse', 'beforeError'];
// ky's ceiling for a timer (2^31 - 1 ms).
const MAX_TIMEOUT = 2_147_483_647;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkKnownKeys(value: Record<string, unknown>, known: string[], prefix: string) {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new ConfigurationError(
        `${prefix}${key}`,
        `is not an option; expected one of ${known.join(', ')}.`,
      );
    }
  }
}

function normalizeHostUrl(value: unknown): string {
  if (value === undefined || value === null || value === '') {
    throw new ConfigurationError(
      'hostUrl',
      'is required: the service origin, for example https://shop.example.com.',
    );
  }
  if (typeof value !== 'string') {
    throw new ConfigurationError('hostUrl', `must be a string, got ${typeof value}.`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(
      'hostUrl',
      `must be an absolute http(s) URL such as https://shop.example.com, got "${value}".`,
    );
  }
  if (url.username || url.password) {
    // Not echoed: whatever sits in the userinfo is probably a credential.
    throw new ConfigurationError('hostUrl', 'must not carry credentials; pass the key as apiKey.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError('hostUrl', `must use http: or https:, got "${url.protocol}".`);
  }
  if (url.search || url.hash || value.includes('?') || value.includes('#')) {
    throw new ConfigurationError('hostUrl', 'must not have a query or fragment.');
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(API_BASE_PATH)) {
    throw new ConfigurationError(
      'hostUrl',
      `is the host without ${API_BASE_PATH}: the SDK appends that path itself.`,
    );
  }
  return `${url.origin}${path}`;
}

// A header value the Fetch API accepts and that cannot smuggle a second header; the value
// itself is never put into a message.
function checkSecret(option: string, value: unknown, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (value === undefined || value === null || value === '') {
    throw new ConfigurationError(option, 'is required and must be a non-empty string.');
  }
  if (typeof value !== 'string') {
    throw new ConfigurationError(option, `must be a string, got ${typeof value}.`);
  }
  if (value.trim() !== value) {
    throw new ConfigurationError(
      option,
      'has leading or trailing whitespace (a copy-paste artifact?); pass the exact value.',
    );
  }
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new ConfigurationError(
      option,
      'must be printable ASCII without spaces or line breaks; check how it was loaded.',
    );
  }
  return value;
}

function normalizeTimeout(value: unknown): number | false {
  if (value === undefined) return DEFAULTS.timeout;
  if (value === false) return false;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TIMEOUT) {
    throw new ConfigurationError(
      'timeout',
      `must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT}, or false; got ${String(value)}.`,
    );
  }
  return value;
}

function checkCount(option: string, value: unknown) {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ConfigurationError(option, `must be a whole number >= 0, got ${String(value)}.`);
  }
}

function checkMilliseconds(option: string, value: unknown) {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new ConfigurationError(
      option,
      `must be a number of milliseconds >= 0, got ${String(value)}.`,
    );
  }
}

function checkList(option: string, value: unknown, item: 'string' | 'number') {
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== item)) {
    throw new ConfigurationError(option, `must be an array of ${item}s.`);
  }
}

function checkFunction(option: string, value: unknown) {
  if (typeof value !== 'function') {
    throw new ConfigurationError(option, `must be a function, got ${typeof value}.`);
  }
}

// Copies, so that no request can mutate the shared defaults.
function defaultRetry(): RetryOptions {
  return {
    ...DEFAULT_RETRY,
    methods: [...(DEFAULT_RETRY.methods ?? [])],
    statusCodes: [...(DEFAULT_RETRY.statusCodes ?? [])],
    afterStatusCodes: [...(DEFAULT_RETRY.afterStatusCodes ?? [])],
  };
}

function normalizeRetry(value: unknown): RetryOptions {
  if (value === undefined) return defaultRetry();
  if (typeof value === 'number') {
    checkCount('retry', value);
    // Unlike ky, a number keeps this SDK's policy and changes only the count.
    return { ...defaultRetry(), limit: value };
  }
  if (!isPlainObject(value)) {
    throw new ConfigurationError('retry', 'must be a number of retries or a retry options object.');
  }
  checkKnownKeys(value, RETRY_OPTIONS, 'retry.');
  const set = (key: string) => value[key] !== undefined;
  if (set('limit')) checkCount('retry.limit', value.limit);
  if (set('methods')) checkList('retry.methods', value.methods, 'string');
  if (set('statusCodes')) checkList('retry.statusCodes', value.statusCodes, 'number');
  if (set('afterStatusCodes'))
    checkList('retry.afterStatusCodes', value.afterStatusCodes, 'number');
  if (set('maxRetryAfter')) checkMilliseconds('retry.maxRetryAfter', value.maxRetryAfter);
  if (set('backoffLimit')) checkMilliseconds('retry.backoffLimit', value.backoffLimit);
  if (set('delay')) checkFunction('retry.delay', value.delay);
  if (set('shouldRetry')) checkFunction('retry.shouldRetry', value.shouldRetry);
  if (set('jitter') && typeof value.jitter !== 'boolean')
    checkFunction('retry.jitter', value.jitter);
  if (set('retryOnTimeout') && typeof value.retryOnTimeout !== 'boolean') {
    throw new ConfigurationError('retry.retryOnTimeout', 'must be a boolean.');
  }
  const given = Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  );
  return { ...defaultRetry(), ...given } as RetryOptions;
}

function normalizeHooks(value: unknown): Hooks {
  if (value === undefined) return {};
  if (!isPlainObject(value))
    throw new ConfigurationError('hooks', 'must be an object of hook arrays.');
  checkKnownKeys(value, HOOK_NAMES, 'hooks.');
  for (const [name, list] of Object.entries(value)) {
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((hook) => typeof hook !== 'function')) {
      throw new ConfigurationError(`hooks.${name}`, 'must be an array of functions.');
    }
  }
  return value as Hooks;
}

/**
 * Checks a configuration and fills in {@link DEFAULTS}.
 *
 * @param config - What the caller passed.
 * @returns The normalized configuration.
 * @throws {@link ConfigurationError} naming the first missing, unknown or malformed option.
 */
export function normalizeConfig(config: ClientConfig): NormalizedConfig {
  if (!isPlainObject(config)) {
    throw new ConfigurationError('config', 'must be an object with at least hostUrl and apiKey.');
  }
  checkKnownKeys(config, KNOWN_OPTIONS, '');
  const hostUrl = normalizeHostUrl(config.hostUrl);
  const apiKey = checkSecret('apiKey', config.apiKey, true) as string;
  const signingSecret = checkSecret('signingSecret', config.signingSecret, false);
  if (config.fetch !== undefined) checkFunction('fetch', config.fetch);
  return {
    hostUrl,
    baseUrl: `${hostUrl}${API_BASE_PATH}`,
    apiKey,
    signingSecret,
    timeout: normalizeTimeout(config.timeout),
    retry: normalizeRetry(config.retry),
    fetch: config.fetch,
    hooks: normalizeHooks(config.hooks),
  };
}
