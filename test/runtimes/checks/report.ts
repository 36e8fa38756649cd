// What every smoke program hands back to the matrix runner: one row per check, so a check
// that cannot run on a runtime is reported with its reason instead of silently missing.

/** The outcome of one check on one runtime. */
export type CheckStatus = 'pass' | 'fail' | 'n/a';

/** One row of the matrix: a check, its outcome, and what was seen (or why it failed). */
export interface CheckRow {
  check: string;
  status: CheckStatus;
  detail: string;
}

/** Throws with `message` unless `condition` holds; the message becomes the row's detail. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** An error as one line: its class name and message, never a stack. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Runs one check and turns its outcome into a row: the returned string is the detail of a
 * pass, a thrown error the detail of a fail. A check never throws past this point, so one
 * broken check cannot hide the others.
 */
export async function runCheck(check: string, body: () => Promise<string>): Promise<CheckRow> {
  try {
    return { check, status: 'pass', detail: await body() };
  } catch (error) {
    return { check, status: 'fail', detail: describeError(error) };
  }
}

/**
 * Awaits `promise` and returns what it rejected with; fails when it resolves instead.
 * Checks use it to assert the typed error a call must end in.
 */
export async function rejection(promise: Promise<unknown> | (() => unknown), what: string) {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error;
  }
  throw new Error(`${what} did not throw`);
}
