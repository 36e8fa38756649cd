// Parsing with the wire schemas: input before a request (→ ValidationError, nothing sent)
// and bodies after it (→ ResponseValidationError), with messages that name the field.
import type * as z from 'zod/mini';
import type { ResponseIssue } from './errors/response-validation-error.js';
import { ResponseValidationError } from './errors/response-validation-error.js';
import { ValidationError } from './errors/validation-error.js';
import type { ValidationIssue } from './schemas/common.js';

type Issue = z.core.$ZodIssue;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  // NaN is the one value typed number that `z.number()` says it did not receive.
  return Number.isNaN(value) ? 'NaN' : typeof value;
}

// The SDK's schemas bound the length of strings and arrays only.
function unit(origin: string, count: unknown): string {
  const noun = origin === 'string' ? ' character' : origin === 'array' ? ' item' : '';
  return noun && count !== 1 ? `${noun}s` : noun;
}

/**
 * Words a zod issue for a message: `expected string, received number`. zod/mini ships no
 * locale (its messages all read "Invalid input"), and loading one would change zod's global
 * config under the caller; so the SDK words its own. A check's own message wins.
 *
 * @param issue - The issue.
 * @param root - The parsed value, to name what was received.
 * @internal
 */
export function describeIssue(issue: Issue, root: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      const received = valueAt(root, issue.path);
      return received === undefined
        ? `required, expected ${issue.expected}`
        : `expected ${issue.expected}, received ${typeName(received)}`;
    }
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const bound =
        issue.inclusive === false
          ? `${big ? 'less' : 'more'} than`
          : `at ${big ? 'most' : 'least'}`;
      const limit = big ? issue.maximum : issue.minimum;
      return `must be ${bound} ${String(limit)}${unit(issue.origin, limit)}`;
    }
    case 'invalid_format':
      if (issue.format === 'url') return 'must be an absolute http(s) URL';
      // Date-times and patterns carry their own message.
      if (issue.format === 'datetime' || issue.format === 'regex') return issue.message;
      return `must be a valid ${issue.format}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown keys ${issue.keys.join(', ')}`;
    default:
      // Unions and refinements: the schema gives its own message.
      return issue.message;
  }
}

function shapeOf(schema: z.ZodMiniType): object | undefined {
  return (schema as { def?: { shape?: object } }).def?.shape;
}

/**
 * The keys of an object input that its object schema does not name: a misspelt filter or
 * option, which a schema that strips unknown keys would otherwise drop without a word.
 * Own keys only, so that `constructor` or `toString` is unknown too.
 *
 * @internal
 */
export function unknownKeys(schema: z.ZodMiniType, input: unknown): string[] {
  const shape = shapeOf(schema);
  if (!shape || typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  return Object.keys(input).filter((key) => !Object.hasOwn(shape, key));
}

/** Where a request input goes on the wire, as FastAPI names it in `loc`. */
export type InputLocation = 'query' | 'body' | 'path';

/**
 * The error for input the SDK rejects itself: a 422 that was never sent.
 *
 * @param issues - Each problem, in the service's `{ loc, msg, type }` shape.
 * @param request - The method and path the request would have had.
 * @internal
 */
export function inputError(
  issues: ValidationIssue[],
  request: { method: string; path: string },
): ValidationError {
  return new ValidationError({ status: 422, body: { detail: issues }, ...request }, false);
}

/**
 * Parses a request's input with its schema, rejecting keys the schema does not know (a
 * misspelt filter would otherwise be dropped and the call would silently match more).
 *
 * @returns The parsed input.
 * @throws {@link ValidationError} with `requestSent` false, listing every issue.
 */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  where: InputLocation,
  request: { method: string; path: string },
): z.output<S> {
  const issues: ValidationIssue[] = unknownKeys(schema, input).map((key) => ({
    loc: [where, key],
    msg: `is not a parameter; expected one of ${Object.keys(shapeOf(schema) as object).join(', ')}`,
    type: 'unrecognized_keys',
  }));
  const result = schema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      issues.push({
        // Input comes from plain objects and arrays: its keys are strings and indexes.
        loc: [where, ...(issue.path as (string | number)[])],
        msg: describeIssue(issue, input),
        type: issue.code,
      });
    }
  }
  if (issues.length > 0) throw inputError(issues, request);
  return (result as { data: z.output<S> }).data;
}

type Check = (value: unknown) => boolean;

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
 * accepts and returns unchanged: loose objects, arrays, optional and nullable, unions (up to
 * their first option it cannot write), and leaves. Undefined for any other schema (a
 * stripping object, a refinement, a transform), which then always goes through zod. False
 * is safe where zod would accept: that value goes through zod. A leaf's own checks (a format, an integer, an enum)
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
 * a 200-order page costs more than the JSON.parse before it; a predicate built of closures
 * still cost a third of that. The code is derived from the schema, so the schema stays the
 * one source of truth, and it names no value from outside the SDK's own schemas.
 */
function compile(schema: z.ZodMiniType): Check | undefined {
  const refs: z.ZodMiniType[] = [];
  const body = emit(schema, 'v', refs);
  if (body === undefined) return undefined;
  try {
    return new Function('r', `return v=>${body}`)(refs) as Check;
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

// A union that fails says only that no option matched. When an option got inside the value
// (an envelope whose one item is wrong), its issues name the field at fault: report those.
// When none did (a number or a decimal string, given neither), the union's message stays.
function closest(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const depth = (list: Issue[]) => Math.max(0, ...list.map((inner) => inner.path.length));
  const best = issue.errors.reduce<Issue[]>((a, b) => (depth(b) > depth(a) ? b : a), []);
  if (depth(best) === 0) return [issue];
  return best.flatMap((inner) => closest({ ...inner, path: [...issue.path, ...inner.path] }));
}

/**
 * Parses a response body with its schema. Loose objects keep fields the schema does not
 * name; a documented field that is missing or of the wrong type fails. A valid body is
 * returned as it is (zod would return an equal copy); only an invalid one goes through zod,
 * for the issues.
 *
 * @returns The parsed body.
 * @throws {@link ResponseValidationError} naming each field at fault.
 */
export function parseResponse<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
  response: { method: string; path: string; status: number },
): z.output<S> {
  if (fastCheck(schema)?.(body)) return body as z.output<S>;
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues: ResponseIssue[] = result.error.issues.flatMap(closest).map((issue) => ({
    path: issue.path.join('.'),
    message: describeIssue(issue, body),
  }));
  throw new ResponseValidationError({ ...response, issues, body });
}
