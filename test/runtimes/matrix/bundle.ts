// Builds the smoke programs into .tmp/runtimes with esbuild. The command-line programs keep
// importing the BUILT SDK (dist/index.js, dist/mock/index.js) as separate files, as an
// installed package would be loaded; workerd and the edge runtime get one self-contained
// file with dist/index.js bundled in, as a Workers or Vercel deploy would ship it.
import { join, resolve } from 'node:path';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import type { Bundles } from './runtimes.js';

const ENTRY_NAMES = {
  'order-fulfillment-sdk': 'index.js',
  'order-fulfillment-sdk/mock': 'mock/index.js',
} as const;

// tsconfig maps the package name to src/ for the type checker; the smoke programs must run
// what is published instead, so the name is pointed at dist/ here.
function builtSdk(root: string, external: boolean): Plugin {
  return {
    name: 'built-sdk',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^order-fulfillment-sdk(\/mock)?$/ }, (args) => {
        const file = join(root, 'dist', ENTRY_NAMES[args.path as keyof typeof ENTRY_NAMES]);
        return { path: file, external };
      });
    },
  };
}

/** Bundles every smoke program and host; returns their absolute paths. */
export async function bundleAll(root: string): Promise<Bundles> {
  const source = (file: string) => join(root, 'test/runtimes', file);
  const out = (file: string) => resolve(root, '.tmp/runtimes', file);
  const bundles: Bundles = {
    sdkCli: out('sdk-cli.mjs'),
    mockCli: out('mock-cli.mjs'),
    worker: out('worker.mjs'),
    edge: out('edge-runtime.js'),
    miniflareHost: out('miniflare-host.mjs'),
    edgeHost: out('edge-runtime-host.mjs'),
  };
  const common: BuildOptions = { bundle: true, target: 'es2022', logLevel: 'warning' };
  const onNode = (entry: string, outfile: string) =>
    build({
      ...common,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      plugins: [builtSdk(root, true)],
      entryPoints: [source(entry)],
      outfile,
    });
  // The conditions each platform's own bundler resolves packages with (wrangler, Next.js).
  const selfContained = (
    entry: string,
    outfile: string,
    format: 'esm' | 'iife',
    condition: string,
  ) =>
    build({
      ...common,
      format,
      platform: 'browser',
      conditions: [condition, 'worker'],
      plugins: [builtSdk(root, false)],
      entryPoints: [source(entry)],
      outfile,
    });
  await Promise.all([
    onNode('entries/sdk-cli.ts', bundles.sdkCli),
    onNode('entries/mock-cli.ts', bundles.mockCli),
    onNode('hosts/miniflare.ts', bundles.miniflareHost),
    onNode('hosts/edge-runtime.ts', bundles.edgeHost),
    selfContained('entries/worker.ts', bundles.worker, 'esm', 'workerd'),
    selfContained('entries/edge-runtime.ts', bundles.edge, 'iife', 'edge-light'),
  ]);
  return bundles;
}
