// Building blocks of the response schemas, which follow the checking rule of
// docs/spec-gaps.md: check what the SDK relies on, accept what the specification leaves open.
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';

/**
 * An object of a response: loose at runtime, exact in its type. Parsing keeps every field
 * the schema does not name, as `z.looseObject` does, since the specification shows only
 * some fields; the inferred type lists only the named fields, as `z.object`'s does, so a
 * misspelt field is a compile error. A field the SDK does not name is still on the object:
 * read it through a widened type, e.g.
 * `(order as Order & { gift_note?: string }).gift_note`.
 *
 * @param shape - The named fields.
 * @returns A `z.looseObject(shape)` typed without `[k: string]: unknown`.
 * @internal
 */
export function wireObject<T extends core.$ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<T, core.$strip> {
  // Only the type parameter changes: extra fields at runtime are what any TypeScript object
  // type allows, so the exact type stays true of every parsed value.
  return z.looseObject(shape) as unknown as z.ZodMiniObject<T, core.$strip>;
}

/**
 * A string whose known values the editor offers, while any other string is accepted: the
 * service may add values, and its values mix case (`Created`, `shipped`).
 *
 * @typeParam V - The known values.
 */
export type OpenString<V extends string> = V | (string & {});

/**
 * A string schema typed {@link OpenString}: any string passes, the known values are offered.
 *
 * @param _values - The known values, for the type only.
 * @internal
 */
export function openString<const V extends string>(
  _values: readonly V[],
): z.ZodMiniType<OpenString<V>, OpenString<V>> {
  return z.string() as z.ZodMiniType<OpenString<V>, OpenString<V>>;
}

/**
 * A field the SDK does not rely on, typed as `schema` says: a value `schema` accepts is read
 * by it (a decimal string becomes a number); a value of another JSON type is kept as
 * received, so that a service writing another type there never fails a call, nor stalls a
 * pull on a field no code here uses (docs/spec-gaps.md, "Checking responses"). How the
 * schemas read the fields the specification types, such as a product's (2.1).
 *
 * @internal
 */
export function unchecked<T extends z.ZodMiniType>(schema: T): z.ZodMiniCatch<T> {
  // z.catch(schema, ctx => ctx.value), by its constructor: z.catch also takes a constant,
  // whose helper would put the whole of zod's util module in every bundle.
  return new z.ZodMiniCatch({
    type: 'catch',
    innerType: schema,
    // zod's JSON Schema writer calls this with no context, for a constant default: none.
    catchValue: (ctx) => ctx?.value,
  }) as z.ZodMiniCatch<T>;
}

/**
 * A field the SDK does not rely on that may be missing or `null`, read as {@link unchecked}
 * reads it: how the schemas read every field the specification names without a type or
 * does not show.
 *
 * @internal
 */
export function lenient<T extends z.ZodMiniType>(schema: T) {
  return unchecked(z.optional(z.nullable(schema)));
}

/**
 * The check that two optional fields come together or not at all, `null` counting as absent
 * (pydantic's `Optional`), reported on the second: a cursor's two halves, an order's
 * secondary key. zod runs it only once both fields have their types.
 *
 * @param first - The field named first in the message.
 * @param second - The field the issue is reported on.
 * @internal
 */
export function givenTogether(first: string, second: string) {
  return z.refine<Record<string, unknown>>(
    (value) => (value[first] == null) === (value[second] == null),
    { message: `${first} and ${second} must be given together`, path: [second] },
  );
}

/**
 * An identifier the SDK never sends back: a string, or a number as a service with integer
 * keys writes it. Kept as received.
 *
 * @internal
 */
export const LooseIdSchema = z.union([z.string(), z.number()]);

// A JSON number written as a string: what pydantic v2 emits for a Decimal ("12.50").
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A decimal number, read as a `number`: the service may send a JSON number or, as pydantic v2
 * does for a `Decimal`, a decimal string (`"12.50"`, a quantity's `"2.000"`); a string is
 * converted with `Number`, exact up to 15 significant digits.
 *
 * @internal
 */
export const DecimalSchema = z.union(
  [
    // A number first: it passes unchanged, so a body of numbers needs no copy.
    z.number(),
    // A string too large for a finite number fails the second step.
    z.pipe(z.pipe(z.string().check(z.regex(DECIMAL)), z.transform(Number)), z.number()),
  ],
  { error: 'expected a number or a decimal string' },
);

/**
 * An amount of money (a decimal number, specification 2.1), read as a `number` from a JSON
 * number or a decimal string (`"12.50"`, what pydantic writes for a `Decimal`). The currency
 * is a separate field.
 */
export const MoneySchema = DecimalSchema;

/** An amount of money, as a number (see {@link MoneySchema}). */
export type Money = z.infer<typeof MoneySchema>;

/**
 * A body the specification does not show, where any 2xx answer is a success: an object with
 * these fields, or `{}` for anything else (no body, a string, a JSON `null`).
 *
 * @param schema - The object (a {@link wireObject} whose fields are all optional). Its type
 *   names the body's: the union's output, written out in the declarations, would be two
 *   copies of that object, which an interface cannot extend.
 * @internal
 */
export function anyBody<S extends z.ZodMiniObject>(schema: S) {
  // Piped into the object again so that the output side stays an object for JSON Schema.
  return z.union([
    schema,
    z.pipe(
      z.transform(() => ({})),
      schema,
    ),
  ]);
}
