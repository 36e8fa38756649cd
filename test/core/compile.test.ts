// The response-schema compiler reads zod's internal definitions (`_zod.def`). zod is pinned
// to one minor line for that; these tests fail when an upgrade changes a definition the
// compiler reads, for every kind it compiles, or makes its verdicts differ from zod's own.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fastCheck } from '../../src/core/compile.js';
import { CursorPageAnswerSchema } from '../../src/pagination/order-pages.js';
import * as schemas from '../../src/schemas/index.js';

const def = (schema: z.ZodMiniType) => schema._zod.def as unknown as Record<string, unknown>;
const str = z.string();

describe('the zod definitions the compiler reads', () => {
  it('names each kind by `type`, with no checks on a plain leaf', () => {
    expect(def(str)).toEqual({ type: 'string' });
    expect(def(z.boolean())).toEqual({ type: 'boolean' });
    expect(def(z.number())).toEqual({ type: 'number', checks: [] });
    expect(def(z.enum(['a'])).type).toBe('enum');
    expect(def(z.literal('a')).type).toBe('literal');
  });

  it('lists a leaf check in `checks`, a format in `check`, coercion in `coerce`', () => {
    expect(def(str.check(z.minLength(1))).checks).toHaveLength(1);
    expect(def(z.number().check(z.int())).checks).toHaveLength(1);
    expect(def(z.int())).toMatchObject({ type: 'number', check: 'number_format' });
    expect(def(schemas.IsoDateTimeWithOffsetSchema)).toMatchObject({
      type: 'string',
      check: 'string_format',
    });
    expect(def(z.coerce.string())).toMatchObject({ type: 'string', coerce: true });
  });

  it('holds the wrapped schema in `innerType`, `element` and `shape`', () => {
    expect(def(z.optional(str))).toEqual({ type: 'optional', innerType: str });
    expect(def(z.nullable(str))).toEqual({ type: 'nullable', innerType: str });
    expect(def(z.catch(str, ''))).toMatchObject({ type: 'catch', innerType: str });
    expect(def(z.array(str))).toEqual({ type: 'array', element: str });
    expect(def(z.array(str).check(z.minLength(1))).checks).toHaveLength(1);
    expect(def(z.looseObject({ a: str })).shape).toEqual({ a: str });
  });

  it('tells a loose object by a `catchall` of type unknown', () => {
    const catchall = (schema: z.ZodMiniType) =>
      (def(schema).catchall as z.ZodMiniType | undefined)?._zod.def.type;
    expect(catchall(z.looseObject({}))).toBe('unknown');
    expect(catchall(z.object({}))).toBeUndefined();
    expect(catchall(z.strictObject({}))).toBe('never');
    expect(def(z.looseObject({}).check(z.refine(() => true))).checks).toHaveLength(1);
  });
});

// Each kind the compiler writes code for, with values either side of its line.
const kinds: [string, z.ZodMiniType, unknown[]][] = [
  ['string', str, ['', 'a', 1, null, undefined]],
  ['boolean', z.boolean(), [true, false, 0, 'true']],
  ['number', z.number(), [0, -1.5, Number.NaN, Number.POSITIVE_INFINITY, '1']],
  ['checked leaf', z.number().check(z.int()), [1, 1.5, 2 ** 60]],
  ['enum', z.enum(['a', 'b']), ['a', 'c', 1]],
  ['literal', z.literal('a'), ['a', 'b']],
  ['optional', z.optional(str), [undefined, 'a', null]],
  ['nullable', z.nullable(str), [null, 'a', undefined]],
  ['catch', z.catch(str, (ctx) => ctx.value as string), ['a', 1, null, undefined]],
  ['array', z.array(str), [[], ['a'], ['a', 1], [undefined], 'a', {}]],
  ['loose object', z.looseObject({ a: str }), [{ a: 'x' }, { a: 'x', b: 1 }, {}, [], null]],
];

describe('the compiled checks', () => {
  it.each(kinds)('are compiled for a %s and agree with zod', (_, schema, values) => {
    const check = fastCheck(schema);
    expect(check).toBeTypeOf('function');
    for (const value of values)
      expect(check?.(value), String(value)).toBe(schema.safeParse(value).success);
  });

  it('are compiled for every response schema of the SDK', () => {
    for (const [name, schema] of Object.entries({
      OrderPageSchema: schemas.OrderPageSchema,
      OrderCursorPageSchema: schemas.OrderCursorPageSchema,
      OrderDetailSchema: schemas.OrderDetailSchema,
      OrderItemListSchema: schemas.OrderItemListSchema,
      ProductListSchema: schemas.ProductListSchema,
      WebhookSubscriptionSchema: schemas.WebhookSubscriptionSchema,
      FulfillmentResultSchema: schemas.FulfillmentResultSchema,
      OrderEventSchema: schemas.OrderEventSchema,
      CursorPageAnswerSchema,
    })) {
      expect(fastCheck(schema), name).toBeTypeOf('function');
    }
  });

  it('agree with safeParse on any value, for every schema the SDK exports', () => {
    const all = (Object.entries(schemas) as [string, unknown][]).filter(
      (entry): entry is [string, z.ZodMiniType] =>
        typeof entry[1] === 'object' && entry[1] !== null && '_zod' in entry[1],
    );
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.jsonValue(), ([, schema], value) => {
        // The fast check passes exactly when zod accepts the value and returns it unchanged:
        // a transform (money as a decimal string, an empty write answer) must go through zod.
        const check = fastCheck(schema);
        const result = schema.safeParse(value);
        if (check) {
          expect(check(value)).toBe(result.success && isDeepStrictEqual(value, result.data));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('agree with safeParse, which never fails, when only fields the SDK does not rely on are off', () => {
    // What the SDK relies on is given right; every other named field holds any JSON value.
    const relied = { id: 'o-1', updated_at: '2026-01-01T00:00:00Z' };
    const objects = [
      schemas.OrderSchema,
      schemas.OffsetOrderSchema,
      schemas.OrderDetailSchema,
      schemas.OrderItemSchema,
      schemas.ShipmentSchema,
      schemas.ShippingAddressSchema,
      schemas.ProductSchema,
    ];
    const fields = (schema: z.ZodMiniType) =>
      fc.record(
        Object.fromEntries(
          Object.keys(def(schema).shape as object).map((key) => [key, fc.jsonValue()]),
        ),
        { requiredKeys: [] },
      );
    for (const schema of objects) {
      const check = fastCheck(schema);
      fc.assert(
        fc.property(fields(schema), (generated) => {
          const value = { ...generated, ...relied };
          const result = schema.safeParse(value);
          expect(result.success).toBe(true);
          expect(check?.(value)).toBe(isDeepStrictEqual(value, result.data));
        }),
        { numRuns: 300 },
      );
    }
  });
});
