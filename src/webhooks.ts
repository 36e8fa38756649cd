// POST /webhooks (specification 4.5): subscribe a URL to order events.
import type { ClientConfig } from './config.js';
import { type RequestOptions, type Transport, transportFor } from './http.js';
import {
  type WebhookSubscription,
  type WebhookSubscriptionCreate,
  WebhookSubscriptionCreateSchema,
  WebhookSubscriptionSchema,
} from './schemas/webhook.js';
import { parseInput } from './validate.js';

const PATH = '/webhooks';

/** Options of {@link WebhooksClient.create}. */
export interface CreateWebhookOptions extends RequestOptions {
  /**
   * Retry on a 5xx, 429 or network error like a GET. Off by default: when a response is lost
   * rather than refused, a retry can create a second subscription.
   */
  retry?: boolean | undefined;
}

/**
 * The webhook subscription endpoint. Usually reached as `client.webhooks` from
 * {@link createClient}; constructible alone with the same configuration.
 *
 * @example
 * ```ts
 * const webhooks = new WebhooksClient({ hostUrl, apiKey });
 * const subscription = await webhooks.create({ url: 'https://wms.example.com/hooks', events: ['order.created'] });
 * ```
 */
export class WebhooksClient {
  readonly #transport: Transport;

  /**
   * @param config - How to reach the service.
   * @throws {@link ConfigurationError} for a missing or malformed option.
   */
  constructor(config: ClientConfig) {
    this.#transport = transportFor(config);
  }

  /**
   * Subscribes a URL to order events. The service then POSTs each event there, signed with
   * the returned `secret` in `X-Webhook-Signature` (verify with {@link verifyWmsSignature}).
   * Needs the `webhooks:manage` scope.
   *
   * @param subscription - `url`, an absolute http(s) URL, and `events`, a non-empty list of
   *   `order.created` and `order.updated`.
   * @param options - `signal` to abort; `retry: true` to allow retries.
   * @returns The stored subscription, including the `secret` deliveries are signed with.
   * @throws {@link ValidationError} for a bad URL or event (nothing is sent),
   *   {@link PermissionDeniedError} without the scope, the other {@link ApiError} subclasses,
   *   {@link ConnectionError}, {@link ResponseValidationError}.
   *
   * @example
   * ```ts
   * const { id, secret } = await client.webhooks.create({
   *   url: 'https://wms.example.com/hooks/orders',
   *   events: ['order.created', 'order.updated'],
   * });
   * ```
   */
  async create(
    subscription: WebhookSubscriptionCreate,
    options: CreateWebhookOptions = {},
  ): Promise<WebhookSubscription> {
    const body = parseInput(WebhookSubscriptionCreateSchema, subscription, 'body', {
      method: 'POST',
      path: PATH,
    });
    return this.#transport.send({
      method: 'POST',
      target: 'api',
      path: PATH,
      body: JSON.stringify(body),
      schema: WebhookSubscriptionSchema,
      signal: options?.signal,
      retryPost: options?.retry === true,
    });
  }
}
