// Wire shapes of an order's lines (specification 2.6, 4.4): their fields, whose names are not
// shown, and the envelope of GET /orders/{order_id}/items, which is not shown either.
import * as z from 'zod/mini';
import { DecimalSchema, LooseIdSchema, lenient, MoneySchema, wireObject } from './wire.js';

/**
 * One line of an order (specification 2.6: SKU, barcode, quantity and price, whose field names
 * are not shown; no field is relied upon:
 * [docs/spec-gaps.md, rule 2](../../docs/spec-gaps.md#checking-responses-the-one-rule)).
 */
export const OrderItemSchema = wireObject({
  sku: lenient(z.string()),
  barcode: lenient(z.string()),
  /** A number, also when the service sends a decimal string (`"2.000"`, a `Decimal`). */
  quantity: lenient(DecimalSchema),
  price: lenient(MoneySchema),
  id: lenient(LooseIdSchema),
  name: lenient(z.string()),
  product_id: lenient(LooseIdSchema),
  currency: lenient(z.string()),
});

/**
 * One line of an order (specification 2.6). No field is checked: each holds what the service
 * sent, of another type than declared if the service sends one
 * ([docs/spec-gaps.md, rule 2](../../docs/spec-gaps.md#checking-responses-the-one-rule));
 * check `typeof` before relying on one.
 */
export interface OrderItem extends z.infer<typeof OrderItemSchema> {}

const OrderItemEnvelopeSchema = wireObject({ items: z.array(OrderItemSchema) });

// The list in a body of any envelope: a bare array is the list; an object without `items`
// holding one array under another name (`data`, `results`, `lines`) has that as its list, and
// `items: null` is an order without items. Anything else is left to the envelope's check,
// which fails on `items`: so is a lone array that is empty or holds other than objects
// (`errors: []` beside a nested list, `tags`), which would read as an order without lines.
function asItemEnvelope(body: unknown): unknown {
  if (Array.isArray(body)) return { items: body };
  if (typeof body !== 'object' || body === null) return body;
  const fields = body as Record<string, unknown>;
  if (fields.items === null) return { ...fields, items: [] };
  if (fields.items !== undefined) return body;
  const lists = Object.values(fields).filter(Array.isArray);
  const [list] = lists;
  const lines = lists.length === 1 && list?.length && list.every(isRecord);
  return lines ? { ...fields, items: list } : body;
}

const isRecord = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Body of GET /orders/{order_id}/items, whose envelope is not shown (specification 4.4):
 * `{ "items": [...] }`; a bare array, read as its `items`; an object whose one array, of
 * objects, is under another name (`{ "data": [...] }`), read as its `items` too, the other
 * fields kept; or `{ "items": null }`, read as no items.
 */
export const OrderItemListSchema = z.union([
  OrderItemEnvelopeSchema,
  // Piped into the envelope again so that the output side stays the envelope for JSON Schema.
  z.pipe(z.transform(asItemEnvelope), OrderItemEnvelopeSchema),
]);

/** The items of one order: `{ items }`, whichever envelope the service used. */
export interface OrderItemList extends z.infer<typeof OrderItemEnvelopeSchema> {}
