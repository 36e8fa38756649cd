// The control endpoints of the stored records, orders and products: create, read, change.
import { int64, type Json, ref } from '../json-schema.js';
import { bad, error, fields, ok, pathParam, tags } from './operations.js';

// A product id as the control routes read it from the path (mock/routes/control.ts,
// `productId`): every id a product can have, a safe integer from 1, in plain decimal (no
// sign, no leading zero); anything else is 422. Past 32 bits, so `int64` (see int64()).
const PRODUCT_ID = int64({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) as Json;

// The 422s of the product routes, which read the id from the path as an integer before
// anything else (mock/routes/control.ts, `productId`); a query is refused before that.
const badProductId =
  'A `product_id` that is no product id (not a safe integer from 1 in plain decimal: ' +
  '`int_parsing` at `path`), or a query parameter (`extra_forbidden`)';
const badProductRead = error(`${badProductId}. \`detail\` names each.`);
const badProductChange = error(
  `${badProductId}, or a body that failed validation; nothing was changed. \`detail\` lists ` +
    'each problem.',
);

/** The create, read and change endpoints of one kind of stored record. */
export function stored(
  at: string,
  kind: 'order' | 'product',
  summaries: { create: string; change: string },
): Record<string, Json> {
  const schema = ref(kind === 'order' ? 'Order' : 'Product');
  const input = kind === 'order' ? 'OrderInput' : 'ProductInput';
  const update = kind === 'order' ? 'OrderUpdate' : 'ProductUpdate';
  const missing = error(`No such ${kind}.`);
  const id = `${kind}_id`;
  const name = `${kind[0]?.toUpperCase()}${kind.slice(1)}`;
  return {
    [`${at}/${kind}s`]: {
      post: {
        operationId: `create${name}`,
        ...tags('state'),
        summary: summaries.create,
        requestBody: fields(input, `Any fields of a ${kind}; the rest are generated.`),
        responses: { '201': ok(`The stored ${kind}.`, schema), '422': bad },
      },
    },
    [`${at}/${kind}s/{${id}}`]: {
      parameters: [
        kind === 'order'
          ? pathParam(id, 'The order’s `id` (a string).')
          : pathParam(
              id,
              'The product’s `id`: a safe integer from 1 (up to 2^53 − 1), in decimal without ' +
                'sign or leading zeros (422 otherwise).',
              PRODUCT_ID,
            ),
      ],
      get: {
        operationId: `get${name}`,
        ...tags('state'),
        summary: `Read a stored ${kind}`,
        // A product id must be an integer; any string names an order.
        responses: {
          '200': ok(`The ${kind}.`, schema),
          '404': missing,
          ...(kind === 'product' && { '422': badProductRead }),
        },
      },
      patch: {
        operationId: `update${name}`,
        ...tags('state'),
        summary: summaries.change,
        requestBody: fields(update, 'The fields to change.'),
        responses: {
          '200': ok(`The ${kind}.`, schema),
          '404': missing,
          '422': kind === 'product' ? badProductChange : bad,
        },
      },
    },
  };
}
