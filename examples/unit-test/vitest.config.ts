// Vitest config of the unit-test example. In your own project you need none of the aliases:
// the package is installed. Here they point the package name at this repository's source,
// so the example runs on a fresh clone without a build.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^order-fulfillment-sdk$/, replacement: source('../../src/index.ts') },
      { find: /^order-fulfillment-sdk\/mock$/, replacement: source('../../mock/index.ts') },
    ],
  },
  test: {
    include: ['examples/unit-test/**/*.test.ts'],
  },
});
