// What a control route under /__mock/ refuses before it does anything: a query parameter it
// does not read, and for a route other than a GET that reads no body, any body but none or
// `{}` (a GET's body is dropped before any route sees it). Ignored, such input would still run
// the route in full: `DELETE /__mock/requests?path=...` would empty the whole journal,
// `DELETE /__mock/faults?id=flt_1` remove every rule, `DELETE /__mock/faults/flt_1` with
// `{"only_if": ...}` remove the rule whatever the condition. Each unknown name is a 422
// `extra_forbidden` entry at its own place, as pydantic reports an extra field, and the route
// changes nothing.
import type * as z from 'zod/mini';
import type { ValidationIssue } from '../../src/schemas/index.js';
import { parseQuery } from '../store/input-checks.js';
import type { RouteRequest, RouteResponse } from './requests.js';
import { unprocessable } from './responses.js';
import type { Route } from './router.js';

const extra = (loc: ValidationIssue['loc'], msg: string): ValidationIssue => ({
  loc,
  msg,
  type: 'extra_forbidden',
});

// One entry for each query name outside `known` (a repeated name once).
function unknownQuery(
  params: URLSearchParams,
  known: readonly string[],
  msg: string,
): ValidationIssue[] {
  return [...new Set(params.keys())]
    .filter((name) => !known.includes(name))
    .map((name) => extra(['query', name], msg));
}

/**
 * A control query read for its schema, every name it does not know refused: a filter the
 * endpoint does not know would otherwise be ignored, and a count of the items it meant to
 * pick would silently be a count of them all.
 *
 * @param schema - The endpoint's filter schema; its keys are the names it reads.
 * @param params - The request's search params.
 * @param integers - Which names are integers.
 * @param refused - What the route already refuses elsewhere in the request (its body, see
 *   {@link bodyIssues}), answered in the same 422.
 */
export function readFilter<S extends z.ZodMiniObject>(
  schema: S,
  params: URLSearchParams,
  integers: readonly string[],
  refused: readonly ValidationIssue[] = [],
): { data: z.infer<S> } | RouteResponse {
  const names = Object.keys(schema.shape);
  const parsed = parseQuery(schema, params, names, integers);
  const issues = [
    ...unknownQuery(params, names, `is not a filter; filter by ${names.join(', ')}`),
    ...(parsed.success ? [] : parsed.issues),
    ...refused,
  ];
  if (issues.length > 0 || !parsed.success) return unprocessable(issues);
  return { data: parsed.data as z.infer<S> };
}

/**
 * A route as docs/mock.md names it: `PATCH /__mock/orders/{order_id}`.
 *
 * @param route - Its method and path.
 */
export const routeName = ({ method, path }: Pick<Route, 'method' | 'path'>) =>
  `${method} ${path.replace(/:(\w+)/g, '{$1}')}`;

/**
 * The route, refusing every query parameter before it runs (422, nothing done): for a control
 * route that reads none.
 *
 * @param route - The route.
 */
export function withoutQuery(route: Route): Route {
  const msg = `is not a parameter; ${routeName(route)} takes no query`;
  return {
    ...route,
    handle(request, params, key) {
      const issues = unknownQuery(request.url.searchParams, [], msg);
      return issues.length > 0 ? unprocessable(issues) : route.handle(request, params, key);
    },
  };
}

const utf8 = new TextDecoder('utf-8');

/**
 * For a route that reads no body: an issue for each field of a JSON object body, or one for
 * any other body but none, blanks or `{}` (whatever its Content-Type); none for those.
 *
 * @param request - The request.
 * @param why - What the route does instead, for the person reading the 422.
 */
export function bodyIssues(request: RouteRequest, why: string): ValidationIssue[] {
  const text = utf8.decode(request.body).trim();
  if (text === '') return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    return Object.keys(body).map((name) => extra(['body', name], `is not a field; ${why}`));
  }
  return [extra(['body'], `must be empty or {}; ${why}`)];
}

/**
 * For a route that reads neither query nor body: the 422 refusing any query parameter and any
 * body {@link bodyIssues} refuses, or undefined when there is none.
 *
 * @param request - The request.
 * @param why - What the route does instead, for the person reading the 422.
 */
export function refuseInput(request: RouteRequest, why: string): RouteResponse | undefined {
  const issues = [
    ...unknownQuery(request.url.searchParams, [], `is not a parameter; ${why}`),
    ...bodyIssues(request, why),
  ];
  return issues.length > 0 ? unprocessable(issues) : undefined;
}
