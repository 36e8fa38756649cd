import { OrderFulfillmentError, type ResumeCursor } from './order-fulfillment-error.js';

/** One way a response broke its schema. */
export interface ResponseIssue {
  /** Where in the body, as a dotted path: `items.3.updated_at`; empty for the body itself. */
  path: string;
  /** What was wrong there: `expected string, received number`. */
  message: string;
}

/**
 * Issues as one line: `items.3.id: expected string; total: required, expected number`.
 *
 * @internal
 */
export function formatResponseIssues(issues: readonly ResponseIssue[]): string {
  return issues
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * A 2xx response whose body breaks the documented shape: a documented field is missing or
 * of the wrong type, or the body is not JSON. Kept apart from {@link ApiError}: the request
 * succeeded on the service, the SDK cannot trust what it got back.
 *
 * @example
 * ```ts
 * try {
 *   await client.orders.list();
 * } catch (error) {
 *   if (error instanceof ResponseValidationError) console.error(error.issues[0]?.path);
 *   throw error;
 * }
 * ```
 */
export class ResponseValidationError extends OrderFulfillmentError {
  override name = 'ResponseValidationError' as const;

  /** The request's HTTP method. */
  declare readonly method: string;

  /** The request's path, without host or query. */
  declare readonly path: string;

  /** The HTTP status of the response. */
  declare readonly status: number;

  /** Each field that broke the schema. */
  declare readonly issues: ResponseIssue[];

  /** The body as received: parsed JSON, or the text when it was not JSON. */
  declare readonly body: unknown;

  /** Set when the error ended a cursor pull: the cursor to resume from. */
  declare readonly cursor: ResumeCursor | undefined;

  /**
   * @param init - The request, the response's status and body, the issues found and, in a
   *   cursor pull, the cursor to resume from.
   */
  constructor(init: {
    method: string;
    path: string;
    status: number;
    issues: ResponseIssue[];
    body: unknown;
    cursor?: ResumeCursor | undefined;
  }) {
    super(
      `${init.method} ${init.path} → ${init.status}: unexpected response body: ${formatResponseIssues(init.issues)}`,
    );
    // init holds exactly the declared fields; the cursor is then replaced by a copy.
    Object.assign(this, init, { cursor: init.cursor && { ...init.cursor } });
  }
}
