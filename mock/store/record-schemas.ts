// Schemas for what the state API and the control endpoints accept: the wire schemas, made
// partial, with timestamps that must carry an offset (the mock stores them in UTC).
import * as z from 'zod/mini';
import {
  IsoDateTimeWithOffsetSchema,
  OrderDetailSchema,
  OrderItemSchema,
  ProductSchema,
} from '../../src/schemas/index.js';

/** An order record or a part of one (`mock.orders.create`, the `orders` option, fixtures). */
export const OrderInputSchema = z.partial(
  z.extend(OrderDetailSchema, {
    id: z.string().check(z.minLength(1)),
    order_date: IsoDateTimeWithOffsetSchema,
    created_at: IsoDateTimeWithOffsetSchema,
    updated_at: IsoDateTimeWithOffsetSchema,
    shipped_at: z.nullable(IsoDateTimeWithOffsetSchema),
    items: z.array(OrderItemSchema),
  }),
);

/** A product record or a part of one (`mock.products.create`, the `products` option). */
export const ProductInputSchema = z.partial(
  z.extend(ProductSchema, {
    id: z.number().check(z.int(), z.minimum(1)),
    stock: z.number().check(z.int(), z.minimum(0)),
    price: z.number().check(z.minimum(0)),
  }),
);
