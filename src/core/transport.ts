// The transport every resource client of one configuration shares: one ky instance, the
// API key added at the fetch call (below every hook), the signature for the inbound call,
// each call's own options over the configuration, and the raw response for withResponse().
import ky, { type BeforeRetryHook, HTTPError, type KyInstance, type Options } from 'ky';
import type * as z from 'zod/mini';
import { type ApiError, requestIdOf } from '../errors/api-error.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import type { ConnectionError } from '../errors/connection-error.js';
import type { ResumeCursor } from '../errors/order-fulfillment-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { WMS_SIGNATURE_HEADER } from '../signatures/header.js';
import { signWmsPayloadAsync } from '../signatures/web.js';
import { APIPromise, type RawResponse } from './api-promise.js';
import { readText } from './body.js';
import { type ClientConfig, type NormalizedConfig, normalizeConfig } from './config.js';
import { type KyFetch, lateBoundFetch, withHeader } from './fetch.js';
import { parseBody, type RequestSummary, toSdkError } from './outcome.js';
import { type RequestOptions, type ResolvedOptions, resolveOptions } from './request-options.js';
import { retryFor } from './retry.js';
import { followSignals, timeoutSignal, untilAborted } from './signals.js';
import { ended, type Trace, traceOf } from './trace.js';
import { userAgent } from './version.js';

/**
 * When a failed call is retried (on 408, 429, 5xx, network errors and timeouts, within the
 * configured `retry`): `safe` for a read, retried as configured; `idempotent` for a POST the
 * service applies idempotently, retried like a read; `opt-in` for a POST that could take
 * effect twice, retried on a 429 (a refusal) unless the call asks for more (`retry: true`, a
 * count or an object).
 */
export type RetryPolicy = 'safe' | 'idempotent' | 'opt-in';

/**
 * One request, as a declared method (core/method.ts) hands it to the transport.
 *
 * @internal
 */
export interface TransportRequest<S extends z.ZodMiniType> {
  method: 'GET' | 'POST';
  /** `api`: under the base URL, with the API key. `inbound`: from the host, signed. */
  target: 'api' | 'inbound';
  /** The concrete path, ids encoded; relative to the base URL for `api`, to the host else. */
  path: string;
  searchParams?: Record<string, string | number | undefined> | undefined;
  /** The serialized JSON body, sent byte for byte (and, for `inbound`, signed as such). */
  body?: string | undefined;
  /** The schema the 2xx body must match; an empty body reaches it as `undefined`. */
  output: S;
  /** A 2xx body that is not JSON reaches `output` as `undefined` instead of failing. */
  anyBody?: boolean | undefined;
  /** Which failures may be retried; default `safe`. */
  retry?: RetryPolicy | undefined;
  /** The call's own options, over the configuration. */
  options?: RequestOptions | undefined;
  /** In a cursor pull, where this page starts: every error the request ends with carries it. */
  cursor?: ResumeCursor | undefined;
}

type Send = <S extends z.ZodMiniType>(request: TransportRequest<S>) => APIPromise<z.output<S>>;

// Only keys with a value go to ky: it merges per-call options key by key, and an explicit
// undefined would replace the instance's value.
function searchOf(request: TransportRequest<z.ZodMiniType>): string {
  let url = request.path.slice(1);
  if (request.searchParams) {
    // In the URL rather than ky's searchParams, which builds the Request a second time.
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(request.searchParams)) {
      if (value !== undefined) query.set(name, String(value));
    }
    if (query.size > 0) url += `?${query}`;
  }
  return url;
}

// The error answer a retry replaces, let go after the caller's hooks have seen it: ky leaves
// its body unread, and an unread body (one that stalls, say) holds its connection.
const letGo: BeforeRetryHook = ({ error }) => {
  if (error instanceof HTTPError) error.response.body?.cancel().catch(() => undefined);
};

