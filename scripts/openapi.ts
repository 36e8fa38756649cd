// Generates docs/openapi.json (OpenAPI 3.1) from the zod wire schemas in src/schemas, so
// integrators who do not write TypeScript get the same shapes the SDK validates against, and
// docs/openapi-control.json, the mock's control endpoints (scripts/openapi-control.ts).
//   tsx scripts/openapi.ts           write both documents
//   tsx scripts/openapi.ts --check   fail if either differs from a fresh build
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import * as z from 'zod/mini';
import {
  BASE_PATH,
  DEFAULT_ORDER_LIMIT,
  DEFAULT_PRODUCT_PAGE_SIZE,
  FULFILLMENT_PATH,
} from '../mock/index.js';
import * as S from '../src/schemas/index.js';
import { CONTROL_OPENAPI_PATH, renderControlDocument } from './openapi-control.js';

// The document is checked against the OpenAPI 3.1 schema when it is built, so plain JSON
// types are enough here (openapi-types' 3.1 types mix in 3.0 ones and reject valid documents).
type Json = { [key: string]: unknown };
type Schema = Json & { properties?: Record<string, Json> };
type Parameter = Json & { name: string };
type Responses = Record<string, Json>;

/** Where the document is written, relative to the repository root. */
export const OPENAPI_PATH = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));

// The paths come from the mock, the one implementation of the service's routes.
const INBOUND_PATH = FULFILLMENT_PATH;
const GAPS = 'docs/spec-gaps.md';

interface SchemaMeta {
  id: string;
  description: string;
}

// Responses are described as the service sends them, request bodies as it accepts them:
// the two differ for defaults and transforms, so each direction gets its own registry.
const responses = z.registry<SchemaMeta>();
const requests = z.registry<SchemaMeta>();

responses.add(S.ProductSchema, { id: 'Product', description: 'A product (specification 2.1).' });
responses.add(S.ProductListSchema, {
  id: 'ProductList',
  description: 'One page of products (specification 2.2).',
});
responses.add(S.OrderSchema, {
  id: 'Order',
  description:
    'An order as it appears in the order list (specification 2.3). Only some fields are ' +
    `documented; the others are optional and unknown fields are kept (${GAPS}, "Orders"). ` +
    'For a key with the `shipping:read` scope each item also carries `tracking_number`, ' +
    '`tracking_url` and `shipments` (Shipment), as the order detail has them (specification 4.6); ' +
    'without it they are absent.',
});
responses.add(S.OrderPageSchema, {
  id: 'OrderPage',
  description:
    'Offset mode page (specification 2.3), newest `order_date` first. ' +
    '`page = floor(offset / limit) + 1` and `page_size = limit`.',
});
responses.add(S.OrderCursorPageSchema, {
  id: 'OrderCursorPage',
  description:
    'Cursor mode page (specification 2.4), ascending by (`updated_at`, `id`). ' +
    '`next_since`/`next_since_id` are the last item’s `updated_at`/`id`; on an empty page they ' +
    'echo the request’s cursor.',
});
responses.add(S.ShipmentSchema, {
  id: 'Shipment',
  description: 'One parcel of an order, with its carrier and tracking number (specification 2.5).',
});
responses.add(S.ShippingAddressSchema, {
  id: 'ShippingAddress',
  description: 'Where an order is shipped to.',
});
responses.add(S.OrderDetailSchema, {
  id: 'OrderDetail',
  description:
    'An order with its shipping and tracking information (specification 2.5, `OrderDetailOut`). ' +
    '`shipping_address`, `tracking_number`, `tracking_url` and `shipments` are present only for a ' +
    `key with the \`shipping:read\` scope; without it they are absent, not null (${GAPS}).`,
});
responses.add(S.OrderItemSchema, {
  id: 'OrderItem',
  description: 'One line of an order (specification 2.6).',
});
responses.add(S.OrderItemListSchema, {
  id: 'OrderItemList',
  description: `The items of one order. The envelope is not shown by the specification (${GAPS}).`,
});
responses.add(S.WebhookSubscriptionSchema, {
  id: 'WebhookSubscription',
  description:
    'The stored subscription. Not shown by the specification; the service returns the record with ' +
    `its id and the \`secret\` its deliveries are signed with (${GAPS}).`,
});
responses.add(S.OrderEventSchema, {
  id: 'OrderEvent',
  description: `The JSON body of one delivered order event (not shown by the specification; ${GAPS}).`,
});
responses.add(S.FulfillmentResultSchema, {
  id: 'FulfillmentResult',
  description:
    'What the inbound endpoint did: `applied` wrote `shipped`, `unchanged` found the same ' +
    '`shipped_at` already written, `skipped` had no key naming an order of this integrator ' +
    `(not shown by the specification; ${GAPS}).`,
});
responses.add(S.ValidationIssueSchema, {
  id: 'ValidationIssue',
  description: 'One entry of a 422 error body: where the problem is, what it is, and its kind.',
});
responses.add(S.ErrorBodySchema, {
  id: 'ErrorBody',
  description:
    'The JSON body of every non-2xx response: `detail` is a sentence, or for 422 a list of ' +
    `ValidationIssue (FastAPI's shape; the specification does not show it, ${GAPS}, "Errors").`,
});

