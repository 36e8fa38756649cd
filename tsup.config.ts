import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

const guard = fileURLToPath(new URL('./mock/msw-guard.ts', import.meta.url));
const DEFERRED = 'deferred-msw';

/**
 * msw is an optional peer dependency, and mock/msw-guard.ts must run before msw is loaded so that
 * a missing or too-old msw fails with a line saying what to install. A static import cannot wait
 * for it: ESM resolves every import of the graph before any module runs, and the CommonJS output
 * hoists `require('msw')` to the top of the file. So each msw import of the mock is served by a
 * module that checks first, then loads the real msw (with `await import()` in ESM, the same copy
 * the project's `setupServer` uses; with `require` in CJS), and re-exports its names.
 */
const deferMsw: Plugin = {
  name: 'defer-msw',
  setup(build) {
    // tsup hands esbuild ESM for both formats when it tree-shakes; this names the real one.
    const esm = build.initialOptions.define?.TSUP_FORMAT === '"esm"';
    build.onResolve({ filter: /^msw(\/|$)/ }, ({ path, namespace }) =>
      namespace === DEFERRED ? { path, external: true } : { path, namespace: DEFERRED },
    );
    build.onLoad({ filter: /.*/, namespace: DEFERRED }, async ({ path }) => {
      // The names the real module exports, read from the msw this build runs with.
      const names = Object.keys(await import(path)).filter((name) => name !== 'default');
      const load = esm
        ? `assertMsw();\nconst msw = await import(${JSON.stringify(path)});`
        : `const msw = requireMsw(${JSON.stringify(path)});`;
      return {
        contents: [
          `import { assertMsw, requireMsw } from ${JSON.stringify(guard)};`,
          load,
          `export const { ${names.join(', ')} } = msw;`,
        ].join('\n'),
        loader: 'js',
        resolveDir: process.cwd(),
      };
    });
  },
};

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
    // The msw guard resolves msw from its own file (import.meta.url), also in the CJS build.
    shims: true,
    // msw reaches deferMsw instead of tsup's externals (it stays external either way).
    noExternal: ['msw'],
    esbuildPlugins: [deferMsw],
  },
  {
    // The CLI is only ever executed, never imported, so ESM alone is enough.
    entry: { 'mock/cli': 'mock/cli.ts' },
    format: ['esm'],
    target: 'node20',
    sourcemap: false,
    banner: { js: '#!/usr/bin/env node' },
    noExternal: ['msw'],
    esbuildPlugins: [deferMsw],
  },
]);
