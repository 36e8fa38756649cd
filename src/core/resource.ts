// The base of the four resource clients: the transport they send through, given to them.
import type { ClientConfig } from './config.js';
import { Transport } from './transport.js';

/**
 * The base of the resource clients ({@link ProductsClient}, {@link OrdersClient},
 * {@link WebhooksClient}, {@link FulfillmentClient}): each sends through one
 * {@link Transport}, given to it, or built from a configuration of its own.
 */
export abstract class ResourceClient {
  /** What this client sends through: shared with the other clients of a {@link createClient}. */
  protected readonly transport: Transport;

  /**
   * @param config - How to reach the service, or a {@link Transport} to share.
   * @throws {@link ConfigurationError} for a missing or malformed option.
   */
  constructor(config: ClientConfig | Transport) {
    this.transport = config instanceof Transport ? config : new Transport(config);
  }
}
