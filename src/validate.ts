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
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

function unit(origin: string): string {
  if (origin === 'string') return ' characters';
  if (origin === 'array' || origin === 'set') return ' items';
  return '';
}

// zod/mini ships no locale (its messages all read "Invalid input"), and loading one would
// change zod's global config under the caller; so the SDK words its own.
function describeIssue(issue: Issue, root: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      const received = valueAt(root, issue.path);
      return received === undefined
        ? `required, expected ${issue.expected}`
        : `expected ${issue.expected}, received ${typeName(received)}`;
    }
    case 'too_big':
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}${unit(issue.origin)}`;
    case 'too_small':
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}${unit(issue.origin)}`;
    case 'invalid_format':
      if (issue.format === 'datetime') return 'must be an ISO 8601 date-time (with Z or ±HH:MM)';
      if (issue.format === 'url') return 'must be an absolute http(s) URL';
      return `must be a valid ${issue.format}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown keys ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'matches none of the allowed shapes';
    default:
      return issue.message;
  }
}

function dotted(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Where a request input goes on the wire, as FastAPI names it in `loc`. */
export type InputLocation = 'query' | 'body' | 'path';

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
  const issues: ValidationIssue[] = [];
  const shape = (schema as { def?: { shape?: Record<string, unknown> } }).def?.shape;
  if (shape && typeof input === 'object' && input !== null && !Array.isArray(input)) {
    for (const key of Object.keys(input)) {
      if (!(key in shape)) {
        issues.push({
          loc: [where, key],
          msg: `is not a parameter; expected one of ${Object.keys(shape).join(', ')}`,
          type: 'unrecognized_keys',
        });
      }
    }
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      issues.push({
        loc: [where, ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))],
        msg: describeIssue(issue, input),
        type: issue.code,
      });
    }
  }
  if (issues.length > 0) {
    throw new ValidationError(
      { status: 422, body: { detail: issues }, method: request.method, path: request.path },
      false,
    );
  }
  return (result as { data: z.output<S> }).data;
}

/**
 * Parses a response body with its schema. Loose objects keep fields the schema does not
 * name; a documented field that is missing or of the wrong type fails.
 *
 * @returns The parsed body.
 * @throws {@link ResponseValidationError} naming each field at fault.
 */
export function parseResponse<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
  response: { method: string; path: string; status: number },
): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues: ResponseIssue[] = result.error.issues.map((issue) => ({
    path: dotted(issue.path),
    message: describeIssue(issue, body),
  }));
  throw new ResponseValidationError({ ...response, issues, body });
}
