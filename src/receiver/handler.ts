// createWebhookHandler: a whole webhook receiver as a Fetch handler, `(Request) => Response`,
// which Workers, Deno.serve, Bun.serve, Next.js route handlers and Hono accept as it is.
import { SignatureVerificationError } from '../errors/signature-verification-error.js';
import { WebhookBodyConsumedError } from '../errors/webhook-body-consumed-error.js';
import { WebhookEncodingError } from '../errors/webhook-encoding-error.js';
import { WebhookPayloadError } from '../errors/webhook-payload-error.js';
import type { OrderEvent } from '../schemas/webhook.js';
import { checkHeader, WEBHOOK_SIGNATURE_HEADER } from '../signatures/header.js';
import { acceptedEncodings, decodersFor } from './content-encoding.js';
import { checkOptions, handlerIn, type WebhookHandlerOptions } from './handler-options.js';
import { BodyCutShortError, DEFAULT_MAX_BODY_BYTES, readBodyWithin } from './read-body.js';
import { createMemorySeenStore } from './seen-store.js';
import { unwrapWebhook } from './unwrap.js';

/**
 * A Fetch handler: what {@link createWebhookHandler} returns.
 *
 * @example
 * ```ts
 * const handler: WebhookHandler = createWebhookHandler({ secret, on });
 * const response = await handler(request);
 * ```
 */
export type WebhookHandler = (request: Request) => Promise<Response>;

const READ_BEFORE =
  'The request body was read before the webhook receiver, so the signed bytes are lost: register the receiver before any middleware that reads the body.';

// A string body is sent as `text/plain;charset=UTF-8` by Response itself.
const text = (status: number, body: string, headers?: Record<string, string>) =>
  new Response(body, { status, headers });

/**
 * The answer to any method but POST, here and from toNodeListener for the methods a Fetch
 * `Request` cannot carry.
 *
 * @internal
 */
export const methodNotAllowed = () => text(405, 'method not allowed', { allow: 'POST' });

// Calls a callback for logs: whatever it throws, or the promise it returns rejects with, is
// dropped, so that it can neither change the answer (a 200 for a handled event turned into a
// rejection would have it delivered and handled again) nor end the process (an unhandled
// rejection does on Node), as a logger that throws is dropped elsewhere in the SDK.
function tell(call: () => unknown): void {
  try {
    Promise.resolve(call()).catch(() => undefined);
  } catch {}
}

