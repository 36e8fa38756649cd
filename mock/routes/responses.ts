// The answers routes give, and the headers both adapters send with them: every body is JSON,
// every non-2xx answer is `{"detail": ...}` as FastAPI writes it.
import type { ValidationIssue } from '../../src/schemas/index.js';
import type { RouteResponse } from './requests.js';

/**
 * The length of a response body in bytes.
 *
 * @param response - The answer.
 */
function bodyLength(response: RouteResponse): number {
  return typeof response.body === 'string'
    ? Buffer.byteLength(response.body)
    : response.body.length;
}

/**
 * A JSON response.
 *
 * @param body - Serialized with JSON.stringify.
 * @param status - Default 200.
 * @param headers - Extra headers, lower-case names.
 */
export function json(body: unknown, status = 200, headers?: Record<string, string>): RouteResponse {
  return { status, headers, body: JSON.stringify(body) };
}

const ITEMS_OPEN = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/**
 * A list page: `{"items":[...]` from each item's JSON bytes, then the page's other fields,
 * in one copy (the items come from the store's cache already encoded).
 *
 * @param items - Each item's JSON, UTF-8.
 * @param fields - The fields after `items`, serialized, starting with a comma.
 */
export function itemsPage(items: readonly Uint8Array[], fields: string): RouteResponse {
  const parts: Uint8Array[] = [ITEMS_OPEN];
  items.forEach((item, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(Buffer.from(`]${fields}}`));
  return { status: 200, body: Buffer.concat(parts) };
}

/**
 * An error response with a sentence as `detail`.
 *
 * @param status - The HTTP status.
 * @param detail - What went wrong, for a person.
 * @param headers - Extra headers, lower-case names (for example `retry-after`).
 */
export function fail(
  status: number,
  detail: string,
  headers?: Record<string, string>,
): RouteResponse {
  return json({ detail }, status, headers);
}

/**
 * A 422 response listing every problem.
 *
 * @param issues - The `detail` entries.
 */
export function unprocessable(issues: ValidationIssue[]): RouteResponse {
  return json({ detail: issues }, 422);
}

/** The header naming the request in the journal; every answer carries it. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Whether an answer of this status carries no body at all (fetch refuses even an empty one).
 *
 * @param status - The answer's status.
 */
export function carriesNoBody(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}

/**
 * The headers every answer carries: all bodies are JSON, and each names its request.
 *
 * @param response - The route's answer.
 * @param requestId - The id the journal knows the request by.
 */
export function responseHeaders(
  response: RouteResponse,
  requestId: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'content-length': String(bodyLength(response)),
    ...response.headers,
    'x-request-id': requestId,
  };
}
