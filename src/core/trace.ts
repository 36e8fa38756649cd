// One call as the log sees it: the warn line of each retry and the info line once it ends,
// neither written once the call has ended (a caller's hook can hold ky past that).
import type { Log } from './log.js';
import type { RetryReport } from './retry.js';

/**
 * One call as the log sees it: where it went, when it started, how many attempts went out.
 *
 * @internal
 */
export interface Trace {
  url: string;
  /** `GET /orders?limit=50`: the method and the path with its query. */
  where: string;
  started: number;
  /** Attempts handed to fetch: not one ky decided on that the call's end kept from going. */
  sent: number;
  report: RetryReport | undefined;
  /** Set once its end is logged: ky may go on after that (a caller's hook that awaited). */
  done: boolean;
}

/**
 * The trace of a call to `url` (the path with its query, relative to its base), its retry
 * report set when warnings are logged.
 *
 * @internal
 */
export function traceOf(log: Log, method: string, url: string): Trace {
  const trace: Trace = {
    url,
    where: `${method} /${url}`,
    started: Date.now(),
    sent: 0,
    report: undefined,
    done: false,
  };
  if (log.enabled('warn')) {
    trace.report = (line) => {
      // A retry ky decides on for an answer a hook held past the call's end is never made.
      if (trace.done) return;
      log.warn(`${trace.where} → ${line}`);
    };
  }
  return trace;
}

/**
 * Marks the call ended and writes its info line, however it ended.
 *
 * @internal
 */
export function ended(log: Log, trace: Trace, outcome: string, requestId: string | undefined) {
  trace.done = true;
  if (!log.enabled('info')) return;
  const attempts = trace.sent;
  const ms = Math.round(Date.now() - trace.started);
  const id = requestId ? `, request id ${requestId}` : '';
  log.info(
    `${trace.where} → ${outcome} in ${ms} ms (${attempts} attempt${attempts === 1 ? '' : 's'}${id})`,
  );
}
