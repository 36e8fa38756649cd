// The response-schema compiler: a schema becomes one generated predicate that accepts exactly
// what the schema accepts unchanged. It reads zod's internal definitions (`_zod.def`), which
// is why package.json pins zod to one minor line and test/core/compile.test.ts checks each
// shape read.
import * as z from 'zod/mini';

/** A compiled check: true when the value passes its schema unchanged. */
export type Check = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: unknown[];
  check?: string;
  coerce?: boolean;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
}

/**
 * Writes an expression that is true when `v`, an expression itself, is a value the schema
 * accepts and returns unchanged: loose objects, arrays, optional, nullable and catch, unions
 * (up to their first option it cannot write), and leaves. Undefined for any other schema (a
 * stripping object, a refinement, a transform), which then always goes through zod. False
 * is safe where zod would accept: that value goes through zod. A leaf's own checks (a format,
 * an integer, an enum)
 * are left to zod through `r`, the list of schemas the code refers to.
 */
function emit(schema: z.ZodMiniType, v: string, refs: z.ZodMiniType[]): string | undefined {
  const def = schema._zod.def as Def;
  if (def.coerce) return undefined;
  const plain = !def.checks?.length && !def.check;
  let inner: string | undefined;
  switch (def.type) {
    case 'string':
    case 'boolean':
      if (plain) return `typeof ${v}=="${def.type}"`;
      break;
    case 'number':
      // zod's number rejects NaN and ±Infinity as well.
      if (plain) return `Number.isFinite(${v})`;
      break;
    case 'enum':
    case 'literal':
      break;
    case 'catch':
      // A catch returns what its inner schema made of the value, or the value itself when
      // that schema refuses it: unchanged unless the inner schema accepts it with a change
      // (a decimal string made a number), which zod then does.
      inner = emit(def.innerType as z.ZodMiniType, v, refs);
      return (
        inner &&
        `(${inner}||!r[${refs.push(def.innerType as z.ZodMiniType) - 1}].safeParse(${v}).success)`
      );
    case 'optional':
    case 'nullable':
      inner = emit(def.innerType as z.ZodMiniType, v, refs);
      return inner && `(${v}===${def.type === 'optional' ? 'undefined' : 'null'}||${inner})`;
    case 'union': {
      // zod returns the first option that accepts: the options before the first one this
      // cannot write (a transform) are checked, and a value only a later one accepts goes
      // through zod, which may change it.
      const options: string[] = [];
      for (const option of def.options as z.ZodMiniType[]) {
        inner = emit(option, v, refs);
        if (!inner) break;
        options.push(inner);
      }
      return plain && options.length > 0 ? `(${options.join('||')})` : undefined;
    }
    case 'array': {
      // Named by the expression's length, which grows at every level of nesting: an inner
      // loop's variable never shadows an outer one.
      const element = `e${v.length}`;
      inner = plain ? emit(def.element as z.ZodMiniType, element, refs) : undefined;
      // for...of rather than every(), which would skip the holes of a sparse array.
      return (
        inner &&
        `(Array.isArray(${v})&&(()=>{for(const ${element} of ${v})if(!(${inner}))return false;return true})())`
      );
    }
    case 'object': {
      // Only loose objects keep unknown keys as they are; zod drops an own __proto__ key.
      if (!plain || def.catchall?._zod.def.type !== 'unknown') return undefined;
      let out = `(typeof ${v}=="object"&&${v}!==null&&!Array.isArray(${v})&&!Object.hasOwn(${v},"__proto__")`;
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodMiniType>)) {
        inner = emit(field, `${v}[${JSON.stringify(key)}]`, refs);
        if (!inner) return undefined;
        out += `&&${inner}`;
      }
      return `${out})`;
    }
    default:
      return undefined;
  }
  return `r[${refs.push(schema) - 1}].safeParse(${v}).success`;
}

/**
 * Compiles a response schema into a predicate that accepts exactly what the schema accepts
 * unchanged, as zod compiles its own objects: generated code, read straight through by the
 * engine.
 *
 * Why: zod/mini parses a loose object by copying it key by key into a new object, which on
 * a full page of orders costs more than the JSON.parse before it, and a predicate built of
 * closures still costs a good part of that. The code is derived from the schema, so the
 * schema stays the one source of truth, and it names no value from outside the SDK's own
 * schemas.
 */
function compile(schema: z.ZodMiniType): Check | undefined {
  const refs: z.ZodMiniType[] = [];
  const body = emit(schema, 'v', refs);
  // z.config({ jitless: true }) is zod's switch for a strict CSP, which reports even a caught
  // new Function; read at the first check of each schema, so setting it before the first call
  // is enough.
  if (body === undefined || z.config().jitless) return undefined;
  try {
    // Through a name, as zod does: Next.js fails the build of any middleware whose modules
    // hold a literal `new Function`, though this one is caught where it is refused.
    const Generate = Function;
    return new Generate('r', `return v=>${body}`)(refs) as Check;
  } catch {
    // A runtime that forbids generated code (a strict CSP, some edge runtimes): zod alone.
    return undefined;
  }
}

const compiled = new WeakMap<z.ZodMiniType, Check | undefined>();

/**
 * The fast check of a response schema, compiled once. Exported for the tests, which prove
 * that it agrees with zod.
 *
 * @internal
 */
export function fastCheck(schema: z.ZodMiniType): Check | undefined {
  if (!compiled.has(schema)) compiled.set(schema, compile(schema));
  return compiled.get(schema);
}
