// What a webhook receiver on an edge runtime pays in bundle size: a module that imports one
// receiver function from the package entry, bundled with everything it pulls in.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Benchmark, Result } from './report.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const BUILT = fileURLToPath(new URL('../dist/index.js', import.meta.url));

// A receiver module importing `name` from `entry`: gzip KB and the largest inputs, minified.
async function receiver(name: string, entry: string): Promise<{ kb: number; largest: string }> {
  const { outputFiles, metafile } = await build({
    stdin: { contents: `export { ${name} } from ${JSON.stringify(entry)};`, resolveDir: ROOT },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = outputFiles[0]?.contents;
  if (!code) throw new Error('receiver-size: esbuild produced no output');
  const inputs = Object.entries(Object.values(metafile.outputs)[0]?.inputs ?? {});
  const largest = inputs
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 4)
    .map(
      ([file, input]) =>
        `${file.replace(/^(src|node_modules)\//, '')} ${(input.bytesInOutput / 1024).toFixed(1)}`,
    )
    .join(', ');
  return { kb: gzipSync(code, { level: 9 }).length / 1024, largest };
}

const ROWS = [
  { name: 'verifyWmsSignatureAsync', target: 1.5 },
  { name: 'createWebhookHandler', target: 8 },
] as const;

/** The receiver size benchmark. */
export const receiverSize: Benchmark = {
  name: 'receiver-size',
  method:
    'A module that re-exports one function from the package entry (`src/index.ts`), bundled ' +
    'by esbuild with its dependencies (zod/mini), `platform: neutral`, ESM, minified, gzip ' +
    'level 9. When `dist/` is built, the same module against `dist/index.js` is reported ' +
    'beside it: that is what a consumer of the published package bundles.',
  async run(): Promise<Result[]> {
    const results: Result[] = [];
    for (const row of ROWS) {
      const source = await receiver(row.name, SOURCE);
      results.push({
        name: `Receiver size, ${row.name} only (gzip)`,
        value: source.kb,
        unit: 'KB',
        target: { op: '<=', value: row.target },
        measured: `with its dependencies; the largest inputs' share in KB, minified: ${source.largest}`,
      });
      if (existsSync(BUILT)) {
        const built = await receiver(row.name, BUILT);
        results.push({
          name: `Receiver size, ${row.name} only, from dist (gzip)`,
          value: built.kb,
          unit: 'KB',
          measured: `the built package; the largest inputs' share in KB, minified: ${built.largest}`,
        });
      }
    }
    return results;
  },
};
