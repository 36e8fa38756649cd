// POST {host_url}/api/v1/webhooks/wms/fulfillment (specification 4.6): the signature over the
// raw bytes first, then the body, then the matching rules in mock/rules/inbound.ts.
import { INBOUND_FULFILLMENT_PATH } from '../../src/core/config.js';
import { SignatureVerificationError } from '../../src/errors/signature-verification-error.js';
import { FulfillmentNotificationSchema } from '../../src/schemas/index.js';
import { verifyWmsSignature, WMS_SIGNATURE_HEADER } from '../../src/signatures/index.js';
import { applyFulfillment } from '../rules/inbound.js';
import type { ServiceContext } from './context.js';
import { parseJsonBody, parseWith } from './requests.js';
import { fail, json, unprocessable } from './responses.js';
import type { Route } from './router.js';

/** The inbound endpoint's path under the host URL. */
export const FULFILLMENT_PATH = INBOUND_FULFILLMENT_PATH;

const SIGNATURE_HEADER_LOWER = WMS_SIGNATURE_HEADER.toLowerCase();

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
        try {
          verifyWmsSignature(raw, request.header(SIGNATURE_HEADER_LOWER), ctx.signingSecret, {
            now: ctx.clock.nowMs() / 1000,
          });
        } catch (error) {
          if (!(error instanceof SignatureVerificationError)) throw error;
          return fail(401, `Signature rejected (${error.reason}): ${error.message}`);
        }
        let text: string;
        try {
          text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
        } catch {
          return unprocessable([
            { loc: ['body'], msg: 'The body is not valid UTF-8', type: 'json_invalid' },
          ]);
        }
        const body = parseJsonBody(text);
        if (!body.ok) return body.response;
        const parsed = parseWith(FulfillmentNotificationSchema, body.value);
        if (!parsed.ok) return parsed.response;
        const outcome = applyFulfillment(ctx.state.orders, parsed.value);
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
