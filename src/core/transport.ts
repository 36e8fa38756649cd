// The transport every resource client of one configuration shares: one ky instance, the
// API key added at the fetch call (below every hook), the signature for the inbound call,
// and the mapping of ky's outcomes to the SDK's errors and schemas.
import ky, { HTTPError, type KyInstance, TimeoutError as KyTimeoutError, type Options } from 'ky';
import type * as z from 'zod/mini';
import { ConfigurationError } from '../errors/configuration-error.js';
import { ConnectionError } from '../errors/connection-error.js';
import { createApiError } from '../errors/create-api-error.js';
import { OrderFulfillmentError, type ResumeCursor } from '../errors/order-fulfillment-error.js';
import { ResponseValidationError } from '../errors/response-validation-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { signWmsPayload, WMS_SIGNATURE_HEADER } from '../signatures/index.js';
import { readErrorBody, readText } from './body.js';
import { type ClientConfig, type NormalizedConfig, normalizeConfig } from './config.js';
import { isNetworkError, type KyFetch, lateBoundFetch, withHeader } from './fetch.js';
import { composeShouldRetry } from './retry.js';
import { parseResponse } from './validate.js';

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
  /** Allows retrying a POST: only for requests the service applies idempotently. */
  retryPost?: boolean | undefined;
  signal?: AbortSignal | undefined;
  /** In a cursor pull, where this page starts: every error the request ends with carries it. */
  cursor?: ResumeCursor | undefined;
}

type Send = <S extends z.ZodMiniType>(request: TransportRequest<S>) => Promise<z.output<S>>;

// ky's errors and network failures as the SDK's typed errors; anything else (the caller's
// own abort, a bug in a hook) as it is.
async function toSdkError(
  error: unknown,
  request: TransportRequest<z.ZodMiniType>,
  timeout: number | false,
): Promise<unknown> {
  const { method, path, cursor } = request;
  // Before the abort check: ky's TimeoutError carries the Request fetch got, key and all.
  if (error instanceof KyTimeoutError)
    return new TimeoutError(method, path, timeout || 0, { cursor });
  // The caller's own abort surfaces as the platform reports it (an AbortError).
  if (request.signal?.aborted || error instanceof OrderFulfillmentError) return error;
  if (error instanceof HTTPError) {
    const { response } = error;
    return createApiError({
      status: response.status,
      statusText: response.statusText,
      body: await readErrorBody(response),
      method,
      path,
      headers: response.headers,
      cursor,
    });
  }
  if (isNetworkError(error)) {
    return new ConnectionError(method, path, `network error: ${error.message}`, {
      cause: error,
      cursor,
    });
  }
  return error;
}

// The send function of one configuration. The API key and the signing secret live only in
// its closures, so no object a caller can inspect or log holds them.
function sender(config: NormalizedConfig): Send {
  const { apiKey, signingSecret, timeout } = config;
  const fetch = lateBoundFetch(config.fetch);
  const base: KyInstance = ky.create({
    timeout,
    retry: composeShouldRetry(config.retry),
    hooks: config.hooks,
    fetch,
  });
  const observed =
    config.retry.shouldRetry !== undefined ||
    Object.values(config.hooks).some((hooks) => hooks && hooks.length > 0);
  const api = base.extend({
    prefixUrl: config.baseUrl,
    fetch: withHeader(fetch, 'X-API-Key', () => apiKey, observed),
  });
  const inbound = base.extend({ prefixUrl: config.hostUrl });

  // Signed at each attempt, not once: a retry after a long Retry-After still carries a
  // timestamp inside the service's ±5 minute window (specification 5, rule 5).
  function signer(body: string): KyFetch {
    if (signingSecret === undefined) {
      throw new ConfigurationError(
        'signingSecret',
        'is required to send fulfillment notifications.',
      );
    }
    const sign = () => signWmsPayload(body, signingSecret, Math.floor(config.now() / 1000));
    return withHeader(fetch, WMS_SIGNATURE_HEADER, sign, true);
  }

  return async (request) => {
    // ky merges per-call options key by key, and an explicit undefined would replace the
    // instance's value (its fetch, its retry), so only keys with a value are passed.
    const options: Options = { method: request.method };
    let url = request.path.slice(1);
    if (request.searchParams) {
      // In the URL rather than ky's searchParams, which builds the Request a second time.
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(request.searchParams)) {
        if (value !== undefined) query.set(name, String(value));
      }
      if (query.size > 0) url += `?${query}`;
    }
    if (request.body !== undefined) {
      options.body = request.body;
      options.headers = { 'content-type': 'application/json' };
    }
    if (request.signal) options.signal = request.signal;
    if (request.retryPost) options.retry = { methods: ['post'] };
    if (request.target === 'inbound') options.fetch = signer(request.body ?? '');
    const { method, path, cursor } = request;
    let status: number;
    let text: string | undefined;
    try {
      const response = await (request.target === 'api' ? api : inbound)(url, options);
      status = response.status;
      text = await readText(response, timeout);
    } catch (error) {
      throw await toSdkError(error, request, timeout);
    }
    if (text === undefined) throw new TimeoutError(method, path, timeout || 0, { cursor });
    let parsed: unknown;
    try {
      // No body (a 204, say) is undefined: the output schema says whether that is allowed.
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      const issues = [{ path: '', message: 'the body is not JSON' }];
      throw new ResponseValidationError({ method, path, status, issues, body: text, cursor });
    }
    return parseResponse(request.output, parsed, { method, path, status, cursor });
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
   * Sends a request and returns its validated body, or throws the SDK's typed error.
   *
   * @internal
   */
  send<S extends z.ZodMiniType>(request: TransportRequest<S>): Promise<z.output<S>> {
    return this.#send(request);
  }

  /** The configured clock (`ClientConfig.now`), in epoch milliseconds. */
  now(): number {
    return this.#now();
  }
}
