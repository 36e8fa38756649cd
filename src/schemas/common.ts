// Shapes shared by several resources: timestamps and the error body.
import * as z from 'zod/mini';
import { isoDateTime } from './iso.js';
import { wireObject } from './wire.js';

/**
 * An ISO 8601 timestamp that carries its UTC offset (`Z` or `±HH:MM`), as the
 * cursor's `since` parameter requires (specification 4.2).
 */
export const IsoDateTimeWithOffsetSchema = isoDateTime({
  offset: true,
  error: 'must be an ISO 8601 date-time with Z or ±HH:MM',
});

/**
 * One entry of a 422 error body: where the problem is, what it is, and its kind.
 * FastAPI's shape, which the service's names suggest (see docs/spec-gaps.md). Other fields
 * are kept, as in every response type, and its type names only these.
 */
export const ValidationIssueSchema = wireObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
  /**
   * The value refused, where FastAPI echoes it (the mock does not); the SDK puts `[redacted]`
   * in place of a secret it echoes.
   */
  input: z.optional(z.unknown()),
  /** The rule's parameters where FastAPI gives them (`{ "le": 200 }`); optional. */
  ctx: z.optional(z.unknown()),
});

/** One entry of a 422 error body. */
export interface ValidationIssue extends z.infer<typeof ValidationIssueSchema> {}

/**
 * The JSON body of every non-2xx response: `detail` is a sentence, or for 422 a list
 * of {@link ValidationIssue}. The specification does not show it (docs/spec-gaps.md).
 */
export const ErrorBodySchema = wireObject({
  detail: z.union([z.string(), z.array(ValidationIssueSchema)]),
});

/** The JSON body of a non-2xx response. */
export interface ErrorBody extends z.infer<typeof ErrorBodySchema> {}