requests.add(S.WebhookSubscriptionCreateSchema, {
  id: 'WebhookSubscriptionCreate',
  description:
    'Body of POST /webhooks (specification 2.7): an absolute http(s) URL and the events.',
});
requests.add(S.FulfillmentNotificationSchema, {
  id: 'FulfillmentNotification',
  description:
    'Body of the inbound shipment notification (specification 2.8). The order is matched by ' +
    '`inbound_order_id` when present, else by `source` with `external_ref`, which must come ' +
    'together (one without the other is 422).',
});

// zod describes refinements it cannot translate by dropping them; these put the two
// "together or not at all" rules back in JSON Schema's own words.
const dependentRequired: Record<string, Record<string, string[]>> = {
  FulfillmentNotification: { source: ['external_ref'], external_ref: ['source'] },
};

// Formats a check expresses in code (the webhook URL is read by WHATWG URL parsing, not
// z.url), restated for readers of the document.
const propertyFormats: Record<string, Record<string, string>> = {
  WebhookSubscriptionCreate: { url: 'uri' },
};

/** Strips what zod adds for standalone documents but OpenAPI components must not carry. */
function clean(schema: Schema): Schema {
  const json = JSON.parse(
    JSON.stringify(schema, (key, value) => {
      if (key === '$schema' || key === '$id') return undefined;
      // zod marks every int with the safe-integer range; it says nothing to a reader.
      if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) return undefined;
      if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) return undefined;
      return value;
    }),
  );
  return json as Schema;
}

function componentSchemas(): Record<string, Schema> {
  const uri = (id: string) => `#/components/schemas/${id}`;
  const out = z.toJSONSchema(responses, { io: 'output', uri }).schemas;
  const inp = z.toJSONSchema(requests, { io: 'input', uri }).schemas;
  const all: Record<string, Schema> = {};
  for (const [id, schema] of Object.entries({ ...out, ...inp })) {
    const cleaned = clean(schema as Schema);
    for (const [name, format] of Object.entries(propertyFormats[id] ?? {})) {
      const property = cleaned.properties?.[name];
      if (!property) throw new Error(`scripts/openapi.ts: ${id} has no property ${name}`);
      property.format = format;
    }
    const extra = dependentRequired[id];
    all[id] = extra ? { ...cleaned, dependentRequired: extra } : cleaned;
  }
  // Sorted so the document's diff stays stable when a schema is added.
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
}

// The service's defaults for omitted paging parameters (docs/spec-gaps.md), taken from the
// mock, which is where that rule lives; the wire schemas leave them optional.
const QUERY_DEFAULTS: Record<string, number> = {
  limit: DEFAULT_ORDER_LIMIT,
  offset: 0,
  page: 1,
  page_size: DEFAULT_PRODUCT_PAGE_SIZE,
};

