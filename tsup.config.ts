import { rmSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

const guard = fileURLToPath(new URL('./mock/msw-guard.ts', import.meta.url));
const mswHttp = fileURLToPath(new URL('./mock/adapters/msw-http.ts', import.meta.url));
const SRC = fileURLToPath(new URL('./src', import.meta.url));
const DEFERRED = 'deferred-msw';

/**
 * msw is an optional peer dependency, and mock/msw-guard.ts must run before msw is loaded so that
 * a missing or too-old msw fails with a line saying what to install. A static import cannot wait
 * for it: ESM resolves every import of the graph before any module runs, and the CommonJS output
 * hoists `require('msw')` to the top of the file. So each msw import of the mock is served by a
 * module that checks first, then loads the real msw (with `await import()` in ESM, the same copy
 * the project's `setupServer` uses; with `require` in CJS), and re-exports its names.
 * mock/adapters/msw-http.ts already waits for the guard, with an `await import()` of the entry
 * the installed msw's major serves `http` from; CJS cannot await, so there it is a `require`.
 */
const deferMsw: Plugin = {
  name: 'defer-msw',
  setup(build) {
    // tsup hands esbuild ESM for both formats when it tree-shakes; this names the real one.
    const esm = build.initialOptions.define?.TSUP_FORMAT === '"esm"';
    build.onResolve({ filter: /^msw(\/|$)/ }, ({ path, namespace }) =>
      namespace === DEFERRED ? { path, external: true } : { path, namespace: DEFERRED },
    );
    if (!esm) {
      build.onLoad({ filter: /[\\/]mock[\\/]adapters[\\/]msw-http\.ts$/ }, ({ path }) =>
        path === mswHttp
          ? {
              contents: [
                `import { mswHttpEntry, requireMsw } from ${JSON.stringify(guard)};`,
                'export const { http } = requireMsw(mswHttpEntry());',
              ].join('\n'),
              loader: 'js',
              resolveDir: process.cwd(),
            }
          : undefined,
      );
    }
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

/**
 * The mock imports SDK code (schemas, signatures, the signature error) from src/. In its ESM
 * build each such import becomes an import of the SDK's own built module (`../schemas/index.js`
 * from dist/mock/), so an ESM program that loads both entries holds one copy of the SDK's
 * classes and schemas, and the tarball one copy of its code.
 */
const sdkFromDist: Plugin = {
  name: 'sdk-from-dist',
  setup(build) {
    build.onResolve({ filter: /^\./ }, ({ path, resolveDir }) => {
      const file = relative(SRC, resolve(resolveDir, path));
      if (file.startsWith('..') || isAbsolute(file)) return undefined;
      return { path: `../${file.split(sep).join('/')}`, external: true };
    });
  },
};

/** The settings every bundled build of the mock shares. */
const mockBuild: Options = {
  target: 'node20',
  sourcemap: false,
  // msw reaches deferMsw instead of tsup's externals (it stays external either way).
  noExternal: ['msw'],
};

export default defineConfig((): Options[] => {
  // The builds below run concurrently, so none may clean the folder the others write into;
  // emptying it once here also drops modules of the unbundled build whose source is gone.
  rmSync('dist', { recursive: true, force: true });
  return [
    {
      // The SDK as ESM, one file per module (the source's `.js` specifiers already name the
      // output): a bundler that meets `sideEffects: false` drops whole modules a program does
      // not import, which it cannot do inside one bundled chunk, where top-level schema,
      // `Object.freeze` and method declaration calls look like side effects.
      entry: ['src/**/*.ts'],
      format: ['esm'],
      bundle: false,
      target: 'node20',
      // No source maps: the output is readable, and maps would point at src/*.ts files the
      // package does not ship.
      sourcemap: false,
    },
    {
      // The SDK as CommonJS, one bundled file: require() has no tree-shaking to preserve.
      entry: { index: 'src/index.ts' },
      format: ['cjs'],
      target: 'node20',
      sourcemap: false,
      treeshake: true,
      // ky ships ESM only. Required from here it would need Node's require() of ESM, which
      // resolves ky's own imports with the ESM resolver: that cannot read Yarn Plug'n'Play's
      // zip archives, and a loader hook (tsx on a .cts file) breaks it on Node 20. Bundled,
      // the CommonJS entry requires zod alone, which ships CommonJS.
      noExternal: ['ky'],
    },
    {
      // The mock as ESM, bundled, with the SDK's modules imported from the build above.
      ...mockBuild,
      entry: { 'mock/index': 'mock/index.ts' },
      format: ['esm'],
      treeshake: true,
      // The msw guard resolves msw from its own file (import.meta.url).
      shims: true,
      esbuildPlugins: [deferMsw, sdkFromDist],
    },
    {
      // The mock as CommonJS, bundled whole: no SDK object crosses its public API, so its own
      // copy of the SDK code cannot meet one from the SDK entry in an instanceof check.
      ...mockBuild,
      entry: { 'mock/index': 'mock/index.ts' },
      format: ['cjs'],
      treeshake: true,
      // import.meta.url, which the msw guard resolves msw from, in CommonJS.
      shims: true,
      esbuildPlugins: [deferMsw],
    },
    {
      // The CLI is only ever executed, never imported, so ESM alone is enough.
      ...mockBuild,
      entry: { 'mock/cli': 'mock/cli.ts' },
      format: ['esm'],
      banner: { js: '#!/usr/bin/env node' },
      esbuildPlugins: [deferMsw, sdkFromDist],
    },
    {
      // The declarations of both entries and both formats, each bundled into one file.
      entry: { index: 'src/index.ts', 'mock/index': 'mock/index.ts' },
      format: ['esm', 'cjs'],
      dts: { only: true },
    },
  ];
});
