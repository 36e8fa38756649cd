// The inbound shipment notification (specification 2.8, 4.6): the one call that is signed
// instead of keyed, and sent to {host_url}/api/v1/webhooks/wms/fulfillment.

import { APIPromise } from '../core/api-promise.js';
import { INBOUND_FULFILLMENT_PATH } from '../core/config.js';
import { isDate } from '../core/is-date.js';
import { declareMethod } from '../core/method.js';
import { refuseUnknownOptions } from '../core/not-an-option.js';
import { CALL_OPTIONS, type RequestOptions } from '../core/request-options.js';
import { ResourceClient } from '../core/resource.js';
import { inputError } from '../core/validate.js';
import {
  FULFILLED_EVENT,
  FulfillmentNotificationSchema,
  type FulfillmentResult,
  FulfillmentResultSchema,
  SHIPPED_STATUS,
} from '../schemas/fulfillment.js';

/**
 * Which order shipped: its `id` as `inbound_order_id` (an exact match), or the sales
 * channel's `source` with its `external_ref` (unique only per business: more than one
 * match is a 409). Read from the object's own properties, as `JSON.stringify` reads them: a
 * key behind a class's getter is not seen.
 */
export type FulfillmentTarget =
  | { inbound_order_id: string }
  | { source: string; external_ref: string };

/** Options of {@link FulfillmentClient.notifyShipped}. */
export interface NotifyShippedOptions extends RequestOptions {
  /**
   * When the order shipped: a Date, or an ISO 8601 timestamp with any offset (`Z`,
   * `+00:00`, `+02:00`), sent as UTC with `Z`. Default now, by the configured clock
   * (`ClientConfig.now`).
   */
  shipped_at?: string | Date | undefined;
}

// Signed instead of keyed, outside the API's base path (specification 4.6). It sets a status
// and a time rather than adding anything, so a repeat of the same body leaves the order as
// one send does, and it is retried like a read (4.6 promises no idempotency: spec-gaps.md).
const notifyShipped = declareMethod({
  method: 'POST',
  path: INBOUND_FULFILLMENT_PATH,
  body: FulfillmentNotificationSchema,
  output: FulfillmentResultSchema,
  anyBody: true,
  retry: 'idempotent',
});

const REQUEST = { method: notifyShipped.spec.method, path: notifyShipped.spec.path };

// `shipped_at` beside a call's options: a misspelt one (`shippedAt`) is then named as such,
// where the call's own check would list only the five options of every call.
const NOTIFY_OPTIONS = { shipped_at: 1, ...CALL_OPTIONS } as const satisfies {
  [K in keyof Required<NotifyShippedOptions>]: 1;
};

function shippedAt(value: string | Date | undefined, now: () => number): string {
  if (value === undefined) return new Date(now()).toISOString();
  // A number is no instant the body can carry (2.8: an ISO 8601 string): which unit it is in
  // is the caller's to say, with a Date.
  if (typeof value !== 'string' && !isDate(value)) {
    const msg = `must be a Date or an ISO 8601 date-time with Z or ±HH:MM; got ${typeof value}${typeof value === 'number' ? ' (for Unix seconds, pass new Date(seconds * 1000))' : ''}`;
    throw inputError([{ loc: ['body', 'shipped_at'], msg, type: 'datetime_type' }], REQUEST);
  }
  if (isDate(value)) {
    if (Number.isNaN(value.getTime())) {
      throw inputError(
        [{ loc: ['body', 'shipped_at'], msg: 'is an invalid Date', type: 'invalid_date' }],
        REQUEST,
      );
    }
    return value.toISOString();
  }
  return value;
}

/**
 * Tells the service that orders shipped, from a warehouse system. Needs `signingSecret`
 * in the configuration; sends no API key. Usually reached as `client.fulfillment` from
 * {@link createClient}; constructible alone with the same configuration, or with a
 * {@link Transport} to share.
 *
 * @example
 * ```ts
 * const fulfillment = new FulfillmentClient({ hostUrl, signingSecret }); // it sends no apiKey
 * await fulfillment.notifyShipped({ inbound_order_id: 'ord_123' });
 * ```
 */
