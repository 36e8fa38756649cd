// The service document's component schemas: the zod wire schemas of src/schemas with their
// descriptions, and the rules zod cannot translate restated in JSON Schema's words.
import * as S from '../../../src/schemas/index.js';
import {
  INSTANT_YEARS,
  type Json,
  OTHER_SPELLINGS,
  registryOf,
  registrySchemas,
  type Schema,
  sortedById,
} from '../json-schema.js';
import { GAPS } from './operations.js';

// Responses are described as the service sends them, request bodies as it accepts them:
// the two differ for defaults and transforms, so each direction gets its own registry.
const responses = registryOf([
  [S.ProductSchema, 'Product', 'A product (specification 2.1).'],
  [S.ProductListSchema, 'ProductList', 'One page of products (specification 2.2).'],
  [
    S.OrderSchema,
    'Order',
    'An order as it appears in the order list (specification 2.3). Only some fields are ' +
      `documented; the others are optional and unknown fields are kept (${GAPS}, "Orders"). ` +
      'For a key with the `shipping:read` scope each item also carries `tracking_number`, ' +
      '`tracking_url` and `shipments` (Shipment), as the order detail has them (specification 4.6); ' +
      'without it they are absent.',
  ],
  [
    S.OrderPageSchema,
    'OrderPage',
    'Offset mode page (specification 2.3), newest `order_date` first. ' +
      '`page = floor(offset / limit) + 1` and `page_size = limit`.',
  ],
  [
    S.OrderCursorPageSchema,
    'OrderCursorPage',
    'Cursor mode page (specification 2.4), ascending by (`updated_at`, `id`). ' +
      '`next_since`/`next_since_id` are the last item’s `updated_at`/`id`; on an empty page they ' +
      'echo the request’s cursor. A call without a cursor is offset mode (an OrderPage): the ' +
      `first cursor call sends the origin cursor \`since=${S.ORIGIN_CURSOR.since}\`, ` +
      `\`since_id=${S.ORIGIN_CURSOR.since_id}\`.`,
  ],
  [
    S.ShipmentSchema,
    'Shipment',
    'One parcel of an order, with its carrier and tracking number (specification 2.5).',
  ],
  [S.ShippingAddressSchema, 'ShippingAddress', 'Where an order is shipped to.'],
  [
    S.OrderDetailSchema,
    'OrderDetail',
    'An order with its shipping and tracking information (specification 2.5, `OrderDetailOut`). ' +
      '`shipping_address`, `tracking_number`, `tracking_url` and `shipments` are present only for a ' +
      `key with the \`shipping:read\` scope; without it they are absent, not null (${GAPS}).`,
  ],
  [S.OrderItemSchema, 'OrderItem', 'One line of an order (specification 2.6).'],
  [
    S.OrderItemListSchema,
    'OrderItemList',
    `The items of one order. The envelope is not shown by the specification (${GAPS}).`,
  ],
  [
    S.WebhookSubscriptionSchema,
    'WebhookSubscription',
    'The stored subscription. Not shown by the specification; the service returns the record with ' +
      `its id and the \`secret\` its deliveries are signed with (${GAPS}).`,
  ],
  [
    S.OrderEventSchema,
    'OrderEvent',
    `The JSON body of one delivered order event (not shown by the specification; ${GAPS}).`,
  ],
  [
    S.FulfillmentResultSchema,
    'FulfillmentResult',
    'What the inbound endpoint did: `applied` wrote `shipped`, `unchanged` found the same ' +
      '`shipped_at` already written, `skipped` had no key naming an order of this integrator ' +
      `(not shown by the specification; ${GAPS}).`,
  ],
  [
    S.ValidationIssueSchema,
    'ValidationIssue',
    'One entry of a 422 error body: where the problem is, what it is, and its kind.',
  ],
  [
    S.ErrorBodySchema,
    'ErrorBody',
    'The JSON body of every non-2xx response: `detail` is a sentence, or for 422 a list of ' +
      `ValidationIssue (FastAPI's shape; the specification does not show it, ${GAPS}, "Errors").`,
  ],
]);

const requests = registryOf([
  [
    S.WebhookSubscriptionCreateSchema,
    'WebhookSubscriptionCreate',
    'Body of POST /webhooks (specification 2.7): an absolute http(s) URL and the events.',
  ],
  [
    S.FulfillmentNotificationSchema,
    'FulfillmentNotification',
    'Body of the inbound shipment notification (specification 2.8). The order is matched by ' +
      '`inbound_order_id` when present, and then `source` and `external_ref` are not read; ' +
      'else by `source` with `external_ref`. Without either key (one of `source` and ' +
      '`external_ref` alone is neither) the notification is skipped. A key that is null ' +
      'counts as absent (specification 4.6).',
  ],
]);

// What a check says in code (the webhook URL is read by WHATWG URL parsing, not z.url),
// restated for readers of the document: `uri` alone takes `ftp:`, `mailto:`, `urn:` and a
// bare `http://`, which the service refuses. The pattern is its canonical spelling of an
// absolute http(s) URL with a host: the scheme in any case, optional userinfo, a host (a
// name, an IPv4 address or a bracketed IPv6 one), an optional numeric port, then a path,
// query or fragment. It uses no lookaround, so Go's RE2 and other engines compile it too.
const HTTP_URL_PATTERN =
  '^[Hh][Tt][Tt][Pp][Ss]?://([^/?#@\\s]*@)?(\\[[0-9A-Fa-f:.]+\\]|[^/?#@:\\[\\]\\s]+)(:[0-9]*)?([/?#]\\S*)?$';
const propertyKeywords: Record<string, Record<string, Json>> = {
  FulfillmentNotification: {
    shipped_at: {
      description: `When the order shipped, with its offset; stored in UTC. ${OTHER_SPELLINGS} ${INSTANT_YEARS}`,
    },
  },
  WebhookSubscriptionCreate: {
    url: {
      format: 'uri',
      pattern: HTTP_URL_PATTERN,
      description:
        'An absolute `http:` or `https:` URL with a host. The service parses it as a browser ' +
        'does (WHATWG URL), so it also reads a few other spellings of one (`http:example.com`); ' +
        'send this one. The pattern is only its shape: a URL the parser refuses is 422 ' +
        '`url_parsing` though it matches, such as a port past 65535 ' +
        '(`http://example.com:99999/h`) or a numeric host that is no IPv4 address ' +
        '(`http://256.256.256.256/h`).',
    },
  },
};

/** Every component schema of the service document, sorted by id. */
export function componentSchemas(): Record<string, Schema> {
  const all: Record<string, Schema> = {};
  const schemas = {
    ...registrySchemas(responses, 'output'),
    ...registrySchemas(requests, 'input'),
  };
  for (const [id, cleaned] of Object.entries(schemas)) {
    for (const [name, keywords] of Object.entries(propertyKeywords[id] ?? {})) {
      const property = cleaned.properties?.[name];
      if (!property)
        throw new Error(`scripts/openapi/service/schemas.ts: ${id} has no property ${name}`);
      Object.assign(property, keywords);
    }
    all[id] = cleaned;
  }
  return sortedById(all);
}