/** The query parameters of a zod object schema, each described from `descriptions`. */
function queryParameters(
  schema: z.core.$ZodType,
  descriptions: Record<string, string>,
): Parameter[] {
  const json = clean(z.toJSONSchema(schema, { io: 'input' }) as Schema);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const description = descriptions[name];
    if (!description) throw new Error(`scripts/openapi.ts: describe the query parameter ${name}`);
    const fallback = QUERY_DEFAULTS[name];
    const withDefault = fallback === undefined ? property : { ...property, default: fallback };
    return { name, in: 'query', required: false, description, schema: withDefault };
  });
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: object) => ({ 'application/json': { schema } });

const ERROR_REASONS: Record<string, string> = {
  '401':
    'The X-API-Key header is missing or names no key. A key in the query or body never authenticates.',
  '402': 'The workspace plan does not include `apiAccess`.',
  '403': 'The client IP is outside the key’s allowed IPs, or the key lacks the endpoint’s scope.',
  '404': 'No order has this id.',
  '422':
    'A query parameter or the body failed validation (a body is read as JSON only under ' +
    '`Content-Type: application/json` or `application/*+json`); `detail` lists each problem.',
  '429': 'The key exceeded its rate limit; wait `Retry-After` seconds.',
};

/** The error responses of an endpoint under the base URL, in the service's check order. */
function apiErrors(...statuses: string[]): Responses {
  const all: Responses = {};
  for (const status of ['401', '402', '403', '429', ...statuses]) {
    all[status] = error(status, ERROR_REASONS[status] ?? '');
  }
  return all;
}

function error(status: string, description: string): Json {
  const response: Json = { description, content: json(ref('ErrorBody')) };
  if (status === '429')
    response.headers = { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };
  return response;
}

const CHECK_ORDER =
  `Checks run in this order (${GAPS}): 401 (API key) → 402 (plan) → 403 (IP, then scope) → ` +
  '429 (rate limit) → 422 (input) → 404 (unknown order).';

