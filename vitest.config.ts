import { defineConfig } from 'vitest/config';

// CI asks for a JSON report as well (VITEST_REPORT=path) to print one plain tally at the end.
const report = process.env.VITEST_REPORT;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    ...(report ? { reporters: ['default', 'json'], outputFile: { json: report } } : {}),
  },
});
