// POST {base_url}/webhooks (specification 4.5): stores a subscription and returns it.
import { WebhookSubscriptionCreateSchema } from '../../src/schemas/index.js';
import { BASE_PATH, type ServiceContext } from './context.js';
import { readJsonBody } from './requests.js';
import { json } from './responses.js';
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
      scope: 'webhooks:manage',
      handle(request) {
        const body = readJsonBody(request, WebhookSubscriptionCreateSchema);
        if (!body.ok) return body.response;
        return json(ctx.deliveries.subscribe(body.value.url, body.value.events), 201);
      },
    },
  ];
}
