import { HTML_PAGE_HINT, isHtmlPage, TEXT_BODY_HINT } from '../core/html-page.js';
import type { ValidationIssue } from '../schemas/common.js';
import { OrderFulfillmentError, type ResumeCursor } from './order-fulfillment-error.js';

/** What the SDK knew about a failed request and its response. */
export interface ApiErrorInit {
  /** The HTTP status. */
  status: number;
  /** The response body: the parsed JSON when it was JSON, else the text. */
  body: unknown;
  /** The request's HTTP method, upper case. */
  method: string;
  /** The request's path: relative to the base URL for the API, from the host for the inbound endpoint. */
  path: string;
  /** The response headers, when there was a response. */
  headers?: Headers | undefined;
  /**
   * The response's status text, used in the message when the body gives no reason (no
   * `detail`, `message` or `error`, and no short plain text).
   */
  statusText?: string | undefined;
  /** Set when the request was a page of a cursor pull: the cursor to resume from. */
  cursor?: ResumeCursor | undefined;
  /** The URL the response came from, when known: named in the message of a path's 404. */
  url?: string | undefined;
}

/**
 * An issue's `loc` as a list: as it came when it is one; a lone string or number (a proxy's,
 * another framework's) as its one entry, so where the problem is survives; else (an empty
 * string too, which says nowhere) empty.
 *
 * @internal
 */
export function locOf(loc: unknown): ValidationIssue['loc'] {
  if (Array.isArray(loc)) return loc;
  return (typeof loc === 'string' && loc !== '') || typeof loc === 'number' ? [loc] : [];
}

/**
 * Renders 422 issues the way the service means them: `query.limit: too big`. An item of
 * another shape (a proxy's, a newer service's) is shown as it came, never thrown on.
 */
export function formatIssues(issues: readonly unknown[]): string {
  return issues
    .map((issue) => {
      const { loc, msg } = Object(issue) as Record<string, unknown>;
      if (typeof msg !== 'string') return typeof issue === 'string' ? issue : JSON.stringify(issue);
      const where = locOf(loc);
      return where.length > 0 ? `${where.join('.')}: ${msg}` : msg;
    })
    .join('; ');
}

/**
 * The service's `X-Request-Id` in an answer's headers, or undefined: read the same way for an
 * error, a retry's log line and a success's `requestId`.
 *
 * @internal
 */
export function requestIdOf(headers: Headers | undefined): string | undefined {
  return headers?.get('x-request-id') ?? undefined;
}

// The reason another framework's error body gives, when it has no `detail`: a `message` or
// `error` string (slowapi's 429 sends `error`), or a short line of plain text (Starlette's
// `Internal Server Error`). Not an HTML page: a proxy's says no more than its status.
function otherReason(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    return text && text.length <= 200 && !/[\n<]/.test(text) ? text : undefined;
  }
  const { message, error } = Object(body) as Record<string, unknown>;
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return undefined;
}

// How `location` differs from `url` when only in a way the service's own setup explains: a
// trailing slash added or taken away on the same host, or the same address on https.
function redirectKind(url: string | undefined, location: string): 'slash' | 'https' | undefined {
  try {
    const from = new URL(url ?? '');
    const to = new URL(location, from);
    const bare = (path: string) => path.replace(/\/$/, '');
    if (to.search !== from.search) return undefined;
    if (to.origin === from.origin && to.pathname !== from.pathname) {
      return bare(to.pathname) === bare(from.pathname) ? 'slash' : undefined;
    }
    const secured = from.protocol === 'http:' && to.protocol === 'https:';
    return secured && to.hostname === from.hostname && to.pathname === from.pathname
      ? 'https'
      : undefined;
  } catch {
    return undefined;
  }
}

// What a redirect's message says: the SDK follows none (fetch would carry the key anywhere).
const redirectReasons = {
  // A FastAPI service whose routes end in "/" (Starlette's redirect_slashes): hostUrl is
  // right then.
  slash:
    'the service\'s route differs by a trailing slash, and the SDK follows no redirect (README, "A service that redirects")',
  // A proxy that sends plain http to https: the request it answered went unencrypted.
  https:
    'the service is served over https: set hostUrl to its https:// address (this request went over plain http)',
  other: "the SDK sends the API key only to hostUrl; set hostUrl to the service's address",
};

/**
 * Whether a 4xx came from whatever stands in front of the service, by a body that is not
 * JSON: an HTML page or a line of text from a proxy with no route during a deploy (Traefik's
 * `404 page not found`), a firewall, basic auth. The service answers its errors in JSON
 * (FastAPI's `{"detail": ...}`). Such a 404 is no unknown order and such a 401 no bad API
 * key, so it is a plain {@link ApiError} that says so. Not a 429, whose Retry-After is HTTP's
 * own, nor a 5xx, which says no more than "failed" whoever sent it; nor an empty body.
 *
 * @internal
 */
