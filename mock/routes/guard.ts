// The checks in front of every {base_url} endpoint, in one order (docs/spec-gaps.md):
// 401 key missing or invalid → 402 plan → 403 IP → 403 scope → 429 rate limit.
import type { Scope } from '../rules/keys.js';
import { ipAllowed } from '../rules/keys.js';
import type { ServiceContext } from './context.js';
import type { RouteRequest } from './requests.js';
import { fail } from './responses.js';
import type { Guard } from './router.js';

/** The header that carries the API key (specification 5.1). */
export const API_KEY_HEADER = 'X-API-Key';
const API_KEY_HEADER_LOWER = API_KEY_HEADER.toLowerCase();

// Query names a client might wrongly put the key in; named in the 401 to help.
const KEY_IN_QUERY = ['api_key', 'apikey', 'apiKey', 'key', 'x-api-key', 'X-API-Key'];

/**
 * Runs the authentication, plan, IP, scope and rate-limit checks for one request.
 *
 * @param ctx - The service.
 * @param request - The incoming request.
 * @param scope - The scope the endpoint requires.
 */
export function authorize(
  ctx: ServiceContext,
  request: RouteRequest,
  scope: Scope,
): ReturnType<Guard> {
  const presented = request.header(API_KEY_HEADER_LOWER);
  if (presented === null || presented === '') {
    const inQuery = KEY_IN_QUERY.some((name) => request.url.searchParams.has(name));
    return {
      ok: false,
      response: fail(
        401,
        inQuery
          ? `Missing API key: send it in the ${API_KEY_HEADER} header; a key in the query string is never accepted`
          : `Missing API key: send it in the ${API_KEY_HEADER} header`,
      ),
    };
  }
  const key = ctx.keys.find(presented);
  if (!key) return { ok: false, response: fail(401, 'Invalid API key') };
  if (!ctx.plan.apiAccess) {
    return {
      ok: false,
      response: fail(402, 'The workspace plan does not include apiAccess; upgrade the plan'),
    };
  }
  const { clientIp } = request;
  if (!ipAllowed(clientIp, key.allowedIps)) {
    return {
      ok: false,
      response: fail(403, `This API key may not be used from IP address ${clientIp}`),
    };
  }
  if (!key.scopes.includes(scope)) {
    return {
      ok: false,
      response: fail(403, `This API key lacks the scope ${scope} that this endpoint requires`),
    };
  }
  const decision = ctx.limiter.take(key.key);
  if (!decision.allowed) {
    return {
      ok: false,
      response: fail(
        429,
        // The wait is in Retry-After; clients such as the SDK word it themselves.
        'Rate limit exceeded for this API key',
        { 'retry-after': String(decision.retryAfterSeconds) },
      ),
    };
  }
  return { ok: true, key };
}
