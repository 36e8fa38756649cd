// What a request ended with, in the SDK's terms: ky's errors and network failures as typed
// errors, and a 2xx body parsed and checked against the method's output schema.
import { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import type * as z from 'zod/mini';
import { AbortError } from '../errors/abort-error.js';
import { requestIdOf } from '../errors/api-error.js';
import { ConnectionError } from '../errors/connection-error.js';
import { createApiError } from '../errors/create-api-error.js';
import {
  OrderFulfillmentError,
  type RequestErrorOptions,
  type ResumeCursor,
} from '../errors/order-fulfillment-error.js';
import { ResponseValidationError } from '../errors/response-validation-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import type { RawResponse } from './api-promise.js';
import { readErrorBody, scrubHeaders } from './body.js';
import { isNetworkError } from './fetch.js';
import { HTML_PAGE_HINT, isHtmlPage } from './html-page.js';
import type { ResolvedOptions } from './request-options.js';
import { parseResponse } from './validate.js';

/** The request an outcome belongs to: where it went and what its errors carry. */
export interface RequestSummary {
  method: string;
  path: string;
  cursor?: ResumeCursor | undefined;
  /** Set once the answer's headers have arrived, for an error in reading its body. */
  answered?: RequestErrorOptions['answered'];
}

type Cause = {
  code?: unknown;
  address?: unknown;
  hostname?: unknown;
  port?: unknown;
  cause?: unknown;
};

/**
 * What a network failure was, from its cause chain: undici's `fetch failed` hides the
 * system error (`ECONNREFUSED`, with the address) one or two causes down, or inside an
 * AggregateError when the host had several addresses.
 */
export function describeNetworkError(error: Error): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, address, hostname, port } = current as Cause;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) {
      // A lookup that failed (ENOTFOUND) has the name it looked up, and no address.
      const host = typeof address === 'string' ? address : hostname;
      const where = typeof host === 'string' ? ` ${host}${port ? `:${port}` : ''}` : '';
      return code + where;
    }
    const inner = current as Cause & { errors?: unknown[] };
    current = inner.cause ?? inner.errors?.[0];
  }
  const cause = (error as Cause).cause;
  // Read, not tested with instanceof: the cause may come from another realm (see fetch.ts).
  const message = (cause as { message?: unknown } | undefined)?.message;
  const detail = typeof message === 'string' && message ? `: ${message}` : '';
  return `network error: ${error.message}${detail}`;
}

/**
 * Maps what a request threw to the SDK's error: `TimeoutError` (saying which limit ran
 * out), `AbortError` for the caller's abort, the `ApiError` subclass for a status,
 * `ConnectionError` for a network failure; anything else (a bug in a hook) as it is.
 *
 * @param total - The total timeout's signal, to tell its abort from the caller's.
 * @param signal - The call's signal (the caller's, the total timeout, or both): an error
 *   body is read under it.
 */
export async function toSdkError(
  error: unknown,
  request: RequestSummary,
  limits: Pick<ResolvedOptions, 'timeout' | 'totalTimeout' | 'signal'>,
  total: AbortSignal | undefined,
  signal: AbortSignal | undefined,
  scrub: (text: string) => string,
): Promise<unknown> {
  const { method, path, cursor, answered } = request;
  // Read before the checks below, so that an abort or the total timeout while the body
  // stalls ends the call as it would at any other moment, not as the status's error.
  const body =
    error instanceof HTTPError && !signal?.aborted
      ? await readErrorBody(error.response, scrub, limits.timeout, signal)
      : undefined;
  if (total?.aborted) {
    // An error answer's headers had come too, when its body stalled: ky threw before the
    // transport saw them.
    const { response } = error instanceof HTTPError ? error : {};
    return new TimeoutError(method, path, limits.totalTimeout ?? 0, {
      cursor,
      answered:
        answered ??
        (response && { status: response.status, requestId: requestIdOf(response.headers) }),
      limit: 'total',
    });
  }
  // Before the abort check: ky's TimeoutError carries the Request fetch got, key and all.
  if (error instanceof KyTimeoutError) {
    return new TimeoutError(method, path, limits.timeout || 0, { cursor });
  }
  if (limits.signal?.aborted) {
    return new AbortError(method, path, { cause: limits.signal.reason, cursor });
  }
  if (error instanceof OrderFulfillmentError) return error;
  if (error instanceof HTTPError) {
    const { response } = error;
    return createApiError({
      status: response.status,
      // The reason phrase is the service's text too: one may name the key it refused.
      statusText: scrub(response.statusText),
      body,
      method,
      path,
      headers: scrubHeaders(response.headers, scrub),
      cursor,
      url: response.url,
    });
  }
  if (isNetworkError(error)) {
    const description = describeNetworkError(error);
    return new ConnectionError(method, path, description, { cause: error, cursor, answered });
  }
  return error;
}

/**
 * Parses a 2xx body as JSON and checks it against the request's output schema. No body (a
 * 204) is `undefined`; so is a body that is not JSON, but for an HTML page, when `anyBody`
 * is set (an endpoint whose answer the specification does not show), while elsewhere it is
 * a ResponseValidationError, whose `body` has the client's secrets hidden.
 */
export function parseBody<S extends z.ZodMiniType>(
  raw: RawResponse,
  request: RequestSummary & { output: S; anyBody?: boolean | undefined },
  scrub: (text: string) => string,
): z.output<S> {
  const response = {
    method: request.method,
    path: request.path,
    status: raw.response.status,
    cursor: request.cursor,
    requestId: raw.requestId,
  };
  let parsed: unknown;
  if (raw.text !== '') {
    try {
      parsed = JSON.parse(raw.text);
    } catch {
      // Where any body is a success, still not a markup page: a proxy's maintenance page or a
      // web app's fallback route answers 200 too, and taking it for the service's answer
      // would report a notification that never arrived as sent.
      const page = isHtmlPage(raw.text, raw.response.headers);
      if (!request.anyBody || page) {
        const message = page ? HTML_PAGE_HINT : 'the body is not JSON';
        const issues = [{ path: '', message }];
        throw new ResponseValidationError({ ...response, issues, body: scrub(raw.text) });
      }
    }
  }
  return parseResponse(request.output, parsed, response, scrub);
}
