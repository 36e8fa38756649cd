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
 * A 2xx response without what the SDK relies on. Only that is checked: an envelope's `items`
 * (products, both order modes, an order's items); a product page's `page`, `page_size` and
 * `total`; each order's `id` and, in cursor mode, its `updated_at`; the cursor page's
 * `has_more` and, while it is true, `next_since` and `next_since_id`. One of them missing or
 * of another type, or a body that is not JSON (except from `webhooks.create` and
 * `fulfillment.notifyShipped`, where any 2xx body but an HTML page is a success), throws this error, naming
 * the field. Every other field is never checked and is kept as received
 * ([docs/spec-gaps.md, "Checking responses"](../../docs/spec-gaps.md#checking-responses-the-one-rule)).
 * Kept apart from {@link ApiError}: the request succeeded on the service, the SDK cannot
 * trust what it got back.
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

  /**
   * The body as received: parsed JSON, or the text when it was not JSON. Not enumerable: a
   * whole page of orders, customer names and all, would otherwise fill every log line and
   * error report the error is serialized into.
   */
  declare readonly body: unknown;

  /**
   * The service's `X-Request-Id` for the answer, what its support asks for: undefined when it
   * sent none, and for a product page that is not the page asked for.
   */
  declare readonly requestId: string | undefined;

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
    requestId?: string | undefined;
  }) {
    super(
      `${init.method} ${init.path} → ${init.status}: unexpected response body: ${formatResponseIssues(init.issues)}`,
    );
    // init holds exactly the declared fields; the cursor is then replaced by a copy.
    Object.assign(this, init, {
      cursor: init.cursor && { ...init.cursor },
      requestId: init.requestId,
    });
    Object.defineProperty(this, 'body', { enumerable: false });
  }
}
