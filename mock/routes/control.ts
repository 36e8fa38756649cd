// Control endpoints under {host_url}/__mock/ for integrators who cannot call the TypeScript
// state API (a WMS in Java or Go): create and change records, move the clock, read
// subscriptions and deliveries, add fault rules, read the request journal, reset. They need
// no API key; docs/mock.md lists them.
import * as z from 'zod/mini';
import { IsoDateTimeWithOffsetSchema } from '../../src/schemas/index.js';
import { HttpMethodSchema, PathPatternSchema, pathMatches } from '../rules/fault-rule.js';
import { iso } from '../store/generate.js';
import { MockInputError, MockNotFoundError } from '../store/store-errors.js';
import type { ServiceContext } from './context.js';
import { bodyIssues, readFilter, refuseInput, routeName, withoutQuery } from './control-input.js';
import { type RouteRequest, type RouteResponse, readJsonBody } from './requests.js';
import { fail, json, unprocessable } from './responses.js';
import type { Route, RouteParams } from './router.js';

/** The reserved path prefix of the control endpoints. */
export const CONTROL_PREFIX = '/__mock';

const CONTROL_AT = `${CONTROL_PREFIX}/`;

/**
 * Whether a path (after the host URL) is a control endpoint's: never faulted, delayed or
 * journaled.
 *
 * @param path - The request or route path.
 */
export function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(CONTROL_AT);
}

/** The body of `PUT /__mock/clock`. */
export const ClockSetSchema = z.strictObject({ now: IsoDateTimeWithOffsetSchema });
/** The body of `POST /__mock/clock/advance`. */
export const ClockAdvanceSchema = z.strictObject({ ms: z.number().check(z.int()) });

// Only the newest N of a list: a driver polling a long record need not download all of it.
const newest = z.optional(z.int().check(z.minimum(1, { error: 'must be at least 1' })));

/** The query of `GET /__mock/requests`: which journal entries to list. */
export const RequestFilterSchema = z.object({
  method: z.optional(HttpMethodSchema),
  path: z.optional(PathPatternSchema),
  /** The status answered; `0` for no answer (a reset connection, a request still running). */
  status: z.optional(z.int().check(z.minimum(0, { error: 'must be at least 0' }))),
  limit: newest,
});

/** The query of `GET /__mock/deliveries` and its flush: how many of the newest attempts. */
export const DeliveryFilterSchema = z.object({ limit: newest });

const lastOf = <T>(items: readonly T[], limit: number | undefined) =>
  limit === undefined ? items : items.slice(-limit);

// The journal entries a filter asks for: the newest `limit` matches, oldest first.
function listRequests(ctx: ServiceContext, params: URLSearchParams): RouteResponse {
  const filter = readFilter(RequestFilterSchema, params, ['status', 'limit']);
  if (!('data' in filter)) return filter;
  const { method, path, status, limit } = filter.data;
  const wanted = method?.toUpperCase();
  const items = ctx.journal.entries(
    (entry) =>
      (wanted === undefined || entry.method === wanted) &&
      (path === undefined || pathMatches(path, entry.path)) &&
      (status === undefined || (entry.status ?? 0) === status),
    limit,
  );
  return json({ items });
}

const FLUSHES =
  'POST /__mock/deliveries/flush takes no body (only ?limit=) and waits for every pending delivery';

// The kept delivery attempts, the newest `limit` of them, oldest first; for the flush, once
// nothing is pending (a bad query, or a body it would not read, is refused before the wait).
async function listDeliveries(
  ctx: ServiceContext,
  request: RouteRequest,
  flush = false,
): Promise<RouteResponse> {
  const refused = flush ? bodyIssues(request, FLUSHES) : [];
  const filter = readFilter(DeliveryFilterSchema, request.url.searchParams, ['limit'], refused);
  if (!('data' in filter)) return filter;
  if (flush) await ctx.deliveries.flush();
  return json({ items: lastOf(ctx.deliveries.deliveries, filter.data.limit) });
}

// The state API's errors as HTTP answers; anything else is a bug and becomes a JSON 500.
function stateCall(call: () => unknown, status = 200): RouteResponse {
  try {
    return json(call(), status);
  } catch (error) {
    if (error instanceof MockNotFoundError) return fail(404, error.message);
    if (error instanceof MockInputError) {
      return unprocessable(
        error.issues.map((issue) => ({ ...issue, loc: ['body', ...issue.loc] })),
      );
    }
    throw error;
  }
}

// A move the clock refuses (RangeError: outside the years 0001-9999, where no timestamp
// could be written any more) is bad input like any other, and leaves the clock unchanged.
function moveClock(move: () => void, field: string, answer: () => unknown): RouteResponse {
  try {
    move();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return unprocessable([{ loc: ['body', field], msg: error.message, type: 'value_error' }]);
  }
  return json(answer());
}

// A control route that takes a JSON body (none counts as `{}`), checked by `schema` when
// given: the body's 422 is answered here, once for every such route. `check` answers first
// when the path already says no (an unknown order is a 404 whatever its body).
function withBody<S extends z.ZodMiniType>(
  schema: S | undefined,
  handle: (body: z.infer<S>, params: RouteParams) => RouteResponse,
  check?: (params: RouteParams) => RouteResponse | undefined,
): Route['handle'] {
  return (request, params) => {
    const refused = check?.(params);
    if (refused) return refused;
    const body = readJsonBody(request, schema, '{}');
    return body.ok ? handle(body.value, params) : body.response;
  };
}

