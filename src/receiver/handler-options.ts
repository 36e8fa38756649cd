// createWebhookHandler's options, and the checks they get once, at creation: a receiver set
// up wrong fails where it is set up, not by refusing or dropping deliveries later.
import { closestName } from '../core/closest-name.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import type { SignatureVerificationError } from '../errors/signature-verification-error.js';
import type { WebhookEncodingError } from '../errors/webhook-encoding-error.js';
import type { WebhookPayloadError } from '../errors/webhook-payload-error.js';
import type { OrderEvent, WebhookEventType } from '../schemas/webhook.js';
import { toleranceProblem } from '../signatures/header.js';
import { checkClockOnce, type UnixTime } from '../signatures/unix-time.js';
import { refuseUnknownReceiverOptions } from './option-names.js';
import type { SeenStore } from './seen-store.js';

/**
 * The handlers of {@link WebhookHandlerOptions.on}, one per event type. A handler that
 * resolves acknowledges the event; one that throws (or rejects) asks the service to retry.
 *
 * @example
 * ```ts
 * const on: WebhookEventHandlers = {
 *   'order.updated': async (event) => db.upsertOrder(event.data.order),
 * };
 * ```
 */
export type WebhookEventHandlers = {
  [Type in WebhookEventType]?: ((event: OrderEvent & { type: Type }) => unknown) | undefined;
};

/**
 * Options of {@link createWebhookHandler}.
 *
 * @example
 * ```ts
 * const options: WebhookHandlerOptions = { secret, on, tolerance: 600, onError: console.error };
 * ```
 */
export interface WebhookHandlerOptions {
  /** The subscription's `secret`, returned by `client.webhooks.create`. */
  secret: string;
  /**
   * What to do with each event type; a type without a handler is acknowledged and ignored.
   * An object literal, or an instance of a class with a method per type (called with the
   * instance as `this`). It must handle `order.created` or `order.updated`, the types a
   * subscription can ask for (specification 2.7), and a plain object may name no other: a
   * misspelt type (`order.update`) is refused at creation, since no delivery would reach
   * its handler and every event would be acknowledged and lost.
   */
  on: WebhookEventHandlers;
  /**
   * The ids of events already handled. Default: {@link createMemorySeenStore}, the last
   * 10,000 ids in memory.
   */
  seen?: SeenStore | undefined;
  /**
   * How far a delivery's signed timestamp may lie from now, in seconds, at most a day.
   * Default 300. (The verify functions and `unwrapWebhook` call it `toleranceSeconds`.)
   */
  tolerance?: number | undefined;
  /**
   * The largest body read, in bytes, as received and once its `Content-Encoding` is undone;
   * a longer one is answered 413 without being read or inflated further. Default 1 MiB
   * ({@link DEFAULT_MAX_BODY_BYTES}), far above any order event.
   */
  maxBodyBytes?: number | undefined;
  /**
   * The receiver's clock, read at each delivery: a Date or Unix seconds ({@link UnixTime}),
   * as `createClient`'s `now`. Default the system clock. Tests against a mock whose clock
   * was moved pass `() => mock.clock.now()`, since the mock signs with its own time. A
   * clock in milliseconds (`() => Date.now()`) is refused at creation.
   */
  now?: (() => UnixTime) | undefined;
  /**
   * The header a delivery's signature comes in. Default `X-Webhook-Signature`, where the
   * mock signs; the specification does not show how deliveries are signed (6.1), so a
   * service that signs them in another header (`X-WMS-Signature`) is met by naming it here.
   * (`unwrapWebhook` calls it `headerName`.)
   */
  signatureHeader?: string | undefined;
  /**
   * Called with what went wrong when the answer is 5xx (a handler threw, the `seen` store
   * failed, a body parser read the body first: {@link WebhookBodyConsumedError}), and when
   * `seen.add` fails after a handler succeeded (answered 2xx). For logs. Not awaited;
   * whatever it throws or rejects with is dropped, so the answer stays as it was.
   */
  onError?: ((error: unknown, event: OrderEvent | undefined) => void) | undefined;
  /**
   * Called with why a delivery was answered 400 (but `incomplete_body`: a sender that went
   * away mid-body) or 415: a {@link SignatureVerificationError}
   * (a wrong `secret`, a clock off by more than `tolerance`, no signature in
   * `signatureHeader`) or a {@link WebhookPayloadError} (a body that is no order event the
   * receiver can check, as from a service that delivers another payload), both 400; a
   * {@link WebhookEncodingError} when the body could not be decoded, 415 for a
   * `Content-Encoding` the runtime cannot decode (a proxy in front compressing with `br`)
   * and 400 for a body that is no valid data of its coding. A forged delivery is refused the
   * same way, but so is every genuine one to a receiver set up wrong, and the service gives
   * up on those: log them to see it at the first delivery. The error carries the reason and
   * a message naming the likely cause, never the secret or the signature. Not awaited;
   * whatever it throws or rejects with is dropped, so the answer stays as it was.
   */
  onRejected?:
    | ((error: SignatureVerificationError | WebhookPayloadError | WebhookEncodingError) => void)
    | undefined;
}

