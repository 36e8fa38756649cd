// POST {host_url}/api/v1/webhooks/wms/fulfillment (specification 4.6): the signature over the
// raw bytes first, then the body, then the matching rules in mock/rules/inbound.ts. The plan
// rule (402) does not apply here: see docs/spec-gaps.md.
import { INBOUND_FULFILLMENT_PATH } from '../../src/core/config.js';
import { SignatureVerificationError } from '../../src/errors/signature-verification-error.js';
import { verifyWmsSignature, WMS_SIGNATURE_HEADER } from '../../src/signatures/index.js';
import { unixSeconds } from '../../src/signatures/unix-time.js';
import { applyFulfillment } from '../rules/inbound.js';
import { InboundNotificationSchema } from '../store/record-schemas.js';
import { MockInputError } from '../store/store-errors.js';
import type { ServiceContext } from './context.js';
import { readJsonBody } from './requests.js';
import { fail, json, unprocessable } from './responses.js';
import type { Route } from './router.js';

/** The inbound endpoint's path under the host URL. */
export const FULFILLMENT_PATH = INBOUND_FULFILLMENT_PATH;

const SIGNATURE_HEADER_LOWER = WMS_SIGNATURE_HEADER.toLowerCase();

/**
 * The one form of `X-WMS-Signature` the service documents, `t=<unix>,v1=<hex>` (more `v1`
 * values allowed), exactly the pattern of docs/openapi.json. The SDK's verifier is more
 * lenient (any order, spaces, other schemes, upper-case hex), as a receiver may be; the mock
 * is the service, and refuses the rest, so a signer written by hand against it cannot pass
 * here and fail on the real service. Hex is lower case: what Python's `hexdigest()` writes,
 * which a service compares as a string (`hmac.compare_digest`), where .NET's
 * `Convert.ToHexString` writes upper case.
 */
export const WMS_SIGNATURE_PATTERN = /^t=\d+(,v1=[0-9a-f]+)+$/;

const MALFORMED = `Malformed ${WMS_SIGNATURE_HEADER} header: expected "t=<unix seconds>,v1=<hex>" (more ",v1=<hex>" may follow), in that order, without spaces, the hex in lower case.`;

// Why the signature is refused, or undefined when it holds. A present header in another form
// than the documented one is malformed; an absent or blank one is left to the verifier,
// which calls it missing.
function refusal(
  raw: Uint8Array,
  header: string | null,
  secret: string,
  nowSeconds: number,
): SignatureVerificationError | undefined {
  if (header !== null && header.trim() !== '' && !WMS_SIGNATURE_PATTERN.test(header)) {
    return new SignatureVerificationError('malformed_header', MALFORMED);
  }
  // The verifier reads a clock only from 1970 up to 10^11 s (the year 5138), past which Unix
  // seconds read as milliseconds (unixSeconds draws that line); the mock clock may stand
  // outside, and then no t is in the window: every signature is refused, saying why, rather
  // than answered with a 500.
  try {
    unixSeconds(nowSeconds, 'now');
  } catch {
    const clock = new Date(nowSeconds * 1000).toISOString();
    return new SignatureVerificationError(
      nowSeconds < 0 ? 'timestamp_in_future' : 'timestamp_too_old',
      `The mock clock (${clock}) lies outside 1970 to the year 5138, where a signature's t is read as Unix seconds: no t is within the window. Set the clock inside it to test signatures.`,
    );
  }
  try {
    verifyWmsSignature(raw, header, secret, { now: nowSeconds });
    return undefined;
  } catch (error) {
    if (error instanceof SignatureVerificationError) return error;
    throw error;
  }
}

/**
 * The inbound shipment notification route.
 *
 * @param ctx - The service.
 */
export function fulfillmentRoutes(ctx: ServiceContext): Route[] {
  return [
    {
      method: 'POST',
      path: FULFILLMENT_PATH,
      handle(request) {
        if (ctx.signingSecret === null) {
          return fail(403, 'No signing secret is configured, so this endpoint accepts no request');
        }
        // The bytes exactly as received: verifying a re-serialized body would be wrong.
        const raw = request.body;
        const header = request.header(SIGNATURE_HEADER_LOWER);
        const error = refusal(raw, header, ctx.signingSecret, ctx.clock.nowMs() / 1000);
        if (error) {
          // A mismatch is told without the verifier's hint about the secret itself (padded with
          // whitespace?): a caller who does not hold the secret learns nothing of it.
          const why =
            error.reason === 'signature_mismatch'
              ? 'no v1 signature matches the body as received, under the configured secret'
              : error.message;
          return fail(401, `Signature rejected (${error.reason}): ${why}`);
        }
        // Then the body. FastAPI validates a model body after the dependencies have run (the
        // signature check is one), so a non-JSON Content-Type is a 422 only once signed.
        const parsed = readJsonBody(request, InboundNotificationSchema);
        if (!parsed.ok) return parsed.response;
        let outcome: ReturnType<typeof applyFulfillment>;
        try {
          outcome = applyFulfillment(ctx.state.orders, parsed.value);
        } catch (error) {
          // The one write the store can refuse once the body passed: an order whose
          // updated_at already stands at the last instant the mock writes (write-stamps.ts).
          if (!(error instanceof MockInputError)) throw error;
          return unprocessable(
            error.issues.map((issue) => ({ ...issue, loc: ['body', ...issue.loc] })),
          );
        }
        switch (outcome.kind) {
          case 'skipped':
            return json({ status: 'skipped', order_id: null });
          case 'not_found':
            return fail(404, outcome.detail);
          case 'ambiguous':
            return fail(409, outcome.detail);
          default:
            return json({ status: outcome.kind, order_id: outcome.orderId });
        }
      },
    },
  ];
}
