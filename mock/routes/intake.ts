// Where every request enters the service, whichever adapter brought it: it gets its request
// id, is written to the journal (the API's requests, not the control endpoints'), and meets
// the fault rules and the latency: a status or a reset answers instead of the router (late,
// given a delay), while a delay alone, or the latency, holds back only the router's answer. A
// rule's delay replaces the latency rather than adding to it, so the wait it names is exact.
// Both adapters call `handle` and carry out what it returns, so a fault behaves the same
// in-process and over HTTP.
import { effectOf, type FAULT_ERRORS } from '../rules/fault-rule.js';
import type { FaultBook, TakenFault } from '../rules/faults.js';
import { type Journal, type RawHeaders, requestIdOf } from '../rules/journal.js';
import { sleep } from '../rules/sleep.js';
import { unit } from '../store/random.js';
import { isControlPath } from './control.js';
import type { RouteRequest, RouteResponse } from './requests.js';
import { carriesNoBody } from './responses.js';
import type { Router } from './router.js';

/** A request as an adapter hands it in: a route's request plus what the journal keeps. */
export interface IntakeRequest extends RouteRequest {
  /** The headers as received, for the journal (which reads them only when asked). */
  readonly rawHeaders: RawHeaders;
  /** Aborts when the client gives up: ends a delay (and, in-process, a stall) early. */
  readonly signal?: AbortSignal;
}

/** How an adapter cuts the connection instead of sending the answer whole. */
export type Cut = (typeof FAULT_ERRORS)[number];

/** What an adapter sends: the answer, its request id, and maybe how to cut it. */
export interface Answer {
  readonly response: RouteResponse;
  readonly requestId: string;
  /**
   * `reset`: close without answering. `truncate`: the status, the headers (with the whole
   * body's length) and half the body, then close. `stall`: the status and headers, then
   * nothing until the client gives up.
   */
  readonly cut?: Cut;
}

/**
 * The largest request body the service reads, in bytes (1 MiB, what a proxy in front of such
 * a service commonly allows). A larger one is refused with 413 before it reaches the
 * service: see {@link Intake.refuseBody}.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

const TOO_LARGE_BODY = JSON.stringify({
  detail: `Request body too large: the limit is ${MAX_BODY_BYTES} bytes (1 MiB)`,
});

/** The global latency: each API answer waits a whole number of ms in `[minMs, maxMs]`. */
export interface Latency {
  readonly minMs: number;
  readonly maxMs: number;
}

/** What the intake reads of the service. */
export interface IntakeContext {
  /** The host URL's path prefix (empty unless the host URL has a path). */
  readonly prefix: string;
  readonly seed: number;
  readonly latency: Latency | false;
  readonly faults: FaultBook;
  readonly journal: Journal;
  nowMs(): number;
}

// Stands for the answer a reset connection never sent.
const CUT_RESPONSE: RouteResponse = {
  status: 200,
  body: JSON.stringify({ detail: 'The mock cut this answer short (an injected fault)' }),
};

// What a status rule without a body of its own sends.
const DEFAULT_FAULT_BODY = JSON.stringify({ detail: 'Injected fault' });

// Distinguishes the latency draw from every other use of the seed.
const LATENCY_SALT = 0x1a7e;

/** Request ids, the journal, faults and latency in front of one router. */
export class Intake {
  private lastId = 0;

  /**
   * @param router - The service's routes.
   * @param ctx - The service.
   */
  constructor(
    private readonly router: Router,
    private readonly ctx: IntakeContext,
  ) {}

  /**
   * A request id for an answer the adapter gives without the service (a request node:http
   * could not parse): every answer carries one, though only what reaches the service is
   * journaled.
   */
  reserveId(): string {
    return requestIdOf(++this.lastId);
  }

  /**
   * The 413 for a body over {@link MAX_BODY_BYTES}, as a proxy in front of the service gives
   * it: the service never sees the request, so it is not journaled and no fault rule applies,
   * and the adapter has read no more of the body than the limit.
   */
  refuseBody(): Answer {
    return { response: { status: 413, body: TOO_LARGE_BODY }, requestId: this.reserveId() };
  }

