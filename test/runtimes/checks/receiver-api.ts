// The receiver API of issue 14 as the checks call it. Read off the SDK namespace instead of
// imported by name, so this matrix builds before that API lands and reports each missing
// function as a failed row rather than failing to bundle.
import * as sdk from 'order-fulfillment-sdk';

/** The Web Crypto pair and the receiver helpers, as issue 14 names them. */
export interface ReceiverApi {
  signWmsPayloadAsync(
    rawBody: string | Uint8Array,
    secret: string,
    timestamp?: number,
  ): Promise<string>;
  verifyWmsSignatureAsync(
    rawBody: string | Uint8Array,
    header: string | null | undefined,
    secret: string,
    options?: { toleranceSeconds?: number; now?: Date | number },
  ): Promise<{ timestamp: number }>;
  unwrapWebhook(
    rawBody: string | Uint8Array,
    headers: Headers | Record<string, string | string[] | undefined>,
    secret: string,
  ): Promise<sdk.OrderEvent>;
  createWebhookHandler(options: {
    secret: string;
    on: Partial<Record<sdk.WebhookEventType, (event: sdk.OrderEvent) => Promise<void>>>;
  }): (request: Request) => Promise<Response>;
}

/** The named receiver function, or an error saying the SDK entry does not export it. */
export function receiverApi<K extends keyof ReceiverApi>(name: K): ReceiverApi[K] {
  const found = (sdk as unknown as Partial<ReceiverApi>)[name];
  if (typeof found !== 'function') throw new Error(`the SDK entry exports no ${name}`);
  return found as ReceiverApi[K];
}
