// The fetch under ky: bound late to the configured or global fetch, with network errors
// marked so that only they are retried, and a header added below every ky hook.
import type { Options } from 'ky';
import type { FetchLike } from './config.js';

/**
 * The fetch signature ky calls: typed more widely, but ky 1.x always passes the Request it
 * built and, in `init`, only options a Request cannot hold (e.g. dispatcher).
 */
export type KyFetch = NonNullable<Options['fetch']>;

// What fetch and body reads reject with when no response (or no whole body) arrives: DNS,
// refused, reset, TLS. Only these are network errors to retry and to report as
// ConnectionError: the TypeError the Fetch standard names, and the plain Error workerd rejects
// with ("Network connection lost."). Not an Error subclass (a ReferenceError in a custom
// fetch, a DOMException such as AbortError), nor a rejection after the request's signal
// aborted (that is the abort's); hook code runs outside fetch, so a bug there is never marked.
// Told by the constructor's name as well as by instanceof: under jest's and vitest's vm pools
// the SDK runs in a realm of its own, while Node's fetch rejects with the outer realm's
// TypeError, which no instanceof here recognizes.
const networkErrors = new WeakSet<object>();

function failedForWantOfResponse(error: unknown): error is Error {
  if (error instanceof TypeError) return true;
  if (Object.prototype.toString.call(error) !== '[object Error]') return false;
  const kind = (Object.getPrototypeOf(error) as { constructor?: { name?: unknown } } | null)
    ?.constructor?.name;
  return kind === 'TypeError' || kind === 'Error';
}

/**
 * What was thrown, from the error ky hands to `shouldRetry`: ky wraps a rejection that is no
 * Error of its own realm (an outer realm's TypeError, as above) in its NonError, which it
 * does not export, keeping the rejection as `value`.
 */
export function unwrapNonError(error: Error): Error {
  if (error.name !== 'NonError' || !('value' in error)) return error;
  const { value } = error;
  // A string, undefined or null thrown stays wrapped: the wrapper carries its text.
  return typeof value === 'object' && value !== null ? (value as Error) : error;
}

/**
 * Rethrows `error`, first marking it as a network error when it is one and `signal` had not
 * aborted (the rejection is then the abort's, which the caller's error handling names).
 */
export function markNetworkError(error: unknown, signal?: AbortSignal | null): never {
  if (failedForWantOfResponse(error) && !signal?.aborted) networkErrors.add(error);
  throw error;
}

/** Whether `error` came from fetch or a body read failing for want of a response. */
export function isNetworkError(error: unknown): error is Error {
  return networkErrors.has(error as object);
}

/**
 * Calls the configured fetch, or `globalThis.fetch` as it is at the time of the call. A
 * request whose signal has aborted is refused here, as the Fetch standard's fetch refuses it,
 * since a custom fetch or an interceptor may send it all the same: ky goes on to fetch once a
 * caller's hook returns, however long after the call ended.
 *
 * @param custom - The configured fetch; undefined for the global one, looked up at each call.
 * @param call - The call's own signal, refused on too: a Request a hook built anew does not
 *   carry it.
 * @param sent - Told of each request it sends, not of one it refuses.
 */
export function lateBoundFetch(
  custom: FetchLike | undefined,
  call?: AbortSignal,
  sent?: () => void,
): KyFetch {
  return async (input, init) => {
    const { signal } = input as Request;
    if (signal.aborted) throw signal.reason;
    if (call?.aborted) throw call.reason;
    sent?.();
    return (custom ?? globalThis.fetch)(input as Request, init).catch((error: unknown) =>
      markNetworkError(error, signal),
    );
  };
}

/**
 * Adds a header at the last moment, after every ky hook has run and been logged. ky hands
 * fetch the Request its beforeRequest hooks saw, and that its TimeoutError carries, having
 * first cloned it as `ky.request` (what HTTPError, afterResponse and beforeRetry see). So the
 * headers go on a copy when caller code (a hook, a retry.shouldRetry) could hold that
 * Request, and straight onto it, a Request construction cheaper, when none can.
 */
export function withHeader(
  next: KyFetch,
  name: string,
  value: () => string | Promise<string>,
  copy: boolean,
): KyFetch {
  return (input, init) => {
    let request = input as Request;
    // new Request(request) copies the headers list, so setting on it leaves the original be.
    if (copy) request = new Request(request);
    const header = value();
    if (typeof header === 'string') {
      request.headers.set(name, header);
      return next(request, init);
    }
    return header.then((resolved) => {
      request.headers.set(name, resolved);
      return next(request, init);
    });
  };
}
