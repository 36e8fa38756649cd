// The matrix as plain text: a row per runtime x check, then the tally line CI reads.
import type { CheckRow } from '../checks/report.js';

/** One runtime's outcome. */
export interface RuntimeResult {
  runtime: string;
  version: string;
  seconds: number;
  rows: CheckRow[];
}

const STATUS_WIDTH = 5;

/** Prints one runtime's rows as soon as it has finished, so a slow run shows progress. */
export function printRuntime(result: RuntimeResult) {
  console.log(`\n${result.runtime} (${result.version}), ${result.seconds.toFixed(1)} s`);
  const width = Math.max(...result.rows.map((row) => row.check.length));
  for (const row of result.rows) {
    console.log(`  ${row.status.padEnd(STATUS_WIDTH)} ${row.check.padEnd(width)}  ${row.detail}`);
  }
}

/** Prints the totals and returns how many rows failed. */
export function printSummary(results: RuntimeResult[], seconds: number): number {
  const rows = results.flatMap((result) => result.rows);
  const count = (status: CheckRow['status']) => rows.filter((row) => row.status === status).length;
  const failed = results.flatMap((result) =>
    result.rows
      .filter((row) => row.status === 'fail')
      .map((row) => `${result.runtime}: ${row.check}`),
  );
  console.log(
    `\n${results.length} runtimes in ${seconds.toFixed(1)} s; ${count('n/a')} checks not applicable (reasons above)`,
  );
  for (const line of failed) console.log(`FAILED ${line}`);
  console.log(`runtimes: ${count('pass')} passed, ${failed.length} failed`);
  return failed.length;
}
