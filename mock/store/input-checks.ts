// Turns zod issues and raw query strings into FastAPI-style 422 `detail` entries, so every
// input error the mock reports has one shape, whether it came from a query, a body or a record.
import * as z from 'zod/mini';
import type { InputLocation } from '../../src/core/validate.js';
import type { ValidationIssue } from '../../src/schemas/index.js';

// zod/mini ships without messages. The 422 details read in English through this parse
// option rather than zod's global config, which belongs to the application.
const IN_ENGLISH: z.core.ParseContext<z.core.$ZodIssue> = { error: z.locales.en().localeError };

/**
 * `schema.safeParse(value)` with English messages, as every input check of the mock runs.
 * The messages are only read from a failure, and zod parses several times slower with an
 * error map in the context: a value is parsed without it first, and only one that fails is
 * parsed again with it, for the issues.
 *
 * @param schema - A zod schema.
 * @param value - Untrusted input.
 */
export function checkInput<S extends z.ZodMiniType>(schema: S, value: unknown) {
  const plain = schema.safeParse(value);
  return (
    plain.success ? plain : schema.safeParse(value, IN_ENGLISH)
  ) as z.core.util.SafeParseResult<z.infer<S>>;
}

/**
 * A parsed record or patch without its `undefined` fields: an explicit `undefined` means not
 * given, as it does in the SDK's options, and must not overwrite a stored or default value.
 *
 * @param data - What the schema returned.
 */
export function givenFields<T extends object>(data: T): T {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as T;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const choices = (values: readonly unknown[]) => {
  // pydantic quotes a string choice, not a number or a boolean.
  const quoted = values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value)));
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted[0];
};

// pydantic's type and wording for each JSON type a schema expects.
const TYPE_ERRORS: Record<string, [type: string, msg: string]> = {
  int: ['int_type', 'Input should be a valid integer'],
  number: ['float_type', 'Input should be a valid number'],
  string: ['string_type', 'Input should be a valid string'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  array: ['list_type', 'Input should be a valid list'],
  // A model (an object schema) given something else, as FastAPI's body models answer it.
  object: [
    'model_attributes_type',
    'Input should be a valid dictionary or object to extract fields from',
  ],
  record: ['dict_type', 'Input should be a valid dictionary'],
};

// A number, a string's length or a list's size beyond its bound, in pydantic's words.
function bound(side: 'max' | 'min', limit: number, inclusive: boolean | undefined, origin: string) {
  const [than, most, long] =
    side === 'max'
      ? ['less_than', 'at most', 'too_long']
      : ['greater_than', 'at least', 'too_short'];
  const words = than.replace('_', ' ');
  if (origin === 'number' || origin === 'int') {
    return inclusive
      ? { type: `${than}_equal`, msg: `Input should be ${words} or equal to ${limit}` }
      : { type: than, msg: `Input should be ${words} ${limit}` };
  }
  if (origin === 'string') {
    return {
      type: `string_${long}`,
      msg: `String should have ${most} ${plural(limit, 'character')}`,
    };
  }
  return { type: long, msg: `List should have ${most} ${plural(limit, 'item')} after validation` };
}

// One failure as pydantic names and words it, for a client that matches on either. A message
// a schema wrote itself (`must be an HTTP method: ...`) is kept: it says more.
function pydanticIssue(issue: z.core.$ZodIssue): { type: string; msg: string } {
  const own = (type: string) => ({ type, msg: issue.message });
  switch (issue.code) {
    case 'invalid_type': {
      // zod leaves `input` out of issues; the English message (configured) names it.
      if (issue.message.endsWith('received undefined'))
        return { type: 'missing', msg: 'Field required' };
      const [type, msg] = TYPE_ERRORS[issue.expected] ?? [`${issue.expected}_type`, issue.message];
      return { type, msg };
    }
    case 'too_big':
      return bound('max', Number(issue.maximum), issue.inclusive, issue.origin);
    case 'too_small':
      return bound('min', Number(issue.minimum), issue.inclusive, issue.origin);
    case 'invalid_value':
      return {
        type: issue.values.length > 1 ? 'enum' : 'literal_error',
        msg: `Input should be ${choices(issue.values)}`,
      };
    case 'invalid_format':
      if (issue.format === 'regex') return own('string_pattern_mismatch');
      return own(issue.format === 'url' ? 'url_parsing' : `${issue.format}_parsing`);
    default:
      return own('value_error');
  }
}

// Whether zod wrote the message (in English, by IN_ENGLISH) rather than the schema. A type
// error's message names the input's type, which the issue no longer holds to compare.
function zodWrote(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'invalid_type') return issue.message.startsWith('Invalid input: expected');
  const english = IN_ENGLISH.error?.(issue as never);
  return (typeof english === 'string' ? english : english?.message) === issue.message;
}

