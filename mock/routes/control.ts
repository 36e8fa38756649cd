// Control endpoints under {host_url}/__mock/ for integrators who cannot call the TypeScript
// state API (a WMS in Java or Go): create and change records, move the clock, read
// subscriptions and deliveries, reset. They need no API key; docs/mock.md lists them.
import * as z from 'zod/mini';
import { IsoDateTimeWithOffsetSchema } from '../../src/schemas/index.js';
import { iso } from '../store/generate.js';
import { MockInputError, MockNotFoundError } from '../store/store-errors.js';
import type { ServiceContext } from './context.js';
import {
  bodyText,
  fail,
  json,
  parseJsonBody,
  parseWith,
  type RouteRequest,
  type RouteResponse,
  unprocessable,
} from './http.js';
import type { Route } from './router.js';

/** The reserved path prefix of the control endpoints. */
export const CONTROL_PREFIX = '/__mock';

const ClockSetSchema = z.object({ now: IsoDateTimeWithOffsetSchema });
const ClockAdvanceSchema = z.object({ ms: z.number().check(z.int()) });

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

// A move the clock refuses (RangeError: outside the years 0000-9999, where no timestamp
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

function readJson(request: RouteRequest) {
  const text = bodyText(request);
  return parseJsonBody(text.trim() === '' ? '{}' : text);
}

function productId(value: string): number | RouteResponse {
  if (/^[1-9]\d{0,14}$/.test(value)) return Number(value);
  return unprocessable([
    {
      loc: ['path', 'product_id'],
      msg: 'Input should be a valid integer, unable to parse string as an integer',
      type: 'int_parsing',
    },
  ]);
}

/**
 * The control routes.
 *
 * @param ctx - The service.
 */
export function controlRoutes(ctx: ServiceContext): Route[] {
  const at = CONTROL_PREFIX;
  const clockBody = () => ({ now: iso(ctx.clock.nowMs()) });
  return [
    {
      method: 'GET',
      path: `${at}/orders/:order_id`,
      handle: (_request, params) =>
        stateCall(() => {
          const store = ctx.state.orders;
          return store.read(store.requireRow(params.order_id));
        }),
    },
    {
      method: 'POST',
      path: `${at}/orders`,
      handle(request) {
        const body = readJson(request);
        if (!body.ok) return body.response;
        return stateCall(() => ctx.state.orders.create(body.value), 201);
      },
    },
    {
      method: 'PATCH',
      path: `${at}/orders/:order_id`,
      handle(request, params) {
        const id = params.order_id ?? '';
        const store = ctx.state.orders;
        const row = store.rowOf(id);
        if (row === undefined) return fail(404, `Order ${id} not found`);
        const body = readJson(request);
        if (!body.ok) return body.response;
        return stateCall(() => store.update(row, body.value));
      },
    },
    {
      method: 'GET',
      path: `${at}/products/:product_id`,
      handle(_request, params) {
        const id = productId(params.product_id ?? '');
        if (typeof id !== 'number') return id;
        const product = ctx.state.products.get(id);
        return product ? json(product) : fail(404, `Product ${id} not found`);
      },
    },
    {
      method: 'POST',
      path: `${at}/products`,
      handle(request) {
        const body = readJson(request);
        if (!body.ok) return body.response;
        return stateCall(() => ctx.state.products.create(body.value), 201);
      },
    },
    {
      method: 'PATCH',
      path: `${at}/products/:product_id`,
      handle(request, params) {
        const id = productId(params.product_id ?? '');
        if (typeof id !== 'number') return id;
        const body = readJson(request);
        if (!body.ok) return body.response;
        return stateCall(() => ctx.state.products.update(id, body.value));
      },
    },
    { method: 'GET', path: `${at}/clock`, handle: () => json(clockBody()) },
    {
      method: 'PUT',
      path: `${at}/clock`,
      handle(request) {
        const body = readJson(request);
        if (!body.ok) return body.response;
        const parsed = parseWith(ClockSetSchema, body.value);
        if (!parsed.ok) return parsed.response;
        const { now } = parsed.value;
        return moveClock(() => ctx.clock.set(now), 'now', clockBody);
      },
    },
    {
      method: 'POST',
      path: `${at}/clock/advance`,
      handle(request) {
        const body = readJson(request);
        if (!body.ok) return body.response;
        const parsed = parseWith(ClockAdvanceSchema, body.value);
        if (!parsed.ok) return parsed.response;
        const { ms } = parsed.value;
        return moveClock(() => ctx.clock.advance(ms), 'ms', clockBody);
      },
    },
    {
      method: 'GET',
      path: `${at}/subscriptions`,
      handle: () => json({ items: ctx.deliveries.subscriptions }),
    },
    {
      method: 'GET',
      path: `${at}/deliveries`,
      handle: () => json({ items: ctx.deliveries.deliveries }),
    },
    {
      method: 'POST',
      path: `${at}/deliveries/flush`,
      async handle() {
        await ctx.deliveries.flush();
        return json({ items: ctx.deliveries.deliveries });
      },
    },
    {
      method: 'POST',
      path: `${at}/reset`,
      handle() {
        ctx.reset();
        return json({ status: 'reset' });
      },
    },
  ];
}
