// What one journal entry holds, as `mock.requests` and `GET /__mock/requests` show it: the
// shape of the control API's answer, apart from the journal that builds it.
import * as z from 'zod/mini';
import { FAULT_ERRORS } from './fault-rule.js';

/** One request the service was sent, as `mock.requests` and `GET /__mock/requests` show it. */
export const MockRequestSchema = z.object({
  /** Position in the order the service received requests (control requests count too). */
  id: z.int(),
  /** When it arrived, on the mock clock. */
  at: z.string(),
  /**
   * When it arrived in real time: whole milliseconds since the service was made, whatever the
   * mock clock says. Two entries' difference is how long the client waited between them (a
   * `Retry-After` honoured, a backoff), also under a frozen clock.
   */
  elapsedMs: z.int(),
  method: z.string(),
  /** The path after the host URL, percent-encoded as sent. */
  path: z.string(),
  /** The query parameters; an array for a repeated name. */
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** Lower-case names; API key and signature values read `REDACTED`. */
  headers: z.record(z.string(), z.string()),
  /** The body as text (`''` for none, or when dropped). */
  body: z.string(),
  /** True when the body was dropped to keep the journal's bodies within 64 MiB, the oldest first. */
  bodyDropped: z.optional(z.boolean()),
  /** The status sent; null while unanswered, or when the connection was reset. */
  status: z.nullable(z.int()),
  /** The `X-Request-Id` the answer carried. */
  requestId: z.string(),
  /** Which configured key the `X-API-Key` header named (`apiKeys[0]`, ...), never the key. */
  keyId: z.nullable(z.string()),
  /** The fault rule that applied, if one did. */
  fault: z.optional(
    z.object({
      id: z.string(),
      effect: z.enum(['status', 'delay', ...FAULT_ERRORS]),
    }),
  ),
});

/** One journal entry (see {@link MockRequestSchema}). */
export interface MockRequest extends z.infer<typeof MockRequestSchema> {}

/**
 * `mock.requests`: a snapshot of the journal, oldest first, with `clear()` to empty the
 * journal itself.
 */
export type MockRequests = readonly MockRequest[] & {
  /** Forgets every entry (so does `mock.reset()`). */
  clear(): void;
};