/**
 * Creates a complete webhook receiver as a Fetch handler. For each POST it reads the raw
 * body and undoes its `Content-Encoding` (`gzip`, `x-gzip`, `deflate`, and `br` where the
 * runtime's `DecompressionStream` has it; a list such as `gzip, identity` last coding first),
 * since the signature is over the body as sent before a sender or proxy compressed it, as
 * Express's body parser inflates it too. It verifies `X-Webhook-Signature` (or
 * `signatureHeader`) over those bytes on Web Crypto, checks the event loosely, skips an
 * event id already handled, and runs the handler for the event's type. Its answers are
 * those a service that retries deliveries expects (the mock retries any answer but a 2xx;
 * the real service's retries are not shown, specification 6.1):
 *
 * - 200 once the handler resolved, and for an event id already handled (nothing is called);
 * - 200 for an event type without a handler, whatever its payload (acknowledged, so it is not
 *   redelivered: a kind of event added since need not carry an order);
 * - 400 for a bad signature, or a body that is no event or an event of a type with a handler
 *   that lacks what the SDK checks; nothing is called but `onRejected`, with the error (a
 *   missing, malformed or stale signature header is refused before the body is read);
 * - 400 `invalid_encoding: <coding>` for a body that is no valid data of the coding its
 *   `Content-Encoding` names (corrupt or cut short), and nothing is called but `onRejected`;
 * - 400 `incomplete_body` for a body whose stream failed before its end (the sender went
 *   away mid-body); nothing is called: no delivery arrived, and no one hears the answer;
 * - 413 for a body over `maxBodyBytes` (default 1 MiB), as received or once decoded, which is
 *   neither read nor inflated further;
 * - 415 `unsupported_encoding: <coding>` for a `Content-Encoding` it cannot decode (`br`
 *   where `DecompressionStream` lacks it, `compress`, an unknown one, more than two codings),
 *   with `Accept-Encoding` naming those it can; the body is not read, and nothing is called
 *   but `onRejected`;
 * - 500 when the handler throws, so that a retrying service delivers the event again;
 * - 405 for any method but POST.
 *
 * An event id is recorded in `seen` only after its handler resolved. A duplicate that
 * arrives while the first copy is still being handled by the same handler waits for it and
 * gets the same answer, so the handler runs once. Copies that reach two instances (two
 * isolates, two servers) at the same moment can both run: give `seen` a shared store, and
 * keep handlers idempotent (an upsert by order id and `updated_at`).
 *
 * @param options - `secret`, the handlers in `on`, and optionally `seen`, `tolerance`
 *   (seconds, default 300), `maxBodyBytes` (default 1 MiB), `now`, `signatureHeader`,
 *   `onError` (told of each 5xx) and `onRejected` (told of each 400 but `incomplete_body`,
 *   and of each 415).
 * @returns `(request: Request) => Promise<Response>`; adapt it to node:http or Express
 *   with {@link toNodeListener}.
 * @throws {@link ConfigurationError} for an option it does not have (a misspelt one, with
 *   the one likely meant: `tolerence`, `Secret`, and `tolerance` for `toleranceSeconds`,
 *   `signatureHeader` for `headerName`, the names `unwrapWebhook` gives them), a missing
 *   secret, an `on` that handles neither `order.created` nor `order.updated` or names
 *   another event type (a misspelt one, with the one likely meant), a handler that is not a
 *   function, a tolerance below 0 or over a day (milliseconds, likely), a `maxBodyBytes`
 *   that is no whole number above 0, a `now` that is not a function or reads milliseconds, a
 *   `signatureHeader` that is no header name, a `seen` store without `has` and `add`, or an
 *   `onError` or `onRejected` that is not a function.
 *
 * @example
 * ```ts
 * const handler = createWebhookHandler({
 *   secret: process.env.WEBHOOK_SECRET!,
 *   on: {
 *     'order.created': async (event) => db.upsertOrder(event.data.order),
 *     'order.updated': async (event) => db.upsertOrder(event.data.order),
 *   },
 * });
 * Deno.serve(handler); // or Bun.serve({ fetch: handler }), export default { fetch: handler }
 * ```
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  checkOptions(options);
  const { secret, on, tolerance, onError, onRejected, now } = options;
  const headerName = options.signatureHeader ?? WEBHOOK_SIGNATURE_HEADER;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const seen = options.seen ?? createMemorySeenStore();
  // Event ids whose handler is running now, with whether it succeeded.
  const running = new Map<string, Promise<boolean>>();

  async function handleOnce(event: OrderEvent): Promise<boolean> {
    const handler = handlerIn(on, event.type);
    // Nothing handles it: acknowledged without asking the store, which may be down.
    if (!handler) return true;
    try {
      if (await seen.has(event.id)) return true;
      await handler.call(on, event);
    } catch (error) {
      tell(() => onError?.(error, event));
      return false;
    }
    try {
      await seen.add(event.id);
    } catch (error) {
      // The event is handled: a 5xx now would have it handled again on the retry.
      tell(() => onError?.(error, event));
    }
    return true;
  }

  return async (request) => {
    if (request.method !== 'POST') return methodNotAllowed();
    let event: OrderEvent;
    try {
      const verify = { toleranceSeconds: tolerance, headerName, now: now?.() };
      // The header first, which needs no body: a request without a well-formed, timely
      // signature is refused before a byte of its body is read.
      checkHeader('', request.headers.get(headerName), secret, verify);
      // Read before the handler (a framework's middleware awaited request.json()): the
      // signed bytes are gone, which the route's setup, not the sender, must fix.
      if (request.bodyUsed) throw new WebhookBodyConsumedError(READ_BEFORE);
      const decoders = decodersFor(request.headers.get('content-encoding'));
      const body = await readBodyWithin(request, maxBodyBytes, decoders);
      if (body === undefined) return text(413, 'payload too large');
      event = await unwrapWebhook(body, request.headers, secret, verify);
    } catch (error) {
      // A verified event of a type no handler takes is acknowledged whatever it carries: a
      // kind added since need not hold an order, and a 4xx would have it delivered again.
      if (
        error instanceof WebhookPayloadError &&
        error.eventType &&
        !handlerIn(on, error.eventType)
      ) {
        return text(200, 'ok');
      }
      // The reason only: the message could help a forger tune the next attempt.
      if (error instanceof SignatureVerificationError || error instanceof WebhookPayloadError) {
        tell(() => onRejected?.(error));
        return text(400, error.reason);
      }
      // The coding too, which the sender named itself; a 415 lists the codings it could send.
      if (error instanceof WebhookEncodingError) {
        tell(() => onRejected?.(error));
        const { reason, encoding } = error;
        return reason === 'invalid_encoding'
          ? text(400, `${reason}: ${encoding}`)
          : text(415, `${reason}: ${encoding}`, {
              'accept-encoding': acceptedEncodings() || 'identity',
            });
      }
      // The sender went away mid-body: no one hears the answer, and no one is at fault.
      if (error instanceof BodyCutShortError) return text(400, 'incomplete_body');
      tell(() => onError?.(error, undefined));
      // A route set up wrong is named in the answer too: it tells a forger nothing.
      return text(
        500,
        error instanceof WebhookBodyConsumedError ? error.message : 'receiver error',
      );
    }
    let outcome = running.get(event.id);
    if (!outcome) {
      outcome = handleOnce(event).finally(() => running.delete(event.id));
      running.set(event.id, outcome);
    }
    return (await outcome) ? text(200, 'ok') : text(500, 'handler failed');
  };
}
