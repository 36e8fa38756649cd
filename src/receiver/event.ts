// The check a received event gets, by the rule the SDK applies to every answer it reads:
// only what the code relies on, here the event's `id` and `type` (to route and deduplicate)
// and the order's `id`. Everything else is optional and kept as sent, since the
// specification does not show the payload (6.1) and the service may add to it.
import * as z from 'zod/mini';
import { responseIssues } from '../core/validate.js';
import type { ResponseIssue } from '../errors/response-validation-error.js';

function build() {
  return z.looseObject({
    id: z.string().check(z.minLength(1)),
    type: z.string().check(z.minLength(1)),
    data: z.looseObject({
      order: z.looseObject({ id: z.string().check(z.minLength(1)) }),
    }),
  });
}

// Built on first use, not at import: a module-level schema is a call a bundler must keep
// even in a bundle that never receives a webhook.
let schema: ReturnType<typeof build> | undefined;

/** The event, or the issues that make it no event a receiver can route and deduplicate. */
export function checkEvent(
  value: unknown,
): { ok: true; event: z.infer<ReturnType<typeof build>> } | { ok: false; issues: ResponseIssue[] } {
  schema ??= build();
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, event: result.data };
  return { ok: false, issues: responseIssues(result.error.issues, value) };
}
