// Checking options, the configuration's or a call's, with one wording: the option at fault
// named in a ConfigurationError; the time limits both take; and a retry policy, checked and
// merged over another.
import type { RetryOptions } from 'ky';
import * as z from 'zod/mini';
import { ConfigurationError } from '../errors/configuration-error.js';
import { notAnOption } from './not-an-option.js';
import { describeIssue, shapeOf, unknownKeys } from './validate.js';

/**
 * Parses one part of the configuration (or of a call's options), or throws naming the
 * option at fault.
 *
 * @internal
 */
export function check<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  prefix: string[],
): z.output<S> {
  // A misspelt option first: it explains the "missing" one that usually comes with it.
  const [unknown] = unknownKeys(schema, value);
  if (unknown !== undefined) {
    throw notAnOption([...prefix, unknown], Object.keys(shapeOf(schema) as object));
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  // The option is the issue's path without array indexes.
  throw new ConfigurationError(
    [...prefix, ...issue.path.filter((key) => typeof key === 'string')].join('.') || 'config',
    `${describeIssue(issue, value)}.`,
  );
}

/**
 * An option that takes a function (a hook, `fetch`, a clock).
 *
 * @internal
 */
export const FunctionSchema = z.custom<(...args: never[]) => unknown>(
  (value) => typeof value === 'function',
  'must be a function',
);

/**
 * A limit on time: whole milliseconds up to the ceiling of a timer (2^31 - 1).
 *
 * @internal
 */
export const DurationSchema = z.int().check(z.minimum(1), z.maximum(2_147_483_647));

/**
 * A per-attempt timeout: a {@link DurationSchema}, or false.
 *
 * @internal
 */
export const TimeoutSchema = z.union(
  [z.literal(false), DurationSchema],
  'must be whole milliseconds from 1 to 2147483647, or false',
);

// Infinity as ky reads it: no limit (its own default for maxRetryAfter and backoffLimit).
const unbounded = z.literal(Number.POSITIVE_INFINITY);
const count = z.union(
  [z.int().check(z.minimum(0)), unbounded],
  'must be a whole number from 0, or Infinity',
);
const ms = z.optional(
  z.union([z.number().check(z.minimum(0)), unbounded], 'must be milliseconds from 0, or Infinity'),
);
const numbers = z.optional(z.array(z.number()));

const RetrySchema = z.object({
  limit: z.optional(count),
  methods: z.optional(z.array(z.string())),
  statusCodes: numbers,
  afterStatusCodes: numbers,
  maxRetryAfter: ms,
  backoffLimit: ms,
  delay: z.optional(FunctionSchema),
  jitter: z.optional(z.union([z.boolean(), FunctionSchema], 'must be a boolean or a function')),
  retryOnTimeout: z.optional(z.boolean()),
  shouldRetry: z.optional(FunctionSchema),
});

/**
 * `given`, a retry count or retry options, checked and merged over `base`.
 *
 * @throws {@link ConfigurationError} naming the retry option at fault.
 * @internal
 */
export function retryOver(base: RetryOptions, given: unknown): RetryOptions {
  return mergeRetry(base, check(typeof given === 'number' ? count : RetrySchema, given, ['retry']));
}

// `given` merged over a normalized retry policy: a number keeps the policy, unlike ky, and
// changes only the count; lists are copied, so no request can mutate shared defaults.
function mergeRetry(base: RetryOptions, given: number | object): RetryOptions {
  const merged: Record<string, unknown> = {};
  const over = typeof given === 'number' ? { limit: given } : given;
  for (const [key, value] of Object.entries({ ...base, ...over })) {
    const chosen = value ?? base[key as keyof RetryOptions];
    merged[key] = Array.isArray(chosen) ? [...chosen] : chosen;
  }
  return merged as RetryOptions;
}
