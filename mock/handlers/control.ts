// Control endpoints under {host_url}/__mock/ for integrators who cannot call the TypeScript
// state API (a WMS in Java or Go): create and change records, move the clock, read
// subscriptions and deliveries, reset. They need no API key; docs/mock.md lists them.
import { http } from 'msw';
import * as z from 'zod/mini';
import { IsoDateTimeWithOffsetSchema } from '../../src/schemas/index.js';
import { MockInputError, MockNotFoundError } from '../errors.js';
import { iso } from '../generate.js';
import type { ServiceContext } from './context.js';
import { fail, guarded, json, param, parseJsonBody, parseWith, unprocessable } from './http.js';

/** The reserved path prefix of the control endpoints. */
export const CONTROL_PREFIX = '/__mock';

const ClockSetSchema = z.object({ now: IsoDateTimeWithOffsetSchema });
const ClockAdvanceSchema = z.object({ ms: z.number().check(z.int()) });

// The state API's errors as HTTP answers; anything else is a bug and becomes a JSON 500.
function stateCall(call: () => unknown, status = 200): Response {
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

async function readJson(request: Request) {
  const text = await request.text();
  return parseJsonBody(text.trim() === '' ? '{}' : text);
}

function productId(value: string): number | Response {
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
 * The control handlers.
 *
 * @param ctx - The service.
 */
export function controlHandlers(ctx: ServiceContext) {
  const at = `${ctx.hostUrl}${CONTROL_PREFIX}`;
  const clockBody = () => ({ now: iso(ctx.clock.nowMs()) });
  return [
    http.get(
      `${at}/orders/:order_id`,
      guarded(({ params }) =>
        stateCall(() => {
          const store = ctx.state.orders;
          return store.read(store.requireRow(param(params.order_id)));
        }),
      ),
    ),
    http.post(
      `${at}/orders`,
      guarded(async ({ request }) => {
        const body = await readJson(request);
        if (!body.ok) return body.response;
        return stateCall(() => ctx.state.orders.create(body.value), 201);
      }),
    ),
    http.patch(
      `${at}/orders/:order_id`,
      guarded(async ({ request, params }) => {
        const store = ctx.state.orders;
        const row = store.rowOf(param(params.order_id));
        if (row === undefined) return fail(404, `Order ${param(params.order_id)} not found`);
        const body = await readJson(request);
        if (!body.ok) return body.response;
        return stateCall(() => store.update(row, body.value));
      }),
    ),
    http.get(
      `${at}/products/:product_id`,
      guarded(({ params }) => {
        const id = productId(param(params.product_id));
        if (id instanceof Response) return id;
        const product = ctx.state.products.get(id);
        return product ? json(product) : fail(404, `Product ${id} not found`);
      }),
    ),
    http.post(
      `${at}/products`,
      guarded(async ({ request }) => {
        const body = await readJson(request);
        if (!body.ok) return body.response;
        return stateCall(() => ctx.state.products.create(body.value), 201);
      }),
    ),
    http.patch(
      `${at}/products/:product_id`,
      guarded(async ({ request, params }) => {
        const id = productId(param(params.product_id));
        if (id instanceof Response) return id;
        const body = await readJson(request);
        if (!body.ok) return body.response;
        return stateCall(() => ctx.state.products.update(id, body.value));
      }),
    ),
    http.get(
      `${at}/clock`,
      guarded(() => json(clockBody())),
    ),
    http.put(
      `${at}/clock`,
      guarded(async ({ request }) => {
        const body = await readJson(request);
        if (!body.ok) return body.response;
        const parsed = parseWith(ClockSetSchema, body.value);
        if (!parsed.ok) return parsed.response;
        ctx.clock.set(parsed.value.now);
        return json(clockBody());
      }),
    ),
    http.post(
      `${at}/clock/advance`,
      guarded(async ({ request }) => {
        const body = await readJson(request);
        if (!body.ok) return body.response;
        const parsed = parseWith(ClockAdvanceSchema, body.value);
        if (!parsed.ok) return parsed.response;
        ctx.clock.advance(parsed.value.ms);
        return json(clockBody());
      }),
    ),
    http.get(
      `${at}/subscriptions`,
      guarded(() => json({ items: ctx.deliveries.subscriptions })),
    ),
    http.get(
      `${at}/deliveries`,
      guarded(() => json({ items: ctx.deliveries.deliveries })),
    ),
    http.post(
      `${at}/deliveries/flush`,
      guarded(async () => {
        await ctx.deliveries.flush();
        return json({ items: ctx.deliveries.deliveries });
      }),
    ),
    http.post(
      `${at}/reset`,
      guarded(() => {
        ctx.reset();
        return json({ status: 'reset' });
      }),
    ),
  ];
}
