// What the operations of the service document share: where the "not shown" choices are
// written down, the order of the checks, the error responses, and query parameters read
// from a zod schema.
import * as z from 'zod/mini';
import { DEFAULT_ORDER_LIMIT, DEFAULT_PRODUCT_PAGE_SIZE } from '../../../mock/index.js';
import { clean, type Json, json, ref } from '../json-schema.js';

/** Where the service's choices for what the specification does not show are written down. */
export const GAPS = 'docs/spec-gaps.md';

/** A parameter of an operation. */
export type Parameter = Json & { name: string };
/** The responses of an operation, by status. */
export type Responses = Record<string, Json>;

// The service's defaults for omitted paging parameters (docs/spec-gaps.md), taken from the
// mock, which is where that rule lives; the wire schemas leave them optional.
const QUERY_DEFAULTS: Record<string, number> = {
  limit: DEFAULT_ORDER_LIMIT,
  offset: 0,
  page: 1,
  page_size: DEFAULT_PRODUCT_PAGE_SIZE,
};

/** The query parameters of a zod object schema, each described from `descriptions`. */
export function queryParameters(
  schema: z.core.$ZodType,
  descriptions: Record<string, string>,
): Parameter[] {
  const json = clean(z.toJSONSchema(schema, { io: 'input' }), 'input');
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const description = descriptions[name];
    if (!description)
      throw new Error(
        `scripts/openapi/service/operations.ts: describe the query parameter ${name}`,
      );
    const fallback = QUERY_DEFAULTS[name];
    const withDefault = fallback === undefined ? property : { ...property, default: fallback };
    return { name, in: 'query', required: false, description, schema: withDefault };
  });
}

// Why the service answers each status, for every operation under the base URL.
const ERROR_REASONS: Record<string, string> = {
  '401':
    'The X-API-Key header is missing or names no key. A key in the query or body never authenticates.',
  '402': 'The workspace plan does not include `apiAccess`.',
  '403': 'The client IP is outside the key’s allowed IPs, or the key lacks the endpoint’s scope.',
  '404': 'No order has this id.',
  '422':
    'A query parameter or the body failed validation (a body is read as JSON only under ' +
    '`Content-Type: application/json` or `application/*+json`); `detail` lists each problem.',
  '429': 'The key exceeded its rate limit; wait `Retry-After` seconds.',
};

/** The error responses of an endpoint under the base URL, in the service's check order. */
export function apiErrors(...statuses: string[]): Responses {
  const all: Responses = {};
  for (const status of ['401', '402', '403', '429', ...statuses]) {
    all[status] = error(status, ERROR_REASONS[status] ?? '');
  }
  return all;
}

/** One error response with the ErrorBody; a 429 also names its Retry-After header. */
export function error(status: string, description: string): Json {
  const response: Json = { description, content: json(ref('ErrorBody')) };
  if (status === '429')
    response.headers = { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };
  return response;
}

/** The order of the service's checks, which every operation under the base URL states. */
export const CHECK_ORDER =
  `Checks run in this order (${GAPS}): 401 (API key) → 402 (plan) → 403 (IP, then scope) → ` +
  '429 (rate limit) → 422 (input) → 404 (unknown order).';
