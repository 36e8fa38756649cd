// The last handlers: a known path with the wrong method gets a JSON 405, anything else on
// the host a JSON 404, so no request to the mock's origin ever gets HTML or an empty body.
import { http } from 'msw';
import type { ServiceContext } from './context.js';
import { CONTROL_PREFIX } from './control.js';
import { FULFILLMENT_PATH } from './fulfillment.js';
import { fail, guarded } from './http.js';

/**
 * The fallback handlers; they must come after every other handler.
 *
 * @param ctx - The service.
 */
export function fallbackHandlers(ctx: ServiceContext) {
  const control = `${ctx.hostUrl}${CONTROL_PREFIX}`;
  const allowed: Array<[string, string]> = [
    [`${ctx.baseUrl}/products`, 'GET'],
    [`${ctx.baseUrl}/orders`, 'GET'],
    [`${ctx.baseUrl}/orders/:order_id`, 'GET'],
    [`${ctx.baseUrl}/orders/:order_id/items`, 'GET'],
    [`${ctx.baseUrl}/webhooks`, 'POST'],
    [`${ctx.hostUrl}${FULFILLMENT_PATH}`, 'POST'],
    [`${control}/orders`, 'POST'],
    [`${control}/orders/:order_id`, 'GET, PATCH'],
    [`${control}/products`, 'POST'],
    [`${control}/products/:product_id`, 'GET, PATCH'],
    [`${control}/clock`, 'GET, PUT'],
    [`${control}/clock/advance`, 'POST'],
    [`${control}/subscriptions`, 'GET'],
    [`${control}/deliveries`, 'GET'],
    [`${control}/deliveries/flush`, 'POST'],
    [`${control}/reset`, 'POST'],
  ];
  return [
    ...allowed.map(([path, methods]) =>
      http.all(
        path,
        guarded(() => fail(405, 'Method Not Allowed', { Allow: methods })),
      ),
    ),
    http.all(
      `${ctx.hostUrl}/*`,
      guarded(() => fail(404, 'Not Found')),
    ),
  ];
}
