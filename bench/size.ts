// Bundle size of the SDK entry: esbuild, platform neutral, minified, gzipped; the project's own
// code (dependencies external) and with ky and zod bundled, plus zod classic for comparison.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';
import type { Benchmark, Result } from './report.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = fileURLToPath(new URL('../src/index.ts', import.meta.url));

const COMMON: BuildOptions = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  // The neutral platform reads no package.json main fields by default.
  mainFields: ['module', 'main'],
  write: false,
  logLevel: 'silent',
  absWorkingDir: ROOT,
};

/** One bundle's sizes. */
export interface Bundle {
  /** The gzip size in KB. */
  gzipKb: number;
  /** The minified size in KB. */
  minifiedKb: number;
  /** Minified bytes in the bundle per source file, largest first. */
  inputs: [file: string, bytes: number][];
}

/** Bundles with the settings above (options added or overriding). */
export async function bundle(options: BuildOptions): Promise<Bundle> {
  const { outputFiles, metafile } = await build({ ...COMMON, ...options, metafile: true });
  const code = outputFiles?.[0]?.contents;
  if (!code) throw new Error('size: esbuild produced no output');
  const output = Object.values(metafile?.outputs ?? {})[0];
  const inputs = Object.entries(output?.inputs ?? {})
    .map(([file, input]): [string, number] => [file, input.bytesInOutput])
    .sort((a, b) => b[1] - a[1]);
  return {
    gzipKb: gzipSync(code, { level: 9 }).length / 1024,
    minifiedKb: code.length / 1024,
    inputs,
  };
}

// The gzip size in KB of one bundle.
const gzipKb = async (options: BuildOptions): Promise<number> => (await bundle(options)).gzipKb;

// Where the own code's bytes go: the largest source files, minified (gzip does not split
// by file), so that a miss says what it is made of.
function largest(inputs: Bundle['inputs'], count: number): string {
  return inputs
    .slice(0, count)
    .map(([file, bytes]) => `${file.replace(/^src\//, '')} ${(bytes / 1024).toFixed(1)}`)
    .join(', ');
}

// A small object schema alone, as the zod figures describe.
const smallSchema = (module: string): BuildOptions => ({
  stdin: {
    contents: `import * as z from '${module}'; export const S = z.object({ id: z.string(), n: z.optional(z.number()) }); export const parse = (v) => S.parse(v);`,
    resolveDir: ROOT,
    loader: 'js',
  },
});

/** The size benchmark. */
export const size: Benchmark = {
  name: 'size',
  method:
    '`src/index.ts` bundled by esbuild (`platform: neutral`, ESM, minified), gzip level 9. ' +
    'Own code: ky and zod external. With dependencies: everything bundled. The zod classic row ' +
    'bundles the same entry with `zod/mini` aliased to `zod` (classic), for comparison; the ' +
    'createClient row bundles a module re-exporting only `createClient`; the last ' +
    'rows are a small object schema alone in each build of zod.',
  async run(): Promise<Result[]> {
    const own = await bundle({ entryPoints: [ENTRY], external: ['ky', 'zod', 'zod/*'] });
    const withDeps = await gzipKb({ entryPoints: [ENTRY] });
    // What an integration that pulls and ships, and receives no webhooks, bundles: the
    // client, its errors, and no receiver or node:crypto signature pair.
    const clientOnly = await gzipKb({
      stdin: { contents: "export { createClient } from './src/index.ts';", resolveDir: ROOT },
    });
    const withClassic = await gzipKb({ entryPoints: [ENTRY], alias: { 'zod/mini': 'zod' } });
    const kyAlone = await gzipKb({
      stdin: { contents: "export { default } from 'ky';", resolveDir: ROOT, loader: 'js' },
    });
    const miniSchema = await gzipKb(smallSchema('zod/mini'));
    const classicSchema = await gzipKb(smallSchema('zod'));
    return [
      {
        name: 'Size, own code (gzip)',
        value: own.gzipKb,
        unit: 'KB',
        measured: `reported, not gated: what users download is the row below; ky and zod external; ${own.minifiedKb.toFixed(1)} KB minified, the largest files' share in KB: ${largest(own.inputs, 6)}`,
      },
      {
        name: 'Size, with ky + zod/mini (gzip)',
        value: withDeps,
        unit: 'KB',
        target: { op: '<=', value: 24 },
        measured: `ky alone ${kyAlone.toFixed(1)} KB`,
      },
      {
        name: 'Size, createClient alone, with ky + zod/mini (gzip)',
        value: clientOnly,
        unit: 'KB',
        measured:
          'reported, not gated: an integration that pulls and ships without receiving webhooks, tree-shaken',
      },
      {
        name: 'Size, with ky + zod classic (gzip)',
        value: withClassic,
        unit: 'KB',
        measured: 'for comparison: `zod/mini` aliased to `zod`',
      },
      {
        name: 'Size, small schema: zod/mini vs classic',
        value: miniSchema,
        unit: 'KB',
        measured: `zod/mini ${miniSchema.toFixed(1)} KB vs zod classic ${classicSchema.toFixed(1)} KB`,
      },
    ];
  },
};
