// POST {base_url}/webhooks (specification 4.5): stores a subscription and returns it.
import { WebhookSubscriptionCreateSchema } from '../../src/schemas/index.js';
import { BASE_PATH, type ServiceContext } from './context.js';
import { authorize } from './guard.js';
import { bodyText, json, parseJsonBody, parseWith } from './http.js';
import type { Route } from './router.js';

/**
 * The webhook subscription routes.
 *
 * @param ctx - The service.
 */
export function webhookRoutes(ctx: ServiceContext): Route[] {
  return [
    {
      method: 'POST',
      path: `${BASE_PATH}/webhooks`,
      handle(request) {
        const auth = authorize(ctx, request, 'webhooks:manage');
        if (!auth.ok) return auth.response;
        const body = parseJsonBody(bodyText(request));
        if (!body.ok) return body.response;
        const parsed = parseWith(WebhookSubscriptionCreateSchema, body.value);
        if (!parsed.ok) return parsed.response;
        return json(ctx.deliveries.subscribe(parsed.value.url, parsed.value.events), 201);
      },
    },
  ];
}
