import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// CI asks for a JSON report as well (VITEST_REPORT=path) to print one plain tally at the end.
const report = process.env.VITEST_REPORT;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One file per core. The suite mostly waits (on child processes, sockets, PGlite), and
    // vitest's default of one core fewer runs one file at a time on a 2-core machine, which
    // took the CI run near its time limit.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 20_000,
    ...(report ? { reporters: ['default', 'json'], outputFile: { json: report } } : {}),
  },
});