/** Builds the whole OpenAPI 3.1 document. */
export function buildOpenApiDocument(): Json {
  const orderQuery = {
    status:
      'Filter by order status, verbatim as the service writes it (e.g. `Created`, `shipped`).',
    platform: 'Filter by sales platform.',
    limit: `Page size, 1 to ${S.MAX_PAGE_SIZE}; default ${DEFAULT_ORDER_LIMIT} (${GAPS}).`,
    offset: `Offset mode only: number of records skipped; default 0 (${GAPS}).`,
    since:
      'Cursor mode: ISO 8601 timestamp WITH offset (`Z` or `±HH:MM`), URL-encoded: the previous ' +
      'page’s `next_since`, unchanged. Requires `since_id` (one without the other is 422). ' +
      `Start a pull at the origin \`${S.ORIGIN_CURSOR.since}\` / \`${S.ORIGIN_CURSOR.since_id}\` (${GAPS}).`,
    since_id:
      'Cursor mode: the previous page’s `next_since_id`, unchanged. Requires `since`; ties on ' +
      '`updated_at` are broken by `id` compared as a plain string.',
  };
  const orderParams = [
    ...queryParameters(S.OrderListParamsSchema, orderQuery),
    ...queryParameters(S.OrderCursorParamsSchema, orderQuery),
  ].filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);

  const orderIdParam: Parameter = {
    name: 'order_id',
    in: 'path',
    required: true,
    description: 'The order’s `id` (a string).',
    schema: { type: 'string' },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Order, Product and Fulfillment Web Service API',
      version: '1.0.0',
      description:
        'Generated by `npm run openapi` from the zod schemas of order-fulfillment-sdk ' +
        '(src/schemas); do not edit by hand. Where the specification says "not shown", the ' +
        `operations say which choice of ${GAPS} they rely on. The standalone mock ` +
        '(`npx order-fulfillment-mock`) serves every operation; set `host_url` to the URL it prints.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{host_url}',
        description:
          'The service host. Paths are written in full because the inbound endpoint is not under ' +
          `the base URL \`{host_url}${BASE_PATH}\`.`,
        variables: {
          host_url: {
            default: 'http://127.0.0.1:4010',
            description: 'The service host, e.g. the URL the standalone mock prints.',
          },
        },
      },
    ],
    security: [{ ApiKey: [] }],
    tags: [
      { name: 'products' },
      { name: 'orders' },
      { name: 'webhooks' },
      { name: 'fulfillment', description: 'Inbound notifications from a warehouse system.' },
    ],
    paths: {
      [`${BASE_PATH}/products`]: {
        get: {
          operationId: 'listProducts',
          tags: ['products'],
          summary: 'List products with stock and price',
          description:
            'Requires scope `products:read`. The specification shows no query parameters; the ' +
            `service pages products by 1-based \`page\` (default 1) and \`page_size\` (default ${DEFAULT_PRODUCT_PAGE_SIZE}, max ${S.MAX_PAGE_SIZE}) (${GAPS}). ${CHECK_ORDER}`,
          security: [{ ApiKey: ['products:read'] }],
          parameters: queryParameters(S.ProductListParamsSchema, {
            page: `1-based page number; default 1 (${GAPS}).`,
            page_size: `Products per page, 1 to ${S.MAX_PAGE_SIZE}; default ${DEFAULT_PRODUCT_PAGE_SIZE} (${GAPS}).`,
          }),
          responses: {
            '200': { description: 'One page of products.', content: json(ref('ProductList')) },
            ...apiErrors('422'),
          },
        },
      },
      [`${BASE_PATH}/orders`]: {
        get: {
          operationId: 'listOrders',
          tags: ['orders'],
          summary: 'Pull orders, by offset or by a resumable cursor',
          description:
            'Requires scope `orders:read`. Without `since`/`since_id` (offset mode) the response is an ' +
            'OrderPage sorted by `order_date` descending; suited to full reconciliation scans only, ' +
            'since it shifts when orders arrive. With both (cursor mode) it is an OrderCursorPage: orders ' +
            'strictly after (`since`, `since_id`) in (`updated_at`, `id`) order; send `next_since`/`next_since_id` ' +
            'back unchanged. Delivery is at-least-once: an order returns whenever it is updated. ' +
            `The first cursor call uses the origin cursor \`since=${S.ORIGIN_CURSOR.since}\`, \`since_id=${S.ORIGIN_CURSOR.since_id}\` ` +
            `(${GAPS}, "The first cursor call"). In both modes a key that also has \`shipping:read\` ` +
            'gets each order’s `tracking_number`, `tracking_url` and `shipments` (carrier and tracking ' +
            `per parcel) in the list. ${CHECK_ORDER}`,
          security: [{ ApiKey: ['orders:read'] }],
          parameters: orderParams,
          responses: {
            '200': {
              description: 'An OrderPage in offset mode, an OrderCursorPage in cursor mode.',
              content: json({ oneOf: [ref('OrderPage'), ref('OrderCursorPage')] }),
            },
            ...apiErrors('422'),
          },
        },
      },
      [`${BASE_PATH}/orders/{order_id}`]: {
        get: {
          operationId: 'getOrder',
          tags: ['orders'],
          summary: 'Read an order with its shipping, tracking and shipments',
          description:
            'Requires scope `orders:read`. The shipping fields (`shipping_address`, `tracking_number`, ' +
            '`tracking_url`, `shipments`) are included only when the key also has `shipping:read`; ' +
            `otherwise they are absent (${GAPS}). ${CHECK_ORDER}`,
          security: [{ ApiKey: ['orders:read'] }],
          parameters: [orderIdParam],
          responses: {
            '200': { description: 'The order detail.', content: json(ref('OrderDetail')) },
            ...apiErrors('404'),
          },
        },
      },
      [`${BASE_PATH}/orders/{order_id}/items`]: {
        get: {
          operationId: 'listOrderItems',
          tags: ['orders'],
          summary: 'Read the items of an order',
          description:
            'Requires scope `orders:read`. The specification does not show the envelope; the service ' +
            `answers \`{"items": [...]}\` (${GAPS}). ${CHECK_ORDER}`,
          security: [{ ApiKey: ['orders:read'] }],
          parameters: [orderIdParam],
          responses: {
            '200': { description: 'The order’s items.', content: json(ref('OrderItemList')) },
            ...apiErrors('404'),
          },
        },
      },
      [`${BASE_PATH}/webhooks`]: {
        post: {
          operationId: 'createWebhook',
          tags: ['webhooks'],
          summary: 'Subscribe a URL to order events',
          description:
            'Requires scope `webhooks:manage`. Answers 201 with the stored record, including the ' +
            '`secret` that signs its deliveries (shown once). Deliveries are described under `webhooks` ' +
            'of this document; failed ones are retried with backoff a bounded number of times. ' +
            `Not idempotent: retrying the request can create a second subscription. (${GAPS}) ${CHECK_ORDER}`,
          security: [{ ApiKey: ['webhooks:manage'] }],
          requestBody: { required: true, content: json(ref('WebhookSubscriptionCreate')) },
          responses: {
            '201': {
              description: 'The stored subscription.',
              content: json(ref('WebhookSubscription')),
            },
            ...apiErrors('422'),
          },
        },
      },
      [INBOUND_PATH]: {
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
              schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-fA-F]+)+$' },
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
            '403': error(
              '403',
              'No signing secret is configured: the endpoint accepts no request.',
            ),
            '404': error(
              '404',
              'No order matches `inbound_order_id`, or `source` + `external_ref`.',
            ),
            '409': error('409', 'More than one order matches `source` + `external_ref`.'),
            '422': error(
              '422',
              'No body, a `Content-Type` other than `application/json` or `application/*+json` ' +
                '(`model_attributes_type`), a body that is not JSON, or one that breaks the schema ' +
                '(including `source` without `external_ref`, or a `shipped_at` without an offset).',
            ),
          },
        },
      },
    },
    webhooks: {
      orderEvent: {
        post: {
          operationId: 'receiveOrderEvent',
          summary: 'An order event delivered to a subscribed URL',
          description:
            'Sent for `order.created` and `order.updated` to every subscription that asked for the ' +
            'event. Verify `X-Webhook-Signature` over the raw body with the subscription’s `secret`, ' +
            'the same scheme as X-WMS-Signature. Any 2xx acknowledges; anything else is retried with ' +
            `backoff a bounded number of times, so process events idempotently by \`id\` (${GAPS}).`,
          security: [],
          parameters: [
            {
              name: 'X-Webhook-Signature',
              in: 'header',
              required: true,
              description:
                '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`.',
              schema: { type: 'string' },
            },
          ],
          requestBody: { required: true, content: json(ref('OrderEvent')) },
          responses: { '200': { description: 'Any 2xx acknowledges the delivery.' } },
        },
      },
    },
    components: {
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            'Scopes: `products:read`, `orders:read`, `webhooks:manage`, `shipping:read` (listed per ' +
            'operation). A key in the query string or body never authenticates.',
        },
      },
      headers: {
        RetryAfter: {
          description: 'How long to wait before retrying, in whole seconds.',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      schemas: componentSchemas(),
    },
  };
}

