// The fulfillment part of the service document: the signed inbound shipment notification,
// which is not under the base URL and takes no API key.
import { FULFILLMENT_PATH } from '../../../mock/index.js';
import { WMS_SIGNATURE_PATTERN } from '../../../mock/routes/fulfillment.js';
import { type Json, json, ref } from '../json-schema.js';
import { error, GAPS } from './operations.js';

/** The inbound notification endpoint, by path. */
export function fulfillmentPaths(): Record<string, Json> {
  return {
    [FULFILLMENT_PATH]: {
      post: {
        operationId: 'notifyFulfillment',
        tags: ['fulfillment'],
        summary: 'Notify the service that an order has shipped (signed, no API key)',
        description:
          'Not under the base URL and takes no API key: the `X-WMS-Signature` header authenticates ' +
          'it, computed over the raw body bytes exactly as sent. Matching: `inbound_order_id` exactly ' +
          '(no match is 404, with no fallback); else `source` + `external_ref` (more than one match is ' +
          '409 and nothing is written; none is 404); neither key: 200 `skipped`. Writes status ' +
          '`shipped` and `shipped_at`; sending the same notification again answers `unchanged`. ' +
          `Status codes and the result body are not shown by the specification (${GAPS}). ` +
          'The signature is checked before the body is parsed. `shipped_at` may carry any offset ' +
          '(`Z`, `+00:00`, `+02:00`) and is stored in UTC. The plan rule (402) does not apply here.',
        security: [],
        parameters: [
          {
            name: 'X-WMS-Signature',
            in: 'header',
            required: true,
            description:
              '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the signing secret>`. ' +
              '`t` must be within ±300 seconds of the service clock; several `v1` values are allowed.',
            schema: { type: 'string', pattern: WMS_SIGNATURE_PATTERN.source },
          },
        ],
        requestBody: { required: true, content: json(ref('FulfillmentNotification')) },
        responses: {
          '200': {
            description: 'Applied, unchanged or skipped.',
            content: json(ref('FulfillmentResult')),
          },
          '401': error(
            '401',
            'The signature header is missing or malformed, does not match the raw body, or `t` is ' +
              'outside ±300 seconds; `detail` names which.',
          ),
          '403': error('403', 'No signing secret is configured: the endpoint accepts no request.'),
          '404': error('404', 'No order matches `inbound_order_id`, or `source` + `external_ref`.'),
          '409': error('409', 'More than one order matches `source` + `external_ref`.'),
          '422': error(
            '422',
            'No body, a `Content-Type` other than `application/json` or `application/*+json` ' +
              '(`model_attributes_type`), a body that is not JSON, or one that breaks the schema ' +
              '(such as a `shipped_at` without an offset). `source` without `external_ref` is no ' +
              'error: it names no order, so the answer is 200 `skipped`.',
          ),
        },
      },
    },
  };
}
