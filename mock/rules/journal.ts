// The request journal: what the service was sent, newest N kept, secrets redacted. A request
// is recorded as the references the adapter already holds (no copy, no parsing), and turned
// into a `MockRequest` only when someone reads the journal, so a load test pays for a slot in
// a ring, not for a JSON document per request.
import * as z from 'zod/mini';
import { FAULT_ERRORS } from './faults.js';

/** What replaces a secret (an API key, a signature, a signing secret) in the journal. */
export const REDACTED = 'REDACTED';

/** How many entries the journal keeps unless `journal.limit` says otherwise. */
export const DEFAULT_JOURNAL_LIMIT = 10_000;

// Headers whose values are credentials whatever they hold.
const SECRET_HEADERS = new Set([
  'x-api-key',
  'x-wms-signature',
  'x-webhook-signature',
  'authorization',
  'proxy-authorization',
  'cookie',
]);

/** One request the service was sent, as `mock.requests` and `GET /__mock/requests` show it. */
export const MockRequestSchema = z.object({
  /** Position in the order the service received requests (control requests count too). */
  id: z.int(),
  /** When it arrived, on the mock clock. */
  at: z.string(),
  method: z.string(),
  /** The path from the host root, percent-encoded as sent. */
  path: z.string(),
  /** The query parameters; an array for a repeated name. */
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** Lower-case names; API key and signature values read `REDACTED`. */
  headers: z.record(z.string(), z.string()),
  /** The body as text (`''` for none). */
  body: z.string(),
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
export type MockRequest = z.infer<typeof MockRequestSchema>;

/**
 * The headers as the adapter got them: node's `rawHeaders` (name, value, name, value, ...) or
 * fetch's `Headers`. Kept as they are: they reference nothing else of the request.
 */
export type RawHeaders = readonly string[] | Headers;

/** A request as recorded: references only, read into a {@link MockRequest} on demand. */
export interface JournalRecord {
  readonly id: number;
  readonly atMs: number;
  readonly method: string;
  readonly path: string;
  /** The full URL, for its query. */
  readonly href: string;
  readonly body: Uint8Array;
  readonly requestId: string;
  readonly headers: RawHeaders;
  status: number | null;
  /** Set once the answer went out (or the connection was cut): the entry is final. */
  answered: boolean;
  fault?: MockRequest['fault'];
  view?: MockRequest;
}

/** What the journal needs of the service to read a record. */
export interface JournalSecrets {
  /** Which configured key a presented value names (`apiKeys[i]`), or null. */
  keyIdOf(presented: string): string | null;
  /** Values that must never appear: the configured API keys and the signing secret. */
  readonly values: readonly string[];
}

const utf8 = new TextDecoder();

/** The newest `limit` requests of one service, oldest first. */
export class Journal {
  private ring: JournalRecord[] = [];
  private written = 0;

  /**
   * @param limit - How many entries to keep; 0 keeps none.
   * @param secrets - For keyId and redaction.
   */
  constructor(
    readonly limit: number,
    private readonly secrets: JournalSecrets,
  ) {}

  /**
   * Keeps a record, dropping the oldest beyond the limit.
   *
   * @param record - The request; its status and fault may be filled in later.
   */
  record(record: JournalRecord): void {
    if (this.limit === 0) return;
    this.ring[this.written % this.limit] = record;
    this.written++;
  }

  /** The entries kept, oldest first. */
  entries(): MockRequest[] {
    const count = Math.min(this.written, this.limit);
    const out: MockRequest[] = new Array(count);
    const first = this.written - count;
    for (let i = 0; i < count; i++) {
      out[i] = this.read(this.ring[(first + i) % this.limit] as JournalRecord);
    }
    return out;
  }

  /** Forgets every entry. */
  clear(): void {
    this.ring = [];
    this.written = 0;
  }

  // Built once per record when answered; an unanswered one is built afresh each time.
  private read(record: JournalRecord): MockRequest {
    if (record.view) return structuredClone(record.view);
    const hide = (text: string) => redact(text, this.secrets.values);
    const all = headerRecord(record.headers);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(all)) {
      headers[name] = SECRET_HEADERS.has(name) ? REDACTED : hide(value);
    }
    const query: MockRequest['query'] = {};
    for (const [name, raw] of new URL(record.href).searchParams) {
      const value = hide(raw);
      const seen = query[name];
      query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    const presented = all['x-api-key'];
    const view: MockRequest = {
      id: record.id,
      at: new Date(record.atMs).toISOString(),
      method: record.method,
      path: hide(record.path),
      query,
      headers,
      body: hide(utf8.decode(record.body)),
      status: record.status,
      requestId: record.requestId,
      keyId: presented ? this.secrets.keyIdOf(presented) : null,
      ...(record.fault && { fault: record.fault }),
    };
    if (record.answered) record.view = view;
    return structuredClone(view);
  }
}

// Lower-case names, repeated headers joined with `, ` (as fetch's Headers joins them).
function headerRecord(raw: RawHeaders): Record<string, string> {
  if (!Array.isArray(raw)) return Object.fromEntries(raw as Headers);
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

// Every occurrence of a secret, wherever a client put it (a key in the query or the body).
function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret !== '' && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * `mock.requests`: a snapshot of the journal, oldest first, with `clear()` to empty the
 * journal itself.
 */
export type MockRequests = readonly MockRequest[] & {
  /** Forgets every entry (so does `mock.reset()`). */
  clear(): void;
};