// The send function of one configuration. The API key and the signing secret live only in
// its closures, so no object a caller can inspect or log holds them.
function sender(config: NormalizedConfig): Send {
  const { apiKey, signingSecret } = config;
  const fetch = lateBoundFetch(config.fetch);
  const agent = userAgent();
  const base: KyInstance = ky.create({
    timeout: config.timeout,
    // A redirect answers as itself (an ApiError naming where it points): fetch would follow
    // one to any origin with every header but Authorization, the API key and the signature
    // included, and a proxy's redirect to plain http would send them in clear text.
    redirect: 'manual',
    hooks: { ...config.hooks, beforeRetry: [...(config.hooks.beforeRetry ?? []), letGo] },
    fetch,
    ...(agent ? { headers: { 'user-agent': agent } } : {}),
  });
  const { log } = config;
  const observed =
    config.retry.shouldRetry !== undefined ||
    Object.values(config.hooks).some((hooks) => hooks && hooks.length > 0);
  const keyed = (copy: boolean, next = fetch) =>
    withHeader(next, 'X-API-Key', () => apiKey ?? '', copy);
  const api = base.extend({ prefixUrl: config.baseUrl, fetch: keyed(observed) });
  const inbound = base.extend({ prefixUrl: config.hostUrl });

  // Signed at each attempt, not once: a retry after a long Retry-After still carries a
  // timestamp inside the service's ±5 minute window (specification 5, rule 5). On Web
  // Crypto, which every runtime has, so a fulfillment client works on edge runtimes too.
  function signer(body: string, secret: string, next = fetch): KyFetch {
    const sign = () => signWmsPayloadAsync(body, secret, Math.floor(config.now() / 1000));
    return withHeader(next, WMS_SIGNATURE_HEADER, sign, true);
  }

  // The fetch of one call that needs its own. A call with a signal refuses to send once that
  // has aborted, whatever Request a caller's hook handed ky (one it built anew lacks the
  // signal), checked below the signing, which awaits. One logged counts what it sends.
  function fetchOf(
    request: TransportRequest<z.ZodMiniType>,
    resolved: ResolvedOptions,
    signal: AbortSignal | undefined,
    trace: Trace,
  ): KyFetch | undefined {
    const counted = log.enabled('info') ? () => void trace.sent++ : undefined;
    const perCall = signal || counted;
    const next = perCall ? lateBoundFetch(config.fetch, signal, counted) : fetch;
    if (request.target === 'inbound') return signer(request.body ?? '', signingSecret ?? '', next);
    // A call's own retry.shouldRetry is caller code that can hold the Request as well.
    const held = !observed && resolved.retry?.shouldRetry !== undefined;
    // Else the api instance's keyed fetch serves.
    return perCall || held ? keyed(observed || held, next) : undefined;
  }

  async function exchange(
    request: TransportRequest<z.ZodMiniType>,
    resolved: ResolvedOptions,
    options: Options,
    trace: Trace,
    weighed: { error?: Error },
  ): Promise<RawResponse> {
    const deadline =
      resolved.totalTimeout === undefined ? undefined : timeoutSignal(resolved.totalTimeout);
    const total = deadline?.signal;
    // ky stops its waits between retries on this signal too (by itself where it can). The
    // caller's own signal never reaches ky, which combines the one it is given with
    // AbortSignal.any: on Node 20 and 22 that leaves memory on a long-lived signal per call.
    const both = resolved.signal && followSignals(resolved.signal, ...(total ? [total] : []));
    const signal = both?.signal ?? total;
    // The call ends on its signal by itself (below), not when ky next looks at it: a caller's
    // hook that awaits holds ky past the abort, and where ky cannot follow the signal so does
    // its wait between retries. ky, once it goes on, then starts no other attempt, and fetch
    // refuses the request (fetchOf).
    if (signal) {
      options.signal = signal;
      options.hooks = { beforeRetry: [() => (signal.aborted ? ky.stop : undefined)] };
    }
    const own = fetchOf(request, resolved, signal, trace);
    if (own) options.fetch = own;
    if (request.body !== undefined && log.enabled('debug')) {
      log.debug(`${trace.where} request body: ${log.body(request.body)}`);
    }
    // Filled once the headers are in: an error in reading the body then says what came.
    const summary: RequestSummary = {
      method: request.method,
      path: request.path,
      cursor: request.cursor,
    };
    try {
      const call = (request.target === 'api' ? api : inbound)(trace.url, options);
      const response = await (signal ? untilAborted(call, signal) : call);
      // ky.stop from a caller's beforeRetry hook ends ky with no answer: the call ends with the
      // failure that hook was told of.
      if (!response) throw weighed.error ?? new Error('a beforeRetry hook returned ky.stop');
      const requestId = requestIdOf(response.headers);
      summary.answered = { status: response.status, requestId };
      const text = await readText(response, resolved.timeout, signal);
      if (text === undefined) {
        throw new TimeoutError(request.method, request.path, resolved.timeout || 0, {
          cursor: request.cursor,
          answered: summary.answered,
        });
      }
      ended(log, trace, String(response.status), requestId);
      if (log.enabled('debug')) log.debug(`${trace.where} response body: ${log.body(text)}`);
      return { response, requestId, text };
    } catch (caught) {
      const error = await toSdkError(caught, summary, resolved, total, signal, log.scrub);
      const { status, requestId } = (error ?? {}) as Partial<ApiError | ConnectionError>;
      ended(
        log,
        trace,
        `${(error as Error)?.name ?? 'error'}${status ? ` ${status}` : ''}`,
        requestId,
      );
      throw error;
    } finally {
      deadline?.release();
      both?.release();
    }
  }

  return <S extends z.ZodMiniType>(request: TransportRequest<S>) => {
    const resolved = resolveOptions(request.options, config);
    if (request.target === 'api' && apiKey === undefined) {
      throw new ConfigurationError(
        'apiKey',
        'is required for this call; only fulfillment.notifyShipped works without it.',
      );
    }
    const url = searchOf(request);
    const trace = traceOf(log, request.method, url);
    const weighed: { error?: Error } = {};
    const options: Options = {
      method: request.method,
      retry: retryFor(config, request.retry ?? 'safe', resolved, trace.report, weighed),
    };
    if (resolved.timeout !== config.timeout) options.timeout = resolved.timeout;
    if (request.body !== undefined || resolved.headers) {
      const headers = new Headers(resolved.headers);
      if (request.body !== undefined) headers.set('content-type', 'application/json');
      options.headers = headers;
    }
    if (request.body !== undefined) options.body = request.body;
    if (request.target === 'inbound' && signingSecret === undefined) {
      throw new ConfigurationError(
        'signingSecret',
        'is required to send fulfillment notifications.',
      );
    }
    return new APIPromise(exchange(request, resolved, options, trace, weighed), (raw) =>
      parseBody(raw, request, log.scrub),
    );
  };
}

