// POST /webhooks (specification 4.5): subscribe a URL to order events.
import type { APIPromise } from '../core/api-promise.js';
import type { RetryOptionsInput } from '../core/config.js';
import { declareMethod } from '../core/method.js';
import type { RequestOptions } from '../core/request-options.js';
import { ResourceClient } from '../core/resource.js';
import {
  type WebhookSubscription,
  type WebhookSubscriptionCreate,
  WebhookSubscriptionCreateSchema,
  WebhookSubscriptionSchema,
} from '../schemas/webhook.js';

// A lost response to a create may hide a created subscription: retried only when asked, but
// for a 429, a refusal (see core/retry.ts).
const createWebhook = declareMethod({
  method: 'POST',
  path: '/webhooks',
  body: WebhookSubscriptionCreateSchema,
  output: WebhookSubscriptionSchema,
  anyBody: true,
  retry: 'opt-in',
});

/**
 * Options of {@link WebhooksClient.create}: those of every call ({@link RequestOptions}),
 * except that `retry` applies to a 429 only by default.
 */
export interface CreateWebhookOptions extends RequestOptions {
  /**
   * A 429 only by default, which a rate limiter answers before the request takes effect:
   * when a response is lost rather than refused, a retry can create a second subscription. `true` retries with the client's
   * `retry` policy, a count or an options object as for any call (merged over the client's
   * `retry`); absent, a 429 only; `false`, no retry.
   */
  retry?: boolean | number | RetryOptionsInput | undefined;
}

/**
 * The webhook subscription endpoint. Usually reached as `client.webhooks` from
 * {@link createClient}; constructible alone with the same configuration, or with a
 * {@link Transport} to share.
 *
 * @example
 * ```ts
 * const webhooks = new WebhooksClient({ hostUrl, apiKey });
 * const subscription = await webhooks.create({ url: 'https://wms.example.com/hooks', events: ['order.created'] });
 * ```
 */
export class WebhooksClient extends ResourceClient {
  /**
   * Subscribes a URL to order events. The service then POSTs each event there, signed with
   * the returned `secret` in `X-Webhook-Signature` (verify with {@link unwrapWebhook}, or
   * {@link verifyWmsSignature} with `{ headerName: 'X-Webhook-Signature' }`).
   * Needs the `webhooks:manage` scope.
   *
   * @param subscription - `url`, an absolute http(s) URL, and `events`, a non-empty list of
   *   `order.created` and `order.updated`.
   * @param options - The options of every call ({@link RequestOptions}); `retry: true` (or a
   *   count, or an object) allows retries, on a 429 only by default.
   * @returns An {@link APIPromise} of the subscription as the service answered it. Any 2xx
   *   is a success (the specification shows no body, 4.5): every field may be missing, and
   *   a body that is not a JSON object gives `{}`. The mock answers the stored record with
   *   the `secret` deliveries are signed with; keep it.
   * @throws {@link ValidationError} for a bad URL or event (nothing is sent),
   *   {@link ConfigurationError} without `apiKey`, for a bad per-call option, or for a header
   *   the SDK writes itself (nothing is sent), {@link AbortError} when `options.signal`
   *   aborts, {@link PermissionDeniedError} without the scope, the other {@link ApiError}
   *   subclasses, {@link ConnectionError} ({@link TimeoutError} included), and
   *   {@link ResponseValidationError} only for an HTML page answering 2xx (a proxy's
   *   maintenance page, or a `hostUrl` that is not the service): any other 2xx body is a
   *   success.
   *
   * @example
   * ```ts
   * const { id, secret } = await client.webhooks.create({
   *   url: 'https://wms.example.com/hooks/orders',
   *   events: ['order.created', 'order.updated'],
   * });
   * ```
   */
  create(
    subscription: WebhookSubscriptionCreate,
    options: CreateWebhookOptions = {},
  ): APIPromise<WebhookSubscription> {
    return createWebhook.call(this.transport, subscription, { options });
  }
}
