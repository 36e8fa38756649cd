// The check a received event gets, by the rule the SDK applies to every answer it reads:
// only what the code relies on, here the event's `id` and `type` (to route and deduplicate)
// and the order's `id` and `updated_at`: the order is typed as a cursor page's, so that one
// newest-`updated_at`-wins upsert serves both, and an event without its `updated_at` would
// make that upsert quietly keep stale data. Everything else is optional and kept as sent,
// since the specification does not show the payload (6.1) and the service may add to it.
// Checked by hand, not with a zod schema: four fields do not need zod's object parser, which
// would be most of what a receiver that imports nothing else bundles. The messages are the
// ones describeIssue (core/validate.ts) words for the same zod issues.
import { typeName } from '../core/validate.js';
import { formatResponseIssues, type ResponseIssue } from '../errors/response-validation-error.js';
import { WebhookPayloadError } from '../errors/webhook-payload-error.js';
import type { OrderEvent } from '../schemas/webhook.js';

// Whether `value` is a plain object (not null, not an array) or a string, non-empty unless
// `empty`; else an issue is added for `path`, as zod's looseObject and string would.
function field(
  issues: ResponseIssue[],
  path: string,
  value: unknown,
  expected: 'object' | 'string',
  empty?: boolean,
): boolean {
  const message =
    value === undefined
      ? `required, expected ${expected}`
      : typeName(value) !== expected
        ? `expected ${expected}, received ${typeName(value)}`
        : value === '' && !empty
          ? 'must be at least 1 character'
          : undefined;
  if (message) issues.push({ path, message });
  return !message;
}

/**
 * The event, checked: a {@link WebhookPayloadError} (`invalid_event`) names each field at
 * fault when it is no event a receiver can route and deduplicate. Typed as the documented
 * event; only the fields checked here are guaranteed.
 */
export function parseEvent(value: unknown): OrderEvent {
  const issues: ResponseIssue[] = [];
  const event = value as { id?: unknown; type?: unknown; data?: { order?: unknown } };
  if (field(issues, '', event, 'object')) {
    field(issues, 'id', event.id, 'string');
    field(issues, 'type', event.type, 'string');
    // The order only once `data` is an object: zod reports no deeper than the first fault.
    if (field(issues, 'data', event.data, 'object')) {
      const order = event.data?.order as { id?: unknown; updated_at?: unknown } | undefined;
      if (field(issues, 'data.order', order, 'object')) {
        field(issues, 'data.order.id', order?.id, 'string');
        field(issues, 'data.order.updated_at', order?.updated_at, 'string', true);
      }
    }
  }
  if (issues.length === 0) return value as OrderEvent;
  const { type } = Object(value);
  throw new WebhookPayloadError(
    'invalid_event',
    `The webhook body is not an order event: ${formatResponseIssues(issues)}`,
    issues,
    typeof type === 'string' && type !== '' ? type : undefined,
  );
}