  /**
   * Answers one request on the host URL.
   *
   * @param request - The request.
   */
  handle(request: IntakeRequest): Answer | Promise<Answer> {
    const id = ++this.lastId;
    const { ctx } = this;
    const { url, method } = request;
    const path = url.pathname.slice(ctx.prefix.length);
    if (isControlPath(path)) {
      return settle(this.router.dispatch(request), new Entry(ctx.journal, id, -1));
    }
    const { journal } = ctx;
    const slot = journal.record(
      id,
      ctx.nowMs(),
      method,
      url.href,
      request.rawHeaders,
      request.body,
    );
    const entry = new Entry(journal, id, slot);
    const fault = ctx.faults.empty ? undefined : ctx.faults.take(method, path);
    if (fault) journal.fault(slot, id, { id: fault.id, effect: effectOf(fault.rule) });
    const wait = fault?.rule.delayMs ?? this.latency(id);
    if (wait === 0) return this.answer(request, entry, fault);
    // The answer after the wait; a client that gives up first gets none.
    const late = (send: () => Answer | Promise<Answer>) =>
      sleep(wait, request.signal).then(send, () => entry.send(CUT_RESPONSE, 'reset'));
    const rule = fault?.rule;
    if (rule?.status !== undefined || rule?.error === 'reset') {
      return late(() => this.answer(request, entry, fault));
    }
    // A service does the work it was sent, and only its answer is late: the route runs now,
    // so a client that gives up during the wait has lost the answer, not the work (how to
    // test that a write retried after a timeout is safe).
    return Promise.resolve(this.router.dispatch(request)).then((response) =>
      late(() => entry.send(response, rule?.error)),
    );
  }

  private latency(id: number): number {
    const { latency, seed } = this.ctx;
    if (!latency) return 0;
    const span = latency.maxMs - latency.minMs + 1;
    return latency.minMs + Math.floor(unit(seed, id, LATENCY_SALT) * span);
  }

  // A status or a reset answers instead of the route: the request changes no state and emits
  // nothing. A truncated or stalled body can only come from a server that answered, so the
  // route runs and its own answer is cut: the work is done, and the client cannot know it.
  private answer(
    request: IntakeRequest,
    entry: Entry,
    fault: TakenFault | undefined,
  ): Answer | Promise<Answer> {
    const rule = fault?.rule;
    if (rule?.status !== undefined) {
      const empty = carriesNoBody(rule.status);
      // A string is sent as it is, as text unless the rule names a type: what a proxy in
      // front of the service answers (an HTML 502 page) is no JSON at all.
      const text = typeof rule.body === 'string';
      const headers = text
        ? { 'content-type': 'text/plain; charset=utf-8', ...rule.headers }
        : rule.headers;
      return entry.send({
        status: rule.status,
        headers: rule.status === 429 ? withRetryAfter(headers) : headers,
        body: empty ? '' : (fault?.bodyText ?? DEFAULT_FAULT_BODY),
      });
    }
    if (rule?.error === 'reset') return entry.send(CUT_RESPONSE, 'reset');
    return settle(this.router.dispatch(request), entry, rule?.error);
  }
}

// A 429 of the service always says when to retry (specification 7), so an injected one does
// too: after 1 s, unless the rule's headers name a Retry-After of their own ("" sends none
// a client can read, for a service that breaks that rule).
function withRetryAfter(headers: Record<string, string> | undefined): Record<string, string> {
  const named = Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'retry-after');
  return named ? (headers as Record<string, string>) : { ...headers, 'Retry-After': '1' };
}

// One request on its way through, and then its answer: its number, its journal slot (-1 for
// none), and what ends it, which the journal hears of. One object per request, both roles.
class Entry implements Answer {
  response: RouteResponse = CUT_RESPONSE;
  cut?: Cut;

  constructor(
    private readonly journal: Journal,
    private readonly id: number,
    private readonly slot: number,
  ) {}

  get requestId(): string {
    return requestIdOf(this.id);
  }

  send(response: RouteResponse, cut?: Cut): Answer {
    this.response = response;
    if (cut) this.cut = cut;
    if (this.slot >= 0) {
      this.journal.answer(this.slot, this.id, cut === 'reset' ? null : response.status);
    }
    return this;
  }
}

function settle(
  response: RouteResponse | Promise<RouteResponse>,
  entry: Entry,
  cut?: Cut,
): Answer | Promise<Answer> {
  if (response instanceof Promise) return response.then((settled) => entry.send(settled, cut));
  return entry.send(response, cut);
}
