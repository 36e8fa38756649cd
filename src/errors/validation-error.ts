import type { ValidationIssue } from '../schemas/common.js';
import { ApiError, type ApiErrorInit, formatIssues, locOf } from './api-error.js';

// A `detail` item as an issue: as it came when it has the service's shape; else (a proxy's or
// a custom handler's list) with its text as `msg`, its other fields kept, and `loc`/`type`
// filled in, so code that reads `issue.loc.join('.')` never throws in an error handler.
function toIssue(item: unknown): ValidationIssue {
  const { loc, msg, type } = Object(item) as Record<string, unknown>;
  if (Array.isArray(loc) && typeof msg === 'string' && typeof type === 'string') {
    return item as ValidationIssue;
  }
  const text = typeof item === 'string' ? item : JSON.stringify(item);
  return {
    ...(typeof item === 'object' ? item : {}),
    loc: locOf(loc),
    msg: typeof msg === 'string' ? msg : text,
    type: typeof type === 'string' ? type : 'unknown',
  };
}

/**
 * A 422: the request's query or body failed validation. `issues` lists each problem as
 * `{ loc, msg, type }`. The SDK runs the same checks before sending, so most bad input
 * throws this without a request being made: `requestSent` is then false, `status` keeps the
 * 422 the service would have answered, and the message says nothing was sent.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list({ limit: 500 });
 * } catch (error) {
 *   if (error instanceof ValidationError) for (const issue of error.issues) console.warn(issue.loc, issue.msg);
 *   throw error;
 * }
 * ```
 */
export class ValidationError extends ApiError {
  override name = 'ValidationError' as const;
  declare readonly status: 422;

  /**
   * Each problem found, in the service's `{ loc, msg, type }` shape. An item of another shape
   * (from a proxy, or a service's own handler) is given that shape: its text as `msg`, `loc`
   * as a list (a lone string or number as its one entry, anything else as none), `type`
   * `'unknown'` unless it had one, its other fields kept.
   */
  declare readonly issues: ValidationIssue[];

  /** False when the SDK rejected the input itself and sent nothing. */
  declare readonly requestSent: boolean;

  /**
   * @param init - The response, or for a check made before sending, the request with the
   *   issues as its `body.detail` and no `headers`.
   * @param requestSent - Whether the service saw the request; default true.
   */
  constructor(init: ApiErrorInit, requestSent = true) {
    super(init);
    this.issues = Array.isArray(this.detail) ? this.detail.map(toIssue) : [];
    this.requestSent = requestSent;
    // No service answered: the message must not read as a 422 it sent.
    if (!requestSent) {
      this.message = `${init.method} ${init.path} → not sent, the SDK refused the input: ${formatIssues(this.issues)}`;
    }
  }
}