export class FulfillmentClient extends ResourceClient {
  /**
   * Notifies the service that an order shipped. Builds `{ olay: 'order.fulfilled', …target,
   * status: 'shipped', shipped_at }`, serializes it once and signs exactly those bytes
   * (`X-WMS-Signature`, with Web Crypto, so it runs on edge runtimes). Needs no `apiKey`.
   * A notification sets a status and a time, so a repeat of the same body leaves the order
   * as one send does (the mock answers `unchanged`; the specification promises no
   * idempotency): failures are retried like GETs with the same body, each attempt signed
   * afresh to stay inside the ±5 minute window. After a lost answer, a retried call can
   * resolve `unchanged` for a write its first attempt made.
   * Carrier and tracking number are not sent: the service's `shipments[]` holds them.
   *
   * @param target - `{ inbound_order_id }` or `{ source, external_ref }`.
   * @param options - `shipped_at` (default now), and the options of every call
   *   ({@link RequestOptions}: signal, timeout, totalTimeout, retry, headers).
   * @returns An {@link APIPromise} of what the service answered. Any 2xx is a success (the
   *   specification shows no answer, 4.6): the body is read as JSON only when it is JSON, and
   *   every field may be missing (`{}` for a 204 or a text body). The mock answers `status`
   *   (`applied`, `unchanged` when already shipped at that time, or `skipped`) and the
   *   matched `order_id`.
   * @throws {@link ConfigurationError} without `signingSecret`, for a bad per-call option,
   *   or for a header the SDK writes itself (nothing is sent),
   *   {@link ValidationError} for a bad target or `shipped_at` (nothing is sent),
   *   {@link AbortError} when `options.signal` aborts,
   *   {@link NotFoundError} when no order matches, {@link ConflictError} when several do,
   *   {@link AuthenticationError} when the service rejects the signature (its detail says
   *   why: a clock far off, a different secret), {@link PermissionDeniedError} when the
   *   service has no signing secret configured; after any retries,
   *   {@link RateLimitError} (429), {@link ServerError} (5xx) or {@link ConnectionError}
   *   ({@link TimeoutError} included); {@link ResponseValidationError} only for an HTML page
   *   answering 2xx (a proxy's maintenance page, or a `hostUrl` that is not the service).
   *
   * @example
   * ```ts
   * const result = await client.fulfillment.notifyShipped(
   *   { source: 'shopify', external_ref: '#1042' },
   *   { shipped_at: new Date() },
   * );
   * if (result.status === 'applied') console.log('shipped', result.order_id);
   * ```
   */
  notifyShipped(
    target: FulfillmentTarget,
    options: NotifyShippedOptions = {},
  ): APIPromise<FulfillmentResult> {
    return APIPromise.attempt(() => this.#notify(target, options));
  }

  #notify(target: FulfillmentTarget, options: NotifyShippedOptions): APIPromise<FulfillmentResult> {
    // Copied first, so that the keys checked are the keys sent: the body is built from own
    // properties, and a key behind a getter or on a prototype would pass the check below and
    // be left out of the body, a notification naming no order that the service skips.
    const given = (typeof target === 'object' && target !== null ? { ...target } : {}) as Record<
      string,
      unknown
    >;
    if (given.inbound_order_id == null && given.source == null && given.external_ref == null) {
      throw inputError(
        [
          {
            loc: ['body'],
            msg: 'name the order: inbound_order_id, or source with external_ref',
            type: 'missing',
          },
        ],
        REQUEST,
      );
    }
    refuseUnknownOptions(options, NOTIFY_OPTIONS, ' of notifyShipped');
    const { shipped_at, ...callOptions } = options ?? {};
    // Serialized once, by the declaration: those exact bytes are signed and sent.
    return notifyShipped.call(
      this.transport,
      {
        olay: FULFILLED_EVENT,
        ...given,
        status: SHIPPED_STATUS,
        shipped_at: shippedAt(shipped_at, () => this.transport.now()),
      },
      { options: callOptions },
    );
  }
}
