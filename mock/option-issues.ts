// How a wrong option of createMockService is worded: the option's path as a reader writes it
// (`options.apiKeys[1].key`), and what is wrong with it, for the one issue that names it best.
import type * as z from 'zod/mini';
import { closestName } from '../src/core/closest-name.js';
import { ApiKeySchema } from './rules/keys.js';

// How far into the option an issue points; an unknown field points one further than its
// object, and wins a tie: a misspelt field explains the "missing" one beside it.
const depth = (issue: z.core.$ZodIssue) =>
  issue.path.length + (issue.code === 'unrecognized_keys' ? 1.5 : 0);

// The issue to report: inside a union (a count or records, a limit or false), the branch
// issue that got furthest names the option best (`rateLimit.windowMs`, not `rateLimit`;
// `rateLimit.windw`, the unknown field, not `rateLimit`).
function deepest(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union') return issue;
  let best: z.core.$ZodIssue = issue;
  for (const branch of issue.errors) {
    for (const inner of branch) {
      if (depth(inner) > depth(best) - issue.path.length) {
        best = { ...inner, path: [...issue.path, ...inner.path] };
      }
    }
  }
  return best;
}

// The fields an object of the options takes.
function knownFields(issue: z.core.$ZodRawIssue): string[] {
  const shape = (issue.inst as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def
    ?.shape;
  return Object.keys(shape ?? {});
}

// An unknown field named with the one likely meant (`ordres`), or else with the known ones.
function unknownField(issue: z.core.$ZodRawIssue & { code: 'unrecognized_keys' }, root: unknown) {
  const known = knownFields(issue);
  const meant = closestName(issue.keys[0] ?? '', known);
  const what = issue.inst === root ? 'options' : 'fields';
  return `is not one of the known ${what}${meant ? `; did you mean \`${meant}\`?` : ` (${known.join(', ')})`}`;
}

// `options.apiKeys[1].key`, as a reader writes the path.
function optionPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (at, key) => (typeof key === 'number' ? `${at}[${key}]` : `${at}.${String(key)}`),
    'options',
  );
}

/**
 * The wording of an issue zod's own messages leave vague: an unknown field names the one
 * likely meant or lists the known ones, a value that is no object says so, anything else is
 * invalid unless the schema says more.
 *
 * @param root - The options schema, whose unknown fields are options rather than fields.
 */
export function optionsErrorMap(root: unknown) {
  return (issue: z.core.$ZodRawIssue): string =>
    issue.code === 'unrecognized_keys'
      ? unknownField(issue, root)
      : issue.code === 'invalid_type' && issue.expected === 'object'
        ? 'must be an object'
        : 'is invalid';
}

/**
 * The first issue of a failed parse as `options.path message`.
 *
 * @param issues - The issues of the parse, at least one.
 */
export function describeIssue(issues: readonly z.core.$ZodIssue[]): string {
  // A misspelt field first, as inside a union: zod reports the missing field it explains first.
  const first = issues.find((issue) => issue.code === 'unrecognized_keys') ?? issues[0];
  const issue = deepest(first as z.core.$ZodIssue);
  if (issue.code !== 'unrecognized_keys') return `${optionPath(issue.path)} ${issue.message}`;
  const field = issue.keys[0] ?? '';
  // An entry of apiKeys holds a key, and a field of one may be the key itself (a map of key
  // to scopes, { sk_live_…: [...] }): such a field is named only when it is a near miss of a
  // known one, which no key is.
  if (issue.path[0] === 'apiKeys' && !closestName(field, Object.keys(ApiKeySchema.shape))) {
    return `${optionPath(issue.path)} has a field that ${issue.message}`;
  }
  return `${optionPath([...issue.path, field])} ${issue.message}`;
}
