// How a command-line smoke program (Node, Bun, Deno) talks to the runner: its config comes
// as one JSON argument, its rows go out as one marked stdout line, so stray logs from the
// runtime cannot be mistaken for results.
import type { CheckRow } from '../checks/report.js';

/** The prefix of the stdout line that carries the rows. */
export const ROWS_MARKER = 'RUNTIME-MATRIX-ROWS ';

/** The JSON argument, read the way each runtime exposes its arguments. */
export function configArgument<T>(): T {
  // Deno has its own argument list; Node and Bun have process.argv.
  const deno = (globalThis as { Deno?: { args: string[] } }).Deno;
  const args = deno ? deno.args : process.argv.slice(2);
  const [json] = args;
  if (!json) throw new Error('usage: <smoke program> <config JSON>');
  return JSON.parse(json) as T;
}

/** Prints the rows on their marked line. */
export function printRows(rows: CheckRow[]) {
  console.log(`${ROWS_MARKER}${JSON.stringify(rows)}`);
}
