// A scripted fetch for unit tests: records every request the SDK sends (after the API key
// is added) and answers from a handler. Injected through the `fetch` option, never global.
import { type ClientConfig, createClient } from '../../src/index.js';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  /** The request's signal: aborted when the SDK gives the request up. */
  signal: AbortSignal;
}

export type Responder = (
  request: RecordedRequest,
  index: number,
) => Response | Promise<Response> | Error;

export function fakeFetch(responder: Responder) {
  const requests: RecordedRequest[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: new Headers(request.headers),
      body: await request.text(),
      signal: request.signal,
    };
    requests.push(recorded);
    const answer = await responder(recorded, requests.length - 1);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, requests };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** An empty first page of products: the answer of a `products.list()` that succeeded. */
export const productPage = { items: [], page: 1, page_size: 50, total: 0 };

/** A 429 answer whose Retry-After header is `retryAfter`. */
export const tooMany = (retryAfter: string) =>
  json({ detail: 'Rate limit exceeded' }, 429, { 'retry-after': retryAfter });

export const HOST = 'https://shop.example.test';
export const BASE = `${HOST}/api/v1/web-api/v1`;
export const KEY = 'key_live_5up3r53cr3t';
export const SECRET = 'whsec_test_signing_secret';

/** Retries without waiting, so retry tests finish at once. */
export const FAST_RETRY = { delay: () => 0, jitter: false } as const;

/** A fetch that never answers, and rejects like the platform's when its request aborts. */
export function hangingFetch(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    if (request.signal.aborted) reject(request.signal.reason);
    request.signal.addEventListener('abort', () => reject(request.signal.reason));
  });
}

/** A client configuration over the fake host that fails at once, for tests of one answer. */
export const NO_RETRY = { hostUrl: HOST, apiKey: KEY, retry: 0 } as const;

/**
 * A client of the fake service on {@link HOST} with {@link KEY}, with `config` over that
 * (a retry policy, hooks, a timeout).
 */
export function clientOver(
  service: { fetch: (request: Request) => Promise<Response> },
  config: Partial<ClientConfig> = {},
) {
  return createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch, ...config });
}
