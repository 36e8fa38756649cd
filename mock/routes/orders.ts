// GET {base_url}/orders in both paging modes, the order detail and its items
// (specification 4.2 to 4.4). The paging rules themselves live in the store's indexes.
import * as z from 'zod/mini';
import {
  OrderCursorParamsSchema,
  OrderListParamsSchema,
  type ValidationIssue,
} from '../../src/schemas/index.js';
import { givenTogether } from '../../src/schemas/wire.js';
import type { MockApiKey, Scope } from '../rules/keys.js';
import { type ParsedQuery, parseQuery } from '../store/input-checks.js';
import { SHIPPING_FIELDS } from '../store/list-shape.js';
import { ServiceInstantSchema } from '../store/record-schemas.js';
import { BASE_PATH, type ServiceContext } from './context.js';
import type { RouteRequest, RouteResponse } from './requests.js';
import { fail, itemsPage, json, unprocessable } from './responses.js';
import type { Route } from './router.js';

// Every order route, the list, the detail and the items, asks for the same scope.
const SCOPE: Scope = 'orders:read';

/** Default `limit` of GET /orders (not shown by the specification). */
export const DEFAULT_ORDER_LIMIT = 50;

// Read from the SDK's schemas of both modes, so a parameter added there is read here too.
const QUERY_NAMES = [
  ...new Set([
    ...Object.keys(OrderListParamsSchema.shape),
    ...Object.keys(OrderCursorParamsSchema.shape),
  ]),
];
const INTEGER_NAMES = ['limit', 'offset'];

// The SDK's cursor query, with `since` read as a pydantic service reads it: in any of the
// spellings it takes, within the years the mock writes (store/instants.ts).
const CursorQuerySchema = z
  .object({ ...OrderCursorParamsSchema.shape, since: z.optional(ServiceInstantSchema) })
  .check(givenTogether('since', 'since_id'));

// The shipping rule of the detail and the list alike: only a key with `shipping:read` sees
// the shipping fields (docs/spec-gaps.md); without it they are absent, not null.
const seesShipping = (key: MockApiKey | undefined) =>
  key?.scopes.includes('shipping:read') ?? false;

// A date-time whose offset sign is a space: a `+` sent raw in a query string, which decodes
// as a space (4.2 asks for `since` URL-encoded), the likeliest mistake of a hand-written call.
// The date and time may be apart by a space too, as Python's `str(datetime)` writes them.
const SPACE_FOR_PLUS = /^\d{4}-\d{2}-\d{2}[Tt _]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)? \d{2}:?\d{2}$/;
const PLUS_HINT =
  "; it has a space where the offset's sign goes: a + in a query string reads as a space, so send it URL-encoded as %2B";

/**
 * The issues of a cursor query: the schema's, with a `since` that reads as a raw `+` offset
 * told so.
 *
 * @param parsed - The query read for the cursor schema.
 * @param since - The `since` sent (the last one), if any.
 */
function cursorIssues(parsed: ParsedQuery<unknown>, since: string | undefined): ValidationIssue[] {
  const issues = parsed.success ? [] : parsed.issues;
  if (!since || !SPACE_FOR_PLUS.test(since)) return issues;
  const isSince = (issue: ValidationIssue) => issue.loc[0] === 'query' && issue.loc[1] === 'since';
  return issues.map((issue) => (isSince(issue) ? { ...issue, msg: issue.msg + PLUS_HINT } : issue));
}

function listOrders(
  ctx: ServiceContext,
  request: RouteRequest,
  withShipping: boolean,
): RouteResponse {
  const params = request.url.searchParams;
  const store = ctx.state.orders;
  // Either cursor parameter selects cursor mode; the schema then demands the other one. Both
  // modes coerce every name of either (a malformed `offset` is refused in cursor mode too),
  // and each schema keeps only its own.
  if (params.has('since') || params.has('since_id')) {
    const parsed = parseQuery(CursorQuerySchema, params, QUERY_NAMES, INTEGER_NAMES);
    const issues = cursorIssues(parsed, params.getAll('since').at(-1));
    if (!parsed.success || issues.length > 0) return unprocessable(issues);
    const { since = '', since_id: sinceId = '', status, platform } = parsed.data;
    const limit = parsed.data.limit ?? DEFAULT_ORDER_LIMIT;
    const page = store.cursorPage({ status, platform }, since, sinceId, limit, withShipping);
    return itemsPage(
      page.items,
      `,"next_since":${JSON.stringify(page.nextSince)}` +
        `,"next_since_id":${JSON.stringify(page.nextSinceId)},"has_more":${page.hasMore}`,
    );
  }
  const parsed = parseQuery(OrderListParamsSchema, params, QUERY_NAMES, INTEGER_NAMES);
  if (!parsed.success) return unprocessable(parsed.issues);
  const { status, platform, offset = 0 } = parsed.data;
  const limit = parsed.data.limit ?? DEFAULT_ORDER_LIMIT;
  const page = store.offsetPage({ status, platform }, offset, limit, withShipping);
  const pageNumber = Math.floor(offset / limit) + 1;
  return itemsPage(page.items, `,"total":${page.total},"page":${pageNumber},"page_size":${limit}`);
}

/**
 * The order routes.
 *
 * @param ctx - The service.
 */
export function orderRoutes(ctx: ServiceContext): Route[] {
  const notFound = (id: string | undefined) => fail(404, `Order ${id} not found`);
  return [
    {
      method: 'GET',
      path: `${BASE_PATH}/orders`,
      scope: SCOPE,
      handle: (request, _params, key) => listOrders(ctx, request, seesShipping(key)),
    },
    {
      method: 'GET',
      path: `${BASE_PATH}/orders/:order_id`,
      scope: SCOPE,
      handle(_request, params, key) {
        const order = ctx.state.orders.get(params.order_id);
        if (!order) return notFound(params.order_id);
        const { items: _items, ...detail } = order;
        if (!seesShipping(key)) {
          for (const field of SHIPPING_FIELDS) delete detail[field];
        }
        return json(detail);
      },
    },
    {
      method: 'GET',
      path: `${BASE_PATH}/orders/:order_id/items`,
      scope: SCOPE,
      handle(_request, params) {
        const order = ctx.state.orders.get(params.order_id);
        return order ? json({ items: order.items }) : notFound(params.order_id);
      },
    },
  ];
}
