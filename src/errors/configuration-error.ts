import { OrderFulfillmentError } from './order-fulfillment-error.js';

/**
 * An option is missing or malformed; no request was made. The cases:
 *
 * - a missing, unknown or malformed option of `createClient` (thrown there);
 * - a bad per-call option ({@link RequestOptions}), or per-call `headers` that set
 *   `X-API-Key` or `X-WMS-Signature`, which the SDK writes itself;
 * - an API call on a client without `apiKey` (every call but `fulfillment.notifyShipped`);
 * - `fulfillment.notifyShipped` on a client without `signingSecret`;
 * - a bad `prefetch` of a pull, or a missing or bad `limit` of `toArray`;
 * - a bad option of `createWebhookHandler` (thrown there), including an `on` key that is no
 *   event type or an `on` with no handler, or an unknown option of
 *   `unwrapWebhook` or `createMemorySeenStore`;
 * - a `now` clock of `createClient` that throws or returns no time when
 *   `fulfillment.notifyShipped` reads it.
 *
 * `option` names the option at fault.
 *
 * @example
 * ```ts
 * try {
 *   createClient({ hostUrl: 'shop.example.com', apiKey });
 * } catch (error) {
 *   if (error instanceof ConfigurationError) console.error(error.option); // 'hostUrl'
 *   throw error;
 * }
 * ```
 */
export class ConfigurationError extends OrderFulfillmentError {
  override name = 'ConfigurationError' as const;

  /** The option at fault, for example `hostUrl` or `retry.limit`. */
  declare readonly option: string;

  /**
   * @param option - The option at fault.
   * @param message - What is wrong with it; never its value when the option is a secret.
   */
  constructor(option: string, message: string) {
    super(`Invalid option \`${option}\`: ${message}`);
    this.option = option;
  }
}
