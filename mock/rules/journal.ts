// The request journal: what the service was sent, newest N kept, secrets redacted. A request
// is recorded as the references the adapter already holds (no copy, no parsing), and turned
// into a `MockRequest` only when someone reads the journal, so a load test pays for a slot in
// a ring, not for a JSON document per request.
import type { MockRequest } from './mock-request.js';
import { createRedactor, REDACTED } from './redact.js';

/** How many entries the journal keeps unless `journal.limit` says otherwise. */
export const DEFAULT_JOURNAL_LIMIT = 10_000;

/**
 * How many bytes of request bodies the journal keeps, the newest whole: a body is up to
 * 1 MiB, so the entry count alone let 10,000 large ones hold 10 GiB.
 */
export const JOURNAL_BODY_BYTES = 64 * 1024 * 1024;

// Headers whose values are credentials whatever they hold.
const SECRET_HEADERS = new Set([
  'x-api-key',
  'x-wms-signature',
  'x-webhook-signature',
  'authorization',
  'proxy-authorization',
  'cookie',
]);

/**
 * The headers as the adapter got them: node's `rawHeaders` (name, value, name, value, ...) or
 * fetch's `Headers`. Kept as they are: they reference nothing else of the request.
 */
export type RawHeaders = readonly string[] | Headers;

/** What the journal needs of the service to read an entry. */
export interface JournalContext {
  /** The host URL's path prefix, cut from each path (empty unless the host URL has a path). */
  readonly prefix: string;
  /** Which configured key a presented value names (`apiKeys[i]`), or null. */
  keyIdOf(presented: string): string | null;
  /** Values that must never appear: the configured API keys and the signing secret. */
  readonly values: readonly string[];
}

// `status` column values before an answer and for a reset connection.
const PENDING = -1;
const RESET = 0;

// A leading byte order mark is kept (TextDecoder drops it by default): the journal shows the
// body as received, the bytes a signature was computed over.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

// Stands for a body dropped over the byte budget (compared by identity).
const DROPPED = new Uint8Array(0);

// The real time, taken as the module loads: vitest's and jest's fake timers replace
// `performance` too, and `elapsedMs` is the real time from the service's start to a request.
const realNow = performance.now.bind(performance);

/**
 * The newest `limit` requests of one service, oldest first. Kept in columns (one array per
 * field, a slot per entry, reused round the ring) rather than an object per request: a load
 * test then promotes only the strings the adapter already made, not a record around them.
 */
export class Journal {
  private written = 0;
  private ids: number[] = [];
  private atMs: number[] = [];
  private elapsed: number[] = [];
  private readonly origin = realNow();
  private statuses: number[] = [];
  private methods: string[] = [];
  private hrefs: string[] = [];
  private heads: RawHeaders[] = [];
  private bodies: Uint8Array[] = [];
  private faults: (MockRequest['fault'] | undefined)[] = [];
  private views: (MockRequest | undefined)[] = [];
  // The bytes of the bodies kept, and the write count of the oldest entry that may keep one.
  private bodyBytes = 0;
  private bodiesFrom = 0;
  private readonly hide: (text: string) => string;

  /**
   * @param limit - How many entries to keep; 0 keeps none.
   * @param ctx - For paths, keyId and redaction.
   * @param bodyBudget - How many bytes of bodies to keep (the newest body is always kept).
   */
  constructor(
    readonly limit: number,
    private readonly ctx: JournalContext,
    private readonly bodyBudget = JOURNAL_BODY_BYTES,
  ) {
    this.hide = createRedactor(ctx.values);
  }

  /**
   * Records a request that just arrived, dropping the oldest beyond the limit.
   *
   * @param id - Its request number.
   * @param atMs - When, on the mock clock.
   * @param method - Upper-case method.
   * @param href - The full URL.
   * @param headers - As the adapter got them.
   * @param body - The body bytes.
   * @returns Its slot, for {@link Journal.fault} and {@link Journal.answer}; -1 when off.
   */
  record(
    id: number,
    atMs: number,
    method: string,
    href: string,
    headers: RawHeaders,
    body: Uint8Array,
  ): number {
    if (this.limit === 0) return -1;
    // The entry this one replaces takes its body along.
    if (this.written - this.limit >= this.bodiesFrom) this.dropBody(this.bodiesFrom++);
    const slot = this.written++ % this.limit;
    this.ids[slot] = id;
    this.atMs[slot] = atMs;
    this.elapsed[slot] = Math.round(realNow() - this.origin);
    this.statuses[slot] = PENDING;
    this.methods[slot] = method;
    this.hrefs[slot] = href;
    this.heads[slot] = headers;
    this.bodies[slot] = body;
    this.faults[slot] = undefined;
    this.views[slot] = undefined;
    this.bodyBytes += body.length;
    while (this.bodyBytes > this.bodyBudget && this.bodiesFrom < this.written - 1) {
      this.dropBody(this.bodiesFrom++);
    }
    return slot;
  }