/** The document as written to disk: two-space JSON with a trailing newline. */
export function renderOpenApiDocument(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

// Builds, validates, and writes (or with --check compares) one document; false when stale
// or invalid.
async function emit(path: string, text: string, check: boolean): Promise<boolean> {
  const name = relative(process.cwd(), path);
  const result = await new Validator().validate(JSON.parse(text));
  if (!result.valid) {
    console.error(`The generated ${name} is not valid OpenAPI 3.1:`);
    console.error(JSON.stringify(result.errors, null, 2));
    return false;
  }
  if (!check) {
    writeFileSync(path, text);
    console.log(`wrote ${path} (valid OpenAPI 3.1)`);
    return true;
  }
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    // A missing file is just another way of being stale.
  }
  if (current !== text) {
    console.error(
      `${name} is stale: the zod schemas in src/schemas or mock/, or scripts/openapi*.ts, ` +
        `changed since it was generated. Run \`npm run openapi\` and commit ${name}.`,
    );
    return false;
  }
  console.log(`${name} is current and valid OpenAPI 3.1.`);
  return true;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const results = [
    await emit(OPENAPI_PATH, renderOpenApiDocument(), check),
    await emit(CONTROL_OPENAPI_PATH, renderControlDocument(), check),
  ];
  if (results.includes(false)) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
