// Where an example's service comes from: a real one named by ORDER_API_URL / ORDER_API_KEY
// (and ORDER_SIGNING_SECRET for fulfillment), or else the embedded mock served over HTTP.
import {
  createMockService,
  MOCK_API_KEY,
  MOCK_SIGNING_SECRET,
  type MockService,
  type MockServiceOptions,
} from 'order-fulfillment-sdk/mock';

/** A service an example can talk to. */
export interface Service {
  /** The `hostUrl` to give createClient. */
  hostUrl: string;
  apiKey: string;
  /** Signs fulfillment notifications; undefined when the environment gives none. */
  signingSecret: string | undefined;
  /** The embedded mock, or undefined when ORDER_API_URL points at a real service. */
  mock: MockService | undefined;
  close(): Promise<void>;
}

/**
 * Opens the service named by the environment, or starts the embedded mock on a free port.
 *
 * @param options - Options of the embedded mock; ignored for a real service.
 */
export async function openService(options: MockServiceOptions = {}): Promise<Service> {
  const hostUrl = process.env.ORDER_API_URL;
  if (hostUrl) {
    const apiKey = process.env.ORDER_API_KEY;
    if (!apiKey) throw new Error('ORDER_API_URL is set but ORDER_API_KEY is not');
    return {
      hostUrl,
      apiKey,
      signingSecret: process.env.ORDER_SIGNING_SECRET || undefined,
      mock: undefined,
      close: async () => {},
    };
  }
  const mock = createMockService(options);
  const server = await mock.listen();
  return {
    hostUrl: server.hostUrl,
    apiKey: MOCK_API_KEY,
    signingSecret: MOCK_SIGNING_SECRET,
    mock,
    async close() {
      await mock.flushDeliveries();
      await server.close();
    },
  };
}
