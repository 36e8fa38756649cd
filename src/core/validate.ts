// Parsing with the wire schemas: input before a request (→ ValidationError, nothing sent)
// and bodies after it (→ ResponseValidationError), with messages that name the field.
import type * as z from 'zod/mini';
import type { ResumeCursor } from '../errors/order-fulfillment-error.js';
import {
  type ResponseIssue,
  ResponseValidationError,
} from '../errors/response-validation-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { ValidationIssue } from '../schemas/common.js';
import { scrubBody } from './body.js';
import { closestName } from './closest-name.js';
import { fastCheck } from './compile.js';

type Issue = z.core.$ZodIssue;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * What a value is, as the SDK's messages name it: `null`, `array` and `NaN` apart from the
 * `object` and `number` typeof says.
 *
 * @internal
 */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  // NaN and ±Infinity are typed number, and `z.number()` says it did not receive a number.
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : typeof value;
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
      if (received === undefined) return `required, expected ${issue.expected}`;
      // A number refused by a number schema: a fraction where a whole one is due, NaN or
      // ±Infinity. "expected int, received number" would say nothing of which.
      if (
        typeof received === 'number' &&
        (issue.expected === 'int' || issue.expected === 'number')
      ) {
        return `expected ${issue.expected === 'int' ? 'a whole' : 'a finite'} number, received ${received}`;
      }
      return `expected ${issue.expected}, received ${typeName(received)}`;
    }
    case 'too_big':
    case 'too_small': {
      // Every bound of the SDK's schemas is inclusive: minimum, maximum, minLength, and the
      // integer range.
      const big = issue.code === 'too_big';
      const limit = big ? issue.maximum : issue.minimum;
      return `must be at ${big ? 'most' : 'least'} ${String(limit)}${unit(issue.origin, limit)}`;
    }
    case 'invalid_format':
      // The URL check is the SDK's own; date-times and patterns carry their own message.
      return issue.format === 'url' ? 'must be an absolute http(s) URL' : issue.message;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    default:
      // Unions and refinements: the schema gives its own message. (No SDK schema is strict:
      // unknown keys are found by unknownKeys below.)
      return issue.message;
  }
}

/**
 * zod's issues about a received value, as the SDK reports them: a dotted path and a message.
 *
 * @internal
 */
export function responseIssues(issues: readonly Issue[], root: unknown): ResponseIssue[] {
  return issues.map((issue) => ({
    path: issue.path.join('.'),
    message: describeIssue(issue, root),
  }));
}

/**
 * The shape of an object schema (its fields by name); undefined for any other schema.
 *
 * @internal
 */
export function shapeOf(schema: z.ZodMiniType): object | undefined {
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
 * misspelt filter would otherwise be dropped and the call would silently match more), with
 * the name most likely meant, or else the names there are.
 *
 * @param also - Names the caller takes beside the schema's and splits off before (a pull's
 *   `prefetch`): suggested and listed with them.
 * @returns The parsed input.
 * @throws {@link ValidationError} with `requestSent` false, listing every issue.
 */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  where: InputLocation,
  request: { method: string; path: string },
  also: readonly string[] = [],
): z.output<S> {
  const unknown = unknownKeys(schema, input);
  // Listed only for a key to report: a call with none pays nothing for it.
  const known = unknown.length > 0 ? [...Object.keys(shapeOf(schema) as object), ...also] : [];
  const issues: ValidationIssue[] = unknown.map((key) => {
    const meant = closestName(key, known);
    return {
      loc: [where, key],
      msg: `is not a parameter; ${meant ? `did you mean \`${meant}\`?` : `expected one of ${known.join(', ')}`}`,
      type: 'unrecognized_keys',
    };
  });
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
 * @param scrub - Hides the client's secrets in the `body` of the error ({@link scrubBody});
 *   only there: the data a call returns is not scrubbed.
 * @returns The parsed body.
 * @throws {@link ResponseValidationError} naming each field at fault.
 */
export function parseResponse<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
  response: {
    method: string;
    path: string;
    status: number;
    cursor?: ResumeCursor | undefined;
    requestId?: string | undefined;
  },
  scrub: (text: string) => string = (text) => text,
): z.output<S> {
  if (fastCheck(schema)?.(body)) return body as z.output<S>;
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = responseIssues(result.error.issues.flatMap(closest), body);
  throw new ResponseValidationError({ ...response, issues, body: scrubBody(body, scrub) });
}