// Whether the field an issue is about is absent from the input: pydantic reports a missing
// field as `missing` whatever it should have been, where zod reports what its schema expected
// (a literal's choices, a format's own message).
function absent(input: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let parent = input;
  for (const key of path.slice(0, -1)) parent = Object(parent)[key];
  return (
    typeof parent === 'object' &&
    parent !== null &&
    Object(parent)[path.at(-1) as PropertyKey] === undefined
  );
}

/**
 * Maps zod issues to 422 `detail` entries.
 *
 * @param issues - From a failed `safeParse`.
 * @param input - What was parsed: a field absent from it is reported `missing`.
 * @param location - Prefix of every `loc`; omit for records of the state API.
 */
export function toValidationIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  location?: InputLocation,
): ValidationIssue[] {
  return issues.flatMap((issue) => {
    const loc = [
      ...(location ? [location] : []),
      ...issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
    ];
    // pydantic reports each extra field apart, at its own place, in its own words.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        loc: [...loc, key],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      }));
    }
    // Not a rule across fields (`since` and `since_id` together), which names one it lacks.
    if (issue.code !== 'custom' && absent(input, issue.path)) {
      return [{ loc, msg: 'Field required', type: 'missing' }];
    }
    const { type, msg } = pydanticIssue(issue);
    return [{ loc, msg: zodWrote(issue) ? msg : issue.message, type }];
  });
}

/**
 * Why a text is not JSON, without the stretch of the text V8 quotes in its message
 * (`Unexpected token ''', ..."gSecret": 'shortsec'"... is not valid JSON`): the text may hold
 * a key or a secret, and the message goes to a 422 body or a terminal.
 *
 * @param error - What `JSON.parse` threw.
 */
export function describeJsonError(error: unknown): string {
  const message = error instanceof Error ? error.message : 'invalid JSON';
  return message.replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '');
}

/** A query string coerced for a schema, plus the issues coercion itself found. */
interface CoercedQuery {
  values: Record<string, string | number>;
  issues: ValidationIssue[];
}

/**
 * Reads query parameters for a schema: the last value of each name wins, as in FastAPI;
 * integer names must be plain base-10 integers (`1.5`, `abc`, `1e3` and the empty string are
 * rejected here, with pydantic's message); other names stay strings.
 *
 * @param params - The request's search params.
 * @param names - The names the endpoint reads.
 * @param integers - Which of them are integers.
 */
function coerceQuery(
  params: URLSearchParams,
  names: readonly string[],
  integers: readonly string[],
): CoercedQuery {
  const values: Record<string, string | number> = {};
  const issues: ValidationIssue[] = [];
  for (const name of names) {
    const all = params.getAll(name);
    if (all.length === 0) continue;
    const raw = all[all.length - 1] as string;
    if (!integers.includes(name)) {
      values[name] = raw;
    } else if (/^[+-]?\d+$/.test(raw.trim())) {
      // Any length parses, as Python's int does; the schema then bounds it (a value past
      // 2^53 fails zod's safe-integer check, the limit the SDK sends within). Past a
      // double's range the largest double stands in for it, so the bound still reports it.
      const value = Number(raw.trim());
      values[name] = Number.isFinite(value) ? value : Math.sign(value) * Number.MAX_VALUE;
    } else {
      issues.push({
        loc: ['query', name],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        type: 'int_parsing',
      });
    }
  }
  return { values, issues };
}

/** A query read for a schema: the schema's output, or every issue found on the way. */
export type ParsedQuery<T> =
  | { success: true; data: T }
  | { success: false; issues: ValidationIssue[] };

/**
 * Reads a query for a schema, as every query-reading route does: coerces it
 * ({@link coerceQuery}), checks the values with the schema, and reports the issues of both
 * steps together, so one 422 names every bad parameter, malformed or out of range.
 *
 * @param schema - The endpoint's query schema.
 * @param params - The request's search params.
 * @param names - The names the endpoint reads (a name outside the schema is still coerced,
 *   and a malformed value of it still refused).
 * @param integers - Which of them are integers.
 */
export function parseQuery<S extends z.ZodMiniType>(
  schema: S,
  params: URLSearchParams,
  names: readonly string[],
  integers: readonly string[],
): ParsedQuery<z.infer<S>> {
  const query = coerceQuery(params, names, integers);
  const parsed = checkInput(schema, query.values);
  const issues = [
    ...query.issues,
    ...(parsed.success ? [] : toValidationIssues(parsed.error.issues, query.values, 'query')),
  ];
  return parsed.success && issues.length === 0
    ? { success: true, data: parsed.data }
    : { success: false, issues };
}
