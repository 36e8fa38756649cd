// The last handlers: a known path with the wrong method gets a JSON 405, anything else on
// the host a JSON 404, so no request to the mock's origin ever gets HTML or an empty body.
import { http } from 'msw';
import type { ServiceContext } from './context.js';
import { CONTROL_PREFIX } from './control.js';
import { FULFILLMENT_PATH } from './fulfillment.js';
import { fail, guarded } from './http.js';

// msw decodes path parameters while matching and throws on a malformed escape (`%E0%A4%A`),
// before any resolver could catch it; this guard answers such requests first.
function malformedPath(hostUrl: string, url: string): boolean {
  if (!url.startsWith(`${hostUrl}/`)) return false;
  try {
    decodeURIComponent(new URL(url).pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * The guard that must come before every other handler: a path with malformed percent-encoding
 * answers 400 instead of making msw throw.
 *
 * @param ctx - The service.
 */
export function malformedPathHandlers(ctx: ServiceContext) {
  return [
    http.all(
      ({ request }) => malformedPath(ctx.hostUrl, request.url),
      guarded(() => fail(400, 'Malformed percent-encoding in the request path')),
    ),
  ];
}

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