// Every option of WebhookHandlerOptions (the type holds the list to it): one misspelt
// (`tolerence`) would otherwise be dropped without a word, and its default used in its place.
const OPTIONS = {
  secret: 1,
  on: 1,
  seen: 1,
  tolerance: 1,
  maxBodyBytes: 1,
  now: 1,
  signatureHeader: 1,
  onError: 1,
  onRejected: 1,
} as const satisfies { [K in keyof Required<WebhookHandlerOptions>]: 1 };

// The event types a subscription can ask for (specification 2.7), as WebhookEventType has
// them (the type holds the list to it). Not WEBHOOK_EVENTS itself: its module builds zod
// schemas, which a receiver that imports nothing else would then bundle.
const EVENT_TYPES = Object.keys({
  'order.created': 1,
  'order.updated': 1,
} as const satisfies { [Type in WebhookEventType]: 1 });

/**
 * The handler `on` has for an event's `type`, or undefined. Read through the prototype
 * chain, so that an instance of a class with a method per type has them called, but not
 * for Object.prototype's own names (`toString`, `constructor`), which no event type should
 * reach.
 *
 * @internal
 */
export function handlerIn(
  on: WebhookEventHandlers,
  type: unknown,
): ((event: OrderEvent) => unknown) | undefined {
  if (typeof type !== 'string' || type in Object.prototype) return undefined;
  const handler: unknown = (on as Record<string, unknown>)[type];
  return typeof handler === 'function' ? (handler as (event: OrderEvent) => unknown) : undefined;
}

function checkOn(on: WebhookEventHandlers): void {
  if (typeof on !== 'object' || on === null) {
    throw new ConfigurationError('on', 'must map event types to handler functions');
  }
  // A plain map's keys are all event types; a class instance's own fields are its state.
  const plain = [Object.prototype, null].includes(Object.getPrototypeOf(on));
  for (const [type, handler] of plain ? Object.entries(on) : []) {
    if (!EVENT_TYPES.includes(type)) {
      const meant = closestName(type, EVENT_TYPES);
      const hint = meant ? `; did you mean \`${meant}\`?` : '.';
      throw new ConfigurationError(
        `on.${type}`,
        `is not an event type (${EVENT_TYPES.join(', ')}), so no delivery would reach it${hint}`,
      );
    }
    // Undefined is no handler, as for every optional option.
    if (handler !== undefined && typeof handler !== 'function') {
      throw new ConfigurationError(`on.${type}`, 'must be a function');
    }
  }
  // Without one, every delivery would be acknowledged and nothing done: events lost.
  if (!EVENT_TYPES.some((type) => handlerIn(on, type))) {
    throw new ConfigurationError(
      'on',
      `has no handler for ${EVENT_TYPES.join(' or ')}, so every delivery would be acknowledged and dropped`,
    );
  }
}

/**
 * Checks createWebhookHandler's options once, at creation.
 *
 * @throws {@link ConfigurationError} naming the option at fault.
 * @internal
 */
export function checkOptions(options: WebhookHandlerOptions): void {
  // A misspelt option first: it explains the "missing" one that usually comes with it.
  refuseUnknownReceiverOptions(options, OPTIONS, ' of createWebhookHandler');
  if (typeof options?.secret !== 'string' || options.secret.length === 0) {
    throw new ConfigurationError('secret', 'must be the subscription secret, a non-empty string');
  }
  checkOn(options.on);
  const { tolerance, seen, signatureHeader, now } = options;
  if (now !== undefined && typeof now !== 'function') {
    throw new ConfigurationError('now', 'must be a function returning a Date or Unix seconds');
  }
  // Read once here: a clock in milliseconds would otherwise answer 500 to every delivery.
  if (now) checkClockOnce(now);
  const wrongTolerance = tolerance === undefined ? undefined : toleranceProblem(tolerance);
  if (wrongTolerance) throw new ConfigurationError('tolerance', wrongTolerance);
  const { maxBodyBytes } = options;
  if (maxBodyBytes !== undefined && !(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0)) {
    throw new ConfigurationError('maxBodyBytes', 'must be a whole number of bytes > 0');
  }
  if (signatureHeader !== undefined && !/^[\w-]+$/.test(signatureHeader)) {
    throw new ConfigurationError('signatureHeader', 'must be a header name');
  }
  if (seen !== undefined && (typeof seen?.has !== 'function' || typeof seen.add !== 'function')) {
    throw new ConfigurationError('seen', 'must have has(eventId) and add(eventId) methods');
  }
  // Else one that is no function would fail only when a delivery does, losing its report.
  for (const name of ['onError', 'onRejected'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new ConfigurationError(name, 'must be a function');
    }
  }
}
