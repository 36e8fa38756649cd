import { OrderFulfillmentError } from './order-fulfillment-error.js';

/**
 * Thrown when the client configuration is missing or malformed: at construction, or for
 * `signingSecret` when a fulfillment notification is sent without one. No request was made.
 *
 * @example
 * ```ts
 * try {
 *   createClient({ hostUrl: 'shop.example.com', apiKey });
 * } catch (error) {
 *   if (error instanceof ConfigurationError) console.error(error.option); // 'hostUrl'
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
