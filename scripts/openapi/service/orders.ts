// The orders part of the service document: the order list (offset or cursor), one order, and
// its items.
import { BASE_PATH, DEFAULT_ORDER_LIMIT } from '../../../mock/index.js';
import * as S from '../../../src/schemas/index.js';
import { INSTANT_YEARS, type Json, json, OTHER_SPELLINGS, ref } from '../json-schema.js';
import { apiErrors, CHECK_ORDER, GAPS, type Parameter, queryParameters } from './operations.js';

/** The order endpoints, by path. */
export function orderPaths(): Record<string, Json> {
  const orderQuery = {
    status:
      'Filter by order status, verbatim as the service writes it (e.g. `Created`, `shipped`).',
    platform: 'Filter by sales platform.',
    limit: `Page size, 1 to ${S.MAX_PAGE_SIZE}; default ${DEFAULT_ORDER_LIMIT} (${GAPS}).`,
    offset:
      `Offset mode only: number of records skipped; default 0 (${GAPS}). In cursor mode it ` +
      'moves nothing and its range is not checked, but a value that is no integer is still 422 ' +
      '(`int_parsing`).',
    since:
      'Cursor mode: ISO 8601 timestamp WITH offset (`Z` or `±HH:MM`), URL-encoded: the previous ' +
      'page’s `next_since`, unchanged. Requires `since_id` (one without the other is 422). ' +
      `Start a pull at the origin \`${S.ORIGIN_CURSOR.since}\` / \`${S.ORIGIN_CURSOR.since_id}\` (${GAPS}). ` +
      `${OTHER_SPELLINGS} ${INSTANT_YEARS}`,
    since_id:
      'Cursor mode: the previous page’s `next_since_id`, unchanged. Requires `since`. Orders ' +
      'with the same `updated_at` come by `id`, decimal ids first, shorter before longer (`9` ' +
      `before \`10\`), then other ids as plain strings; never compare ids, send this one back (${GAPS}).`,
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
  };
}
