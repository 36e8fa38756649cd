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
 *
 * @param schema - A zod schema.
 * @param value - Untrusted input.
 */
export function checkInput<S extends z.ZodMiniType>(schema: S, value: unknown) {
  return schema.safeParse(value, IN_ENGLISH) as z.core.util.SafeParseResult<z.infer<S>>;
}

// FastAPI/pydantic names for the kinds of failure zod reports.
function issueType(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // zod leaves `input` out of issues; the English message (configured) names it.
      if (issue.message.endsWith('received undefined')) return 'missing';
      return issue.expected === 'int' ? 'int_type' : `${issue.expected}_type`;
    case 'too_big':
      return issue.origin === 'number' ? 'less_than_equal' : 'too_long';
    case 'too_small':
      return issue.origin === 'number' ? 'greater_than_equal' : 'too_short';
    case 'invalid_value':
      return issue.values.length > 1 ? 'enum' : 'literal_error';
    case 'invalid_format':
      return issue.format === 'url' ? 'url_parsing' : `${issue.format}_parsing`;
    case 'unrecognized_keys':
      return 'extra_forbidden';
    default:
      return 'value_error';
  }
}

/**
 * Maps zod issues to 422 `detail` entries.
 *
 * @param issues - From a failed `safeParse`.
 * @param location - Prefix of every `loc`; omit for records of the state API.
 */
export function toValidationIssues(
  issues: readonly z.core.$ZodIssue[],
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
    return [{ loc, msg: issue.message, type: issueType(issue) }];
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
export interface CoercedQuery {
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
export function coerceQuery(
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
    } else if (/^[+-]?\d{1,15}$/.test(raw.trim())) {
      values[name] = Number(raw.trim());
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
