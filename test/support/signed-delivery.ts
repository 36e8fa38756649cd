// An order event delivered as the mock delivers it: a POST with the event's JSON, signed with
// the receiver's secret in X-Webhook-Signature.
import { vi } from 'vitest';
import {
  createWebhookHandler,
  signWmsPayload,
  type WebhookHandlerOptions,
} from '../../src/index.js';

/** The secret the receivers under test are created with. */
export const RECEIVER_SECRET = 'whsec_handler_test';

/**
 * A signed delivery of one order event.
 *
 * @param id - The event's id, what duplicates share.
 * @param type - The event's type.
 * @param orderId - The id of the order it carries.
 * @param key - The secret it is signed with: another one makes a delivery a forgery.
 */
export function orderEventDelivery(
  id: string,
  type = 'order.updated',
  orderId = '1042',
  key = RECEIVER_SECRET,
): Request {
  const body = JSON.stringify({
    id,
    type,
    created_at: '2026-11-22T10:00:00Z',
    data: { order: { id: orderId, updated_at: '2026-11-22T10:00:00Z' } },
  });
  return new Request('https://wms.example.com/hooks/orders', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Webhook-Signature': signWmsPayload(body, key),
    },
    body,
  });
}

/**
 * A webhook handler for `order.updated` whose handler and reports are spies.
 *
 * @param secret - Its secret. Default {@link RECEIVER_SECRET}.
 * @param options - Any other option, over these.
 */
export function spiedHandler(
  secret = RECEIVER_SECRET,
  options: Partial<WebhookHandlerOptions> = {},
) {
  const handled = vi.fn();
  const onRejected = vi.fn();
  const onError = vi.fn();
  const handler = createWebhookHandler({
    secret,
    on: { 'order.updated': handled },
    onRejected,
    onError,
    ...options,
  });
  return { handler, handled, onRejected, onError };
}