/**
 * The HTTP layer under the resource clients: one configuration, checked once, and one ky
 * instance. {@link createClient} builds one and hands it to each of its four clients; a
 * client constructed alone from a configuration builds its own. Holds the secrets only in
 * closures, so logging it shows none.
 *
 * @example
 * ```ts
 * const transport = new Transport({ hostUrl, apiKey });
 * const orders = new OrdersClient(transport);
 * const products = new ProductsClient(transport); // the same ky instance, the same policy
 * ```
 */
export class Transport {
  readonly #send: Send;
  readonly #now: () => number;

  /**
   * @param config - How to reach the service.
   * @throws {@link ConfigurationError} naming a missing, unknown or malformed option.
   */
  constructor(config: ClientConfig) {
    const normalized = normalizeConfig(config);
    this.#send = sender(normalized);
    this.#now = normalized.now;
  }

  /**
   * Sends a request. The promise gives the validated body, or rejects with the SDK's typed
   * error (also for options or configuration refused before sending); `withResponse()`
   * adds the `Response` and its request id.
   *
   * @internal
   */
  send<S extends z.ZodMiniType>(request: TransportRequest<S>): APIPromise<z.output<S>> {
    return APIPromise.attempt(() => this.#send(request));
  }

  /** The configured clock (`ClientConfig.now`), in epoch milliseconds. */
  now(): number {
    return this.#now();
  }
}
