// Checking options, the configuration's or a call's, with one wording: the option at fault
// named in a ConfigurationError; and a retry policy merged over another.
import type { RetryOptions } from 'ky';
import type * as z from 'zod/mini';
import { ConfigurationError } from '../errors/configuration-error.js';
import { describeIssue, unknownKeys } from './validate.js';

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
    throw new ConfigurationError([...prefix, unknown].join('.'), 'is not an option.');
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
 * `given` merged over a normalized retry policy: a number keeps the policy, unlike ky, and
 * changes only the count; lists are copied, so no request can mutate shared defaults.
 *
 * @internal
 */
export function mergeRetry(base: RetryOptions, given: number | object): RetryOptions {
  const merged: Record<string, unknown> = {};
  const over = typeof given === 'number' ? { limit: given } : given;
  for (const [key, value] of Object.entries({ ...base, ...over })) {
    const chosen = value ?? base[key as keyof RetryOptions];
    merged[key] = Array.isArray(chosen) ? [...chosen] : chosen;
  }
  return merged as RetryOptions;
}
