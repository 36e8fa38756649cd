import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library entries: the SDK and the mock, each as ESM and CJS with declarations.
    entry: { index: 'src/index.ts', 'mock/index': 'mock/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    // The two configs build concurrently; cleaning must not delete the CLI the other writes.
    clean: ['!mock/cli.js'],
    // No source maps: the output is unminified and readable, and maps would point at
    // src/*.ts files the package does not ship.
    sourcemap: false,
    target: 'node20',
    treeshake: true,
  },
  {
    // The CLI is only ever executed, never imported, so ESM alone is enough.
    entry: { 'mock/cli': 'mock/cli.ts' },
    format: ['esm'],
    target: 'node20',
    sourcemap: false,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
