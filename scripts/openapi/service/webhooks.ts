// The webhooks part of the service document: the subscription endpoint, and the order event
// the service then delivers to each subscribed URL.
import { BASE_PATH } from '../../../mock/index.js';
import { type Json, json, ref } from '../json-schema.js';
import { apiErrors, CHECK_ORDER, GAPS } from './operations.js';

/** The subscription endpoint, by path. */
export function webhookPaths(): Record<string, Json> {
  return {
    [`${BASE_PATH}/webhooks`]: {
      post: {
        operationId: 'createWebhook',
        tags: ['webhooks'],
        summary: 'Subscribe a URL to order events',
        description:
          'Requires scope `webhooks:manage`. Answers 201 with the stored record, including the ' +
          '`secret` that signs its deliveries (shown once). Deliveries are described under `webhooks` ' +
          'of this document; failed ones are retried with backoff a bounded number of times. ' +
          `Not idempotent: retrying the request can create a second subscription. (${GAPS}) ${CHECK_ORDER}`,
        security: [{ ApiKey: ['webhooks:manage'] }],
        requestBody: { required: true, content: json(ref('WebhookSubscriptionCreate')) },
        responses: {
          '201': {
            description: 'The stored subscription.',
            content: json(ref('WebhookSubscription')),
          },
          ...apiErrors('422'),
        },
      },
    },
  };
}

/** The deliveries the service sends, as the document's top-level `webhooks`. */
export function deliveredWebhooks(): Record<string, Json> {
  return {
    orderEvent: {
      post: {
        operationId: 'receiveOrderEvent',
        summary: 'An order event delivered to a subscribed URL',
        description:
          'Sent for `order.created` and `order.updated` to every subscription that asked for the ' +
          'event. Verify `X-Webhook-Signature` over the raw body with the subscription’s `secret`, ' +
          'the same scheme as X-WMS-Signature. Any 2xx acknowledges; anything else is retried with ' +
          `backoff a bounded number of times, so process events idempotently by \`id\` (${GAPS}).`,
        security: [],
        parameters: [
          {
            name: 'X-Webhook-Signature',
            in: 'header',
            required: true,
            description:
              '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`.',
            schema: { type: 'string' },
          },
        ],
        requestBody: { required: true, content: json(ref('OrderEvent')) },
        responses: { '200': { description: 'Any 2xx acknowledges the delivery.' } },
      },
    },
  };
}