// The control routes that check their own query: the filters (readFilter) and
// withoutInput()'s, each marked where it is declared. Every other one reads none and refuses
// any (withoutQuery).
const checksOwnQuery = new WeakSet<Route>();
const ownQuery = (route: Route): Route => {
  checksOwnQuery.add(route);
  return route;
};

// A control route other than a GET that reads no query and no body: it refuses both
// (changing nothing), with `why` for the person who meant it to do less.
function withoutInput(route: Route, why: string): Route {
  const reason = `${routeName(route)} takes no query or body and ${why}`;
  return ownQuery({
    ...route,
    handle: (request, params, key) =>
      refuseInput(request, reason) ?? route.handle(request, params, key),
  });
}

// A control route that does one thing and says so: `{"status": "<done>"}`.
function act(method: string, path: string, run: () => void, done: string, why: string): Route {
  const handle = () => {
    run();
    return json({ status: done });
  };
  return withoutInput({ method, path, handle }, why);
}

const orderId = (params: RouteParams) => params.order_id ?? '';

// Every id a product can have (a safe integer from 1), written in plain decimal.
function productId(params: RouteParams): number | RouteResponse {
  const value = params.product_id ?? '';
  const id = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(id)) return id;
  return unprocessable([
    {
      loc: ['path', 'product_id'],
      msg: 'Input should be a valid integer, unable to parse string as an integer',
      type: 'int_parsing',
    },
  ]);
}

const CLEARS_FAULTS =
  'removes every rule; DELETE /__mock/faults/{id} removes one (its id from GET /__mock/faults)';
const REMOVES_FAULT = 'removes the one rule its path names';
const CLEARS_JOURNAL =
  'empties the whole journal; nothing empties part of it, but GET /__mock/requests filters it';

/**
 * The control routes.
 *
 * @param ctx - The service.
 */
export function controlRoutes(ctx: ServiceContext): Route[] {
  const at = CONTROL_PREFIX;
  const clockBody = () => ({ now: iso(ctx.clock.nowMs()) });
  const routes: Route[] = [
    {
      method: 'GET',
      path: `${at}/orders/:order_id`,
      handle: (_request, params) => stateCall(() => ctx.state.orders.require(params.order_id)),
    },
    {
      method: 'POST',
      path: `${at}/orders`,
      handle: withBody(undefined, (body) => stateCall(() => ctx.state.orders.create(body), 201)),
    },
    {
      method: 'PATCH',
      path: `${at}/orders/:order_id`,
      handle: withBody(
        undefined,
        (body, params) => stateCall(() => ctx.state.orders.update(orderId(params), body)),
        (params) =>
          ctx.state.orders.get(orderId(params))
            ? undefined
            : fail(404, `Order ${orderId(params)} not found`),
      ),
    },
    {
      method: 'GET',
      path: `${at}/products/:product_id`,
      handle(_request, params) {
        const id = productId(params);
        if (typeof id !== 'number') return id;
        const product = ctx.state.products.get(id);
        return product ? json(product) : fail(404, `Product ${id} not found`);
      },
    },
    {
      method: 'POST',
      path: `${at}/products`,
      handle: withBody(undefined, (body) => stateCall(() => ctx.state.products.create(body), 201)),
    },
    {
      method: 'PATCH',
      path: `${at}/products/:product_id`,
      handle: withBody(
        undefined,
        (body, params) =>
          stateCall(() => ctx.state.products.update(productId(params) as number, body)),
        (params) => {
          const id = productId(params);
          return typeof id === 'number' ? undefined : id;
        },
      ),
    },
    { method: 'GET', path: `${at}/clock`, handle: () => json(clockBody()) },
    {
      method: 'PUT',
      path: `${at}/clock`,
      handle: withBody(ClockSetSchema, ({ now }) =>
        moveClock(() => ctx.clock.set(now), 'now', clockBody),
      ),
    },
    {
      method: 'POST',
      path: `${at}/clock/advance`,
      handle: withBody(ClockAdvanceSchema, ({ ms }) =>
        moveClock(() => ctx.clock.advance(ms), 'ms', clockBody),
      ),
    },
    {
      method: 'GET',
      path: `${at}/subscriptions`,
      handle: () => json({ items: ctx.deliveries.subscriptions }),
    },
    ownQuery({
      method: 'GET',
      path: `${at}/deliveries`,
      handle: (request) => listDeliveries(ctx, request),
    }),
    ownQuery({
      method: 'POST',
      path: `${at}/deliveries/flush`,
      handle: (request) => listDeliveries(ctx, request, true),
    }),
    {
      method: 'POST',
      path: `${at}/faults`,
      handle: withBody(undefined, (body) => stateCall(() => ctx.faults.add(body), 201)),
    },
    { method: 'GET', path: `${at}/faults`, handle: () => json({ items: ctx.faults.list() }) },
    withoutInput(
      {
        method: 'DELETE',
        path: `${at}/faults/:fault_id`,
        handle: (_request, { fault_id: id = '' }) =>
          ctx.faults.remove(id)
            ? json({ id, status: 'removed' })
            : fail(404, `Fault rule ${id} not found`),
      },
      REMOVES_FAULT,
    ),
    act('DELETE', `${at}/faults`, () => ctx.faults.clear(), 'cleared', CLEARS_FAULTS),
    ownQuery({
      method: 'GET',
      path: `${at}/requests`,
      handle: (request) => listRequests(ctx, request.url.searchParams),
    }),
    act('DELETE', `${at}/requests`, () => ctx.journal.clear(), 'cleared', CLEARS_JOURNAL),
    act('POST', `${at}/reset`, () => ctx.reset(), 'reset', 'always resets everything'),
  ];
  return routes.map((route) => (checksOwnQuery.has(route) ? route : withoutQuery(route)));
}
