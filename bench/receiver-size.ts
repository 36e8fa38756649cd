// What a webhook receiver on an edge runtime pays in bundle size: a module that imports one
// receiver function from the package entry, bundled with everything it pulls in.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Benchmark, Result } from './report.js';
import { bundle } from './size.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const BUILT = fileURLToPath(new URL('../dist/index.js', import.meta.url));

// A receiver module importing `name` from `entry`: gzip KB and the largest inputs, minified.
async function receiver(name: string, entry: string): Promise<{ kb: number; largest: string }> {
  const { gzipKb, inputs } = await bundle({
    stdin: { contents: `export { ${name} } from ${JSON.stringify(entry)};`, resolveDir: ROOT },
  });
  const largest = inputs
    .slice(0, 4)
    .map(
      ([file, bytes]) =>
        `${file.replace(/^(src|node_modules)\//, '')} ${(bytes / 1024).toFixed(1)}`,
    )
    .join(', ');
  return { kb: gzipKb, largest };
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
    'as the size benchmark bundles (esbuild, `platform: neutral`, ESM, minified, gzip level ' +
    '9), with its dependencies (zod/mini). When `dist/` is built, the same module against ' +
    '`dist/index.js` is reported beside it: what a consumer of the published package bundles.',
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
