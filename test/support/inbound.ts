// Helpers for the inbound shipment endpoint's tests: a signed POST and a notification body.
import { FULFILLMENT_PATH, MOCK_SIGNING_SECRET, type MockService } from '../../mock/index.js';
import { signWmsPayload } from '../../src/signatures/index.js';
import { type JsonResponse, send, type Target } from './mock.js';

/** The instant the inbound tests freeze the mock clock at. */
export const NOW = '2026-06-15T10:00:00.000Z';

/** Unix seconds of {@link NOW}. */
export const NOW_SECONDS = Date.parse(NOW) / 1000;

/** A valid notification body with the given keys. */
export function notification(
  keys: Record<string, string | null>,
  shippedAt = '2026-06-15T09:30:00Z',
) {
  return { olay: 'order.fulfilled', ...keys, status: 'shipped', shipped_at: shippedAt };
}

/** Options of {@link postInbound}. */
export interface InboundOptions {
  /** Sign these bytes instead of the body sent. */
  signed?: string;
  /** Sign at this Unix time. Default {@link NOW_SECONDS}. */
  t?: number;
  secret?: string;
  /** Send this header value instead of a computed one; null sends none. */
  header?: string | null;
}

/**
 * POSTs a raw body to the inbound endpoint, signed unless told otherwise.
 *
 * @param target - The running mock.
 * @param raw - The exact body bytes, as a string.
 * @param options - What to sign and how.
 */
export function postInbound(
  target: Target,
  raw: string,
  options: InboundOptions = {},
): Promise<JsonResponse> {
  const header =
    options.header !== undefined
      ? options.header
      : signWmsPayload(
          options.signed ?? raw,
          options.secret ?? MOCK_SIGNING_SECRET,
          options.t ?? NOW_SECONDS,
        );
  return send(`${target.hostUrl}${FULFILLMENT_PATH}`, {
    method: 'POST',
    key: null,
    body: raw,
    headers: header === null ? {} : { 'X-WMS-Signature': header },
  });
}

/** Everything the mock stores, to compare before and after ("nothing was written"). */
export function snapshot(mock: MockService): string {
  return JSON.stringify({ orders: mock.orders.all(), deliveries: mock.deliveries });
}
