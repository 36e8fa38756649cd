// POST {base_url}/webhooks (specification 4.5): stores a subscription and returns it.
import { http } from 'msw';
import { WebhookSubscriptionCreateSchema } from '../../src/schemas/index.js';
import { authorize } from './auth.js';
import type { ServiceContext } from './context.js';
import { guarded, json, parseJsonBody, parseWith } from './http.js';

/**
 * The webhook subscription handlers.
 *
 * @param ctx - The service.
 */
export function webhookHandlers(ctx: ServiceContext) {
  return [
    http.post(
      `${ctx.baseUrl}/webhooks`,
      guarded(async ({ request }) => {
        const auth = authorize(ctx, request, 'webhooks:manage');
        if (!auth.ok) return auth.response;
        const body = parseJsonBody(await request.text());
        if (!body.ok) return body.response;
        const parsed = parseWith(WebhookSubscriptionCreateSchema, body.value);
        if (!parsed.ok) return parsed.response;
        return json(ctx.deliveries.subscribe(parsed.value.url, parsed.value.events), 201);
      }),
    ),
  ];
}
