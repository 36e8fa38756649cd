// The transport every client shares: one ky instance, the API key added at the fetch call
// (below every hook), and the mapping of ky's outcomes to the SDK's errors and schemas.
import ky, { HTTPError, type KyInstance, TimeoutError as KyTimeoutError, type Options } from 'ky';
import type * as z from 'zod/mini';
import {
  type ClientConfig,
  type FetchLike,
  INBOUND_FULFILLMENT_PATH,
  type NormalizedConfig,
  normalizeConfig,
} from './config.js';
import { ConfigurationError } from './errors/configuration-error.js';
import { ConnectionError } from './errors/connection-error.js';
import { createApiError } from './errors/create-api-error.js';
import { OrderFulfillmentError } from './errors/order-fulfillment-error.js';
import { parseRetryAfter } from './errors/rate-limit-error.js';
import { ResponseValidationError } from './errors/response-validation-error.js';
import { TimeoutError } from './errors/timeout-error.js';
import { signWmsPayload, WMS_SIGNATURE_HEADER } from './signature.js';
import { parseResponse } from './validate.js';

/** Options every SDK call takes. */
export interface RequestOptions {
  /** Aborts the call, including any wait between retries. */
  signal?: AbortSignal | undefined;
}

/** One request as the clients describe it. */
export interface RequestSpec<S extends z.ZodMiniType> {
  method: 'GET' | 'POST';
  /** `api`: under the base URL, with the API key. `inbound`: the signed fulfillment endpoint. */
  target: 'api' | 'inbound';
  /** Starts with `/`; relative to the base URL for `api`, to the host for `inbound`. */
  path: string;
  searchParams?: Record<string, string | number | undefined>;
  /** The serialized JSON body, sent byte for byte. */
  body?: string;
  /** The schema the 2xx body must match. */
  schema: S;
  signal?: AbortSignal | undefined;
  /** Allows retrying a POST: only for requests the service applies idempotently. */
  retryPost?: boolean;
}

/** The shared HTTP layer behind the clients. Holds the secrets only in closures. */
export interface Transport {
  /** Sends a request and returns its validated body, or throws the SDK's typed error. */
  send<S extends z.ZodMiniType>(spec: RequestSpec<S>): Promise<z.output<S>>;
  /**
   * Sends a raw JSON body to the inbound endpoint, signing it afresh at every attempt.
   *
   * @throws {@link ConfigurationError} when no `signingSecret` is configured.
   */
  sendSigned<S extends z.ZodMiniType>(
    spec: Omit<RequestSpec<S>, 'target' | 'method' | 'path' | 'body'> & { body: string },
  ): Promise<z.output<S>>;
  /** The configured clock (`ClientConfig.now`), in epoch milliseconds. */
  now(): number;
}

/** The fetch signature ky calls: always with a Request in practice, typed more widely. */
type KyFetch = NonNullable<Options['fetch']>;

// ky passes a Request and, in `init`, only options a Request cannot hold (e.g. dispatcher).
function asRequest(input: Parameters<KyFetch>[0]): Request {
  return input instanceof Request ? input : new Request(input);
}

// The TypeErrors fetch and body reads reject with when no response (or no whole body)
// arrives: DNS, refused, reset, TLS. Only these are network errors to retry and to report
// as ConnectionError; a TypeError from a hook or other caller code is a bug to surface.
const networkErrors = new WeakSet<object>();

function markNetworkError(error: unknown): never {
  if (error instanceof TypeError) networkErrors.add(error);
  throw error;
}

/** Calls the configured fetch, or `globalThis.fetch` as it is at the time of the call. */
function lateBoundFetch(custom: FetchLike | undefined): KyFetch {
  return (input, init) =>
    (custom ?? globalThis.fetch)(asRequest(input), init).catch(markNetworkError);
}

/**
 * Adds a header at the last moment, after every ky hook has run and been logged. ky hands
 * fetch the Request its beforeRequest hooks saw, and that its TimeoutError carries, having
 * first cloned it as `ky.request` (what HTTPError, afterResponse and beforeRetry see). So the
 * headers go on a copy when caller code (a hook, a retry.shouldRetry) could hold that
 * Request, and straight onto it, a Request construction cheaper, when none can.
 */
function withHeader(next: KyFetch, name: string, value: () => string, copy: boolean): KyFetch {
  return (input, init) => {
    let request = asRequest(input);
    // new Request(request) copies the headers list, so setting on it leaves the original be.
    if (copy) request = new Request(request);
    request.headers.set(name, value());
    return next(request, init);
  };
}

// A Retry-After longer than the cap throws at once: waiting less than the service asked
// would only spend an attempt on another 429. ky itself would wait the cap and retry.
function composeShouldRetry(retry: NormalizedConfig['retry']): NormalizedConfig['retry'] {
  // Normalized: both always hold a value (the default's unless the caller set one).
  const {
    shouldRetry: user,
    maxRetryAfter: cap,
    afterStatusCodes,
  } = retry as Required<NormalizedConfig['retry']>;
  return {
    ...retry,
    shouldRetry: async (state) => {
      const decided = user ? await user(state) : undefined;
      if (decided !== undefined) return decided;
      const { error } = state;
      if (error instanceof HTTPError) {
        if (afterStatusCodes.includes(error.response.status)) {
          const seconds = parseRetryAfter(error.response.headers.get('retry-after'));
          if (seconds !== undefined && seconds * 1000 > cap) return false;
        }
        return undefined;
      }
      // ky would retry any error at all, a bug in a hook included.
      return error instanceof KyTimeoutError || networkErrors.has(error as Error)
        ? undefined
        : false;
    },
  };
}