export function answeredInFront(init: ApiErrorInit): boolean {
  const { status, body } = init;
  return status < 500 && status !== 429 && typeof body === 'string' && body.trim() !== '';
}

// What a failure's message says after its status: where a redirect pointed, else the body's
// `detail`, else another shape's reason, else the status text.
function reasonOf(init: ApiErrorInit, detail: unknown): string {
  const location = init.status < 400 && init.headers?.get('location');
  if (location) {
    const kind = redirectKind(init.url, location) ?? 'other';
    return `redirected to ${location}, not followed: ${redirectReasons[kind]}`;
  }
  // What FastAPI answers for a path it has no route for: the URL shows a wrong hostUrl
  // (`…/web-api/api/v1/web-api/v1/orders/1`), which the path alone would hide.
  if (init.status === 404 && detail === 'Not Found' && init.url) {
    // An id holding `/` goes as `%2F`, which Starlette decodes before it routes: then no
    // route matches, whether or not the order exists, and hostUrl is not to blame. Read in
    // the SDK's path, the ids alone: a hostUrl's own path may hold a %2F too.
    const cause = /%2F/i.test(init.path)
      ? 'the path holds an id with "/" (sent as %2F), which a FastAPI service decodes before routing, so no route matches it'
      : "if every call answers this, hostUrl is not the service's address";
    return `Not Found at ${init.url}; ${cause}`;
  }
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return formatIssues(detail);
  // Another shape (FastAPI's HTTPException with a dict) is shown as it came.
  if (detail != null) return JSON.stringify(detail);
  const reason = otherReason(init.body) || init.statusText || '(no detail)';
  if (!answeredInFront(init)) return reason;
  return `${reason}; ${isHtmlPage(init.body, init.headers) ? HTML_PAGE_HINT : TEXT_BODY_HINT}`;
}

/**
 * A non-2xx response from the service. Subclasses name the common statuses; `instanceof`
 * on them is the intended way to branch. The message reads `GET /orders → 401: Invalid API
 * key` and never carries the API key.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.get('ord_1');
 * } catch (error) {
 *   if (error instanceof NotFoundError) return undefined;
 *   if (error instanceof ApiError) console.error(error.status, error.detail, error.requestId);
 *   throw error;
 * }
 * ```
 */
export class ApiError extends OrderFulfillmentError {
  override name: string = 'ApiError';

  /** The HTTP status. */
  declare readonly status: number;

  /**
   * The body's `detail` as the service sent it: a sentence, or a list (for 422, FastAPI's
   * issues, unchecked: {@link ValidationError.issues} has them checked); undefined when absent
   * or of another type.
   */
  declare readonly detail: string | unknown[] | undefined;

  /**
   * The whole response body: parsed JSON when it was JSON, else the text. Not enumerable,
   * like a page's `requestId`: a proxy's error page or an echoed request would otherwise
   * fill every log line and error report the error is serialized into.
   */
  declare readonly body: unknown;

  /** The request's HTTP method. */
  declare readonly method: string;

  /** The request's path, without host or query. */
  declare readonly path: string;

  /** The response headers; undefined when the error was raised before any request. */
  declare readonly headers: Headers | undefined;

  /** The service's `X-Request-Id` for the failed request, when it sent one. */
  declare readonly requestId: string | undefined;

  /**
   * Set when the error ended a cursor pull: the cursor to resume from. Pass it back to
   * `orders.pages()` or `orders.iterate()`; no page is lost or repeated.
   */
  declare readonly cursor: ResumeCursor | undefined;

  /** @param init - The status, body, request and headers of the failure. */
  constructor(init: ApiErrorInit) {
    const given = (init.body as { detail?: unknown } | null | undefined)?.detail;
    // `detail` is kept only when it has the documented shape: a sentence or a list.
    const detail = typeof given === 'string' || Array.isArray(given) ? given : undefined;
    super(`${init.method} ${init.path} → ${init.status}: ${reasonOf(init, given)}`);
    // Declared fields, assigned in one call: the same own properties, in the same order.
    Object.assign(this, {
      status: init.status,
      detail,
      body: init.body,
      method: init.method,
      path: init.path,
      headers: init.headers,
      requestId: requestIdOf(init.headers),
      cursor: init.cursor && { ...init.cursor },
    });
    Object.defineProperty(this, 'body', { enumerable: false });
  }
}
