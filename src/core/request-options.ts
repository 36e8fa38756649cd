// The options every call takes as its last argument, over the client's settings: checked
// once per call, before anything is sent, with the same messages as the configuration.
import type { RetryOptions } from 'ky';
import { ConfigurationError } from '../errors/configuration-error.js';
import { WMS_SIGNATURE_HEADER } from '../signatures/header.js';
import type { NormalizedConfig, RetryOptionsInput } from './config.js';
import { refuseUnknownOptions } from './not-an-option.js';
import { check, DurationSchema, retryOver, TimeoutSchema } from './option-checks.js';

/**
 * Options every SDK call takes as its last argument. Each overrides the client's setting
 * for this call only.
 *
 * @example
 * ```ts
 * await client.orders.get('ord_1', {
 *   timeout: 5_000, // each attempt
 *   totalTimeout: 20_000, // every attempt and wait between them
 *   retry: { limit: 1 },
 *   headers: { 'X-Correlation-Id': correlationId },
 *   signal: AbortSignal.timeout(60_000),
 * });
 * ```
 */
export interface RequestOptions {
  /**
   * Aborts the call, including any wait between retries or hook it awaits (nothing is sent
   * once that hook returns); the call then rejects with {@link AbortError} (the signal's
   * reason as `cause`).
   */
  signal?: AbortSignal | undefined;
  /**
   * Milliseconds each attempt may wait for its response headers, and again for its body, or
   * `false` for no limit, counted from when it is sent (after the `beforeRequest` hooks).
   * Left out, the client's `timeout` applies (default 30 000).
   */
  timeout?: number | false | undefined;
  /**
   * Milliseconds the whole call may take, across every attempt, every wait between them
   * and every hook. When it runs out the call ends in {@link TimeoutError} with
   * `limit: 'total'`. In an iterator it bounds each page. Default none.
   */
  totalTimeout?: number | undefined;
  /**
   * The retry policy for this call: a count, an options object merged over the client's
   * `retry`, `false` for none, or `true` for the client's own (what a method that retries
   * only a 429 by default, such as `webhooks.create`, needs to allow other retries).
   */
  retry?: boolean | number | RetryOptionsInput | undefined;
  // HeadersInit spelt out: the DOM lib declares that name and @types/node does not, so under
  // `lib: ["esnext"]` with `types: ["node"]` it read as `any` wherever skipLibCheck is on.
  /**
   * Extra headers for this call (a correlation id, say). `X-API-Key` and `X-WMS-Signature`
   * are the SDK's own and cannot be set here: a {@link ConfigurationError} says so. A header
   * given as `undefined` is not sent.
   */
  headers?:
    | Headers
    | readonly (readonly [string, string])[]
    | Readonly<Record<string, string | undefined>>
    | undefined;
}

/** The headers only the SDK writes, each with the option it writes it from. */
const RESERVED_HEADERS = { 'X-API-Key': 'apiKey', [WMS_SIGNATURE_HEADER]: 'signingSecret' };

/**
 * One call's options, checked and resolved over the configuration.
 *
 * @internal
 */
export interface ResolvedOptions {
  signal: AbortSignal | undefined;
  timeout: number | false;
  totalTimeout: number | undefined;
  /** The retry options for this call, or undefined for the client's own. */
  retry: RetryOptions | undefined;
  /** Whether the call asked for retries (`retry: true`, a count or an object). */
  retryAsked: boolean;
  headers: Headers | undefined;
}

function checkHeaders(given: unknown): Headers | undefined {
  if (given === undefined) return undefined;
  let headers: Headers;
  try {
    // A header given as undefined is not sent: Headers writes it as "undefined", which ky's
    // header merge reads as no header.
    headers = new Headers(given as HeadersInit);
  } catch {
    throw new ConfigurationError('headers', 'must be an object of header names and values.');
  }
  // Headers matches names in any case, so `x-api-key` and `X-API-KEY` are caught alike.
  for (const [name, option] of Object.entries(RESERVED_HEADERS)) {
    if (headers.has(name)) {
      throw new ConfigurationError(
        'headers',
        `cannot set ${name}: the SDK writes it itself, from the client's ${option}.`,
      );
    }
  }
  return headers;
}

/**
 * A call's `signal`, checked. A pull calls it before its first request, since it follows the
 * signal from the start, as it checks `prefetch`.
 *
 * @throws {@link ConfigurationError} when it is given and is no `AbortSignal`.
 * @internal
 */
export function checkSignal(signal: unknown): AbortSignal | undefined {
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ConfigurationError('signal', 'must be an AbortSignal.');
  }
  return signal;
}

/**
 * Every option a call takes (the type holds the list to RequestOptions).
 *
 * @internal
 */
export const CALL_OPTIONS = {
  signal: 1,
  timeout: 1,
  totalTimeout: 1,
  retry: 1,
  headers: 1,
} as const satisfies { [K in keyof Required<RequestOptions>]: 1 };

/**
 * Checks one call's options and resolves them over the configuration.
 *
 * @throws {@link ConfigurationError} naming the option at fault.
 * @internal
 */
export function resolveOptions(
  options: RequestOptions | undefined,
  config: NormalizedConfig,
): ResolvedOptions {
  // A misspelt option (`tiemout`), or query parameters passed where the options go, would
  // otherwise be dropped without a word, as createClient refuses them too.
  refuseUnknownOptions(options, CALL_OPTIONS, ' of a call');
  const { signal, timeout, totalTimeout, retry, headers } = options ?? {};
  checkSignal(signal);
  // Each check only for an option given: most calls give none, and pay nothing for them.
  return {
    signal,
    timeout: timeout === undefined ? config.timeout : check(TimeoutSchema, timeout, ['timeout']),
    totalTimeout:
      totalTimeout === undefined
        ? undefined
        : check(DurationSchema, totalTimeout, ['totalTimeout']),
    retry:
      retry === undefined || retry === true
        ? undefined
        : retryOver(config.retry, retry === false ? 0 : retry),
    retryAsked: retry !== undefined && retry !== false,
    headers: checkHeaders(headers),
  };
}
