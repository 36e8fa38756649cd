// The check a received event gets, by the rule the SDK applies to every answer it reads:
// only what the code relies on, here the event's `id` and `type` (to route and deduplicate)
// and the order's `id` and `updated_at`: the order is typed as a cursor page's, so that one
// newest-`updated_at`-wins upsert serves both, and an event without its `updated_at` would
// make that upsert quietly keep stale data. Everything else is optional and kept as sent,
// since the specification does not show the payload (6.1) and the service may add to it.
import * as z from 'zod/mini';
import { responseIssues } from '../core/validate.js';
import { formatResponseIssues } from '../errors/response-validation-error.js';
import { WebhookPayloadError } from '../errors/webhook-payload-error.js';
import type { OrderEvent } from '../schemas/webhook.js';

function build() {
  return z.looseObject({
    id: z.string().check(z.minLength(1)),
    type: z.string().check(z.minLength(1)),
    data: z.looseObject({
      order: z.looseObject({ id: z.string().check(z.minLength(1)), updated_at: z.string() }),
    }),
  });
}

// Built on first use, not at import: a module-level schema is a call a bundler must keep
// even in a bundle that never receives a webhook.
let schema: ReturnType<typeof build> | undefined;

/**
 * The event, checked: a {@link WebhookPayloadError} (`invalid_event`) names each field at
 * fault when it is no event a receiver can route and deduplicate. Typed as the documented
 * event; only the fields checked here are guaranteed.
 */
export function parseEvent(value: unknown): OrderEvent {
  schema ??= build();
  const result = schema.safeParse(value);
  if (result.success) return result.data as unknown as OrderEvent;
  const issues = responseIssues(result.error.issues, value);
  const { type } = Object(value);
  throw new WebhookPayloadError(
    'invalid_event',
    `The webhook body is not an order event: ${formatResponseIssues(issues)}`,
    issues,
    typeof type === 'string' && type !== '' ? type : undefined,
  );
}