// ky's timeout ends when the headers arrive: a body that stalls after them would hang the
// call, and a pull with it, forever. The body gets the same allowance again; when it runs
// out, the body stream is cancelled, which makes fetch close the connection, and the result
// is undefined (a TimeoutError for the caller). Read with a reader rather than text() for
// that cancel: text() locks the stream where nothing else can cancel it. Read this way it
// measured as fast as text().
async function readText(response: Response, timeout: number | false): Promise<string | undefined> {
  const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return '';
  let expired = false;
  const timer =
    timeout === false
      ? undefined
      : setTimeout(() => {
          expired = true;
          // The pending read() then ends with done; the cancel's own promise has no news.
          reader.cancel().catch(() => undefined);
        }, timeout);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      size += read.value.length;
    }
  } finally {
    clearTimeout(timer);
  }
  if (expired) return undefined;
  // Joined, then decoded once: a UTF-8 sequence can straddle two chunks, and decoding with
  // { stream: true } leaves the runtime's fast decoder (measured 10% of a page).
  let bytes = chunks[0] ?? new Uint8Array();
  if (chunks.length > 1) {
    bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
  }
  return new TextDecoder().decode(bytes);
}

// An error body: parsed JSON when it is JSON, else its text; undefined when empty or lost.
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Builds the transport for a configuration. The API key and the signing secret live only
 * in the closures below, so no object a caller can inspect or log holds them.
 */
export function createTransport(config: NormalizedConfig): Transport {
  const { apiKey, signingSecret } = config;
  const fetch = lateBoundFetch(config.fetch);
  const base: KyInstance = ky.create({
    timeout: config.timeout,
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

  const timedOut = (spec: RequestSpec<z.ZodMiniType>) =>
    new TimeoutError(spec.method, spec.path, config.timeout || 0);

  async function toSdkError(error: unknown, spec: RequestSpec<z.ZodMiniType>): Promise<unknown> {
    // Before the abort check: ky's TimeoutError carries the Request fetch got, key and all.
    if (error instanceof KyTimeoutError) return timedOut(spec);
    // The caller's own abort surfaces as the platform reports it (an AbortError).
    if (spec.signal?.aborted || error instanceof OrderFulfillmentError) return error;
    if (error instanceof HTTPError) {
      const { response } = error;
      return createApiError({
        status: response.status,
        statusText: response.statusText,
        body: await readBody(response),
        method: spec.method,
        path: spec.path,
        headers: response.headers,
      });
    }
    if (networkErrors.has(error as TypeError)) {
      return new ConnectionError(
        spec.method,
        spec.path,
        `network error: ${(error as TypeError).message}`,
        {
          cause: error,
        },
      );
    }
    return error;
  }

  async function send<S extends z.ZodMiniType>(
    spec: RequestSpec<S>,
    signer?: KyFetch,
  ): Promise<z.output<S>> {
    // ky merges per-call options key by key, and an explicit undefined would replace the
    // instance's value (its fetch, its retry), so only keys with a value are passed.
    const options: Options = { method: spec.method };
    let url = spec.path.slice(1);
    if (spec.searchParams) {
      // In the URL rather than ky's searchParams, which builds the Request a second time.
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(spec.searchParams)) {
        if (value !== undefined) query.set(name, String(value));
      }
      if (query.size > 0) url += `?${query}`;
    }
    if (spec.body !== undefined) {
      options.body = spec.body;
      options.headers = { 'content-type': 'application/json' };
    }
    if (spec.signal) options.signal = spec.signal;
    if (spec.retryPost) options.retry = { methods: ['post'] };
    if (signer) options.fetch = signer;
    const instance = spec.target === 'api' ? api : inbound;
    let status: number;
    let text: string | undefined;
    try {
      const response = await instance(url, options);
      status = response.status;
      text = await readText(response, config.timeout).catch(markNetworkError);
    } catch (error) {
      throw await toSdkError(error, spec);
    }
    if (text === undefined) throw timedOut(spec);
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ResponseValidationError({
        method: spec.method,
        path: spec.path,
        status,
        issues: [{ path: '', message: 'the body is not JSON' }],
        body: text,
      });
    }
    return parseResponse(spec.schema, parsed, { method: spec.method, path: spec.path, status });
  }

  return {
    now: config.now,
    send,
    sendSigned(spec) {
      if (signingSecret === undefined) {
        throw new ConfigurationError(
          'signingSecret',
          'is required to send fulfillment notifications.',
        );
      }
      // Signed at each attempt, not once: a retry after a long Retry-After still carries a
      // timestamp inside the service's ±5 minute window.
      const signer = withHeader(
        fetch,
        WMS_SIGNATURE_HEADER,
        () => signWmsPayload(spec.body, signingSecret, Math.floor(config.now() / 1000)),
        true,
      );
      return send(
        { ...spec, target: 'inbound', method: 'POST', path: INBOUND_FULFILLMENT_PATH },
        signer,
      );
    },
  };
}

// Transports made by createClient, keyed by the private config copy it hands its clients.
const shared = new WeakMap<object, Transport>();

/**
 * Returns the transport for a client's config: the shared one when the config came from
 * {@link shareTransport}, else a new one.
 *
 * @throws {@link ConfigurationError} for a missing or malformed option.
 */
export function transportFor(config: ClientConfig): Transport {
  return shared.get(config) ?? createTransport(normalizeConfig(config));
}

/**
 * Checks a config once and returns a private copy whose clients all share one transport.
 *
 * @throws {@link ConfigurationError} for a missing or malformed option.
 */
export function shareTransport(config: ClientConfig): ClientConfig {
  const transport = createTransport(normalizeConfig(config));
  const copy = Object.freeze({ ...config });
  shared.set(copy, transport);
  return copy;
}