  // Forgets the body of the entry written `index`-th (and the view that holds its text).
  private dropBody(index: number): void {
    const slot = index % this.limit;
    const { length } = this.bodies[slot] as Uint8Array;
    // A request sent without a body (a GET) lost nothing: it does not read as dropped.
    if (length === 0) return;
    this.bodyBytes -= length;
    this.bodies[slot] = DROPPED;
    this.views[slot] = undefined;
  }

  /**
   * Notes the fault rule that applied to a request.
   *
   * @param slot - From {@link Journal.record}.
   * @param id - The request's number (its slot may have been reused since).
   * @param fault - The rule's id and effect.
   */
  fault(slot: number, id: number, fault: NonNullable<MockRequest['fault']>): void {
    if (this.ids[slot] === id) this.faults[slot] = fault;
  }

  /**
   * Notes the status sent, or null for a connection reset: the entry is then final.
   *
   * @param slot - From {@link Journal.record}.
   * @param id - The request's number.
   * @param status - The status, or null.
   */
  answer(slot: number, id: number, status: number | null): void {
    if (this.ids[slot] === id) this.statuses[slot] = status ?? RESET;
  }

  /**
   * The entries kept that `keep` accepts, the newest `limit` of them, oldest first. Read from
   * the newest back, so a driver polling for the last few builds only those.
   */
  entries(keep: (entry: MockRequest) => boolean = () => true, limit = Infinity): MockRequest[] {
    const out: MockRequest[] = [];
    const first = this.written - Math.min(this.written, this.limit);
    for (let index = this.written - 1; index >= first && out.length < limit; index--) {
      const entry = this.read(index % this.limit);
      if (keep(entry)) out.push(entry);
    }
    return out.reverse();
  }

  /** Forgets every entry. */
  clear(): void {
    this.written = 0;
    this.bodyBytes = 0;
    this.bodiesFrom = 0;
    this.ids = [];
    this.atMs = [];
    this.elapsed = [];
    this.statuses = [];
    this.methods = [];
    this.hrefs = [];
    this.heads = [];
    this.bodies = [];
    this.faults = [];
    this.views = [];
  }

  // Built once per entry when answered; an unanswered one is built afresh each time.
  private read(slot: number): MockRequest {
    const cached = this.views[slot];
    if (cached) return structuredClone(cached);
    const status = this.statuses[slot] as number;
    const fault = this.faults[slot];
    const { hide } = this;
    const all = headerRecord(this.heads[slot] as RawHeaders);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(all)) {
      headers[name] = SECRET_HEADERS.has(name) ? REDACTED : hide(value);
    }
    const url = new URL(this.hrefs[slot] as string);
    const query: MockRequest['query'] = {};
    // The query is redacted as sent, before decoding: decoding turns a `+` into a space, so
    // a secret holding `+` written raw would no longer read as the secret afterwards. Each
    // name and value is looked at again once decoded.
    for (const [raw, rawValue] of new URLSearchParams(hide(url.search))) {
      const name = hide(raw);
      const value = hide(rawValue);
      const seen = query[name];
      query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    const presented = all['x-api-key'];
    const id = this.ids[slot] as number;
    const body = this.bodies[slot] as Uint8Array;
    const view: MockRequest = {
      id,
      at: new Date(this.atMs[slot] as number).toISOString(),
      elapsedMs: this.elapsed[slot] as number,
      method: this.methods[slot] as string,
      path: hide(url.pathname.slice(this.ctx.prefix.length)),
      query,
      headers,
      body: hide(utf8.decode(body)),
      ...(body === DROPPED && { bodyDropped: true }),
      status: status > RESET ? status : null,
      requestId: requestIdOf(id),
      keyId: presented ? this.ctx.keyIdOf(presented) : null,
      ...(fault && { fault }),
    };
    if (status !== PENDING) this.views[slot] = view;
    return structuredClone(view);
  }
}

/**
 * The `X-Request-Id` of the n-th request a service received.
 *
 * @param id - The request's number.
 */
export function requestIdOf(id: number): string {
  return `req_${id}`;
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
