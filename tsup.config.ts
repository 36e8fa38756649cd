import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library entries: the SDK and the mock, each as ESM and CJS with declarations.
    entry: { index: 'src/index.ts', 'mock/index': 'mock/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    treeshake: true,
  },
  {
    // The CLI is only ever executed, never imported, so ESM alone is enough.
    entry: { 'mock/cli': 'mock/cli.ts' },
    format: ['esm'],
    target: 'node20',
    sourcemap: true,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
