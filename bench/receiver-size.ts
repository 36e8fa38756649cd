// What a webhook receiver on an edge runtime pays in bundle size: a module that imports one
// receiver function from the published package entry (dist/index.js), bundled with everything
// it pulls in. The same module against the source entry is reported beside it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Benchmark, Result } from './report.js';
import { bundle } from './size.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = join(ROOT, 'src', 'index.ts');
const BUILT = join(ROOT, 'dist', 'index.js');

/** What the build reads: the source, the build config and package.json. */
const BUILD_INPUTS = [
  ...readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).map((file) =>
    join('src', file),
  ),
  'tsup.config.ts',
  'package.json',
];

/** Why dist/ must be built before it is measured, or `undefined` when it is current. */
function staleness(): string | undefined {
  if (!existsSync(BUILT)) return 'dist/index.js is missing';
  const built = statSync(BUILT).mtimeMs;
  const newer = BUILD_INPUTS.find((file) => statSync(join(ROOT, file)).mtimeMs > built);
  return newer ? `${newer} changed since the last build` : undefined;
}

/** Builds dist/ (npm run build) when it is missing or older than what it is built from. */
function ensureBuilt(): void {
  const reason = staleness();
  if (!reason) return;
  console.log(`  building dist/ first: ${reason}`);
  try {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`receiver-size: npm run build failed:\n${stdout}${stderr}`);
  }
}

// A receiver module importing `name` from `entry`: gzip KB and the largest inputs, minified.
async function receiver(name: string, entry: string): Promise<{ kb: number; largest: string }> {
  const { gzipKb, inputs } = await bundle({
    stdin: { contents: `export { ${name} } from ${JSON.stringify(entry)};`, resolveDir: ROOT },
  });
  const largest = inputs
    .slice(0, 4)
    .map(
      ([file, bytes]) =>
        `${file.replace(/^(dist|node_modules)\//, '')} ${(bytes / 1024).toFixed(1)}`,
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
    'A module that re-exports one function from the published package entry (`dist/index.js`, ' +
    'built first when missing or older than `src/`), bundled as the size benchmark bundles ' +
    '(esbuild, `platform: neutral`, ESM, minified, gzip level 9), with whatever it imports ' +
    '(zod/mini, if anything the function uses needs it). The same module against the source ' +
    'entry (`src/index.ts`) is reported beside it: the two differ when the build defeats ' +
    'tree-shaking.',
  async run(): Promise<Result[]> {
    ensureBuilt();
    const results: Result[] = [];
    for (const row of ROWS) {
      const built = await receiver(row.name, BUILT);
      const source = await receiver(row.name, SOURCE);
      results.push({
        name: `Receiver size, ${row.name} only (gzip)`,
        value: built.kb,
        unit: 'KB',
        target: { op: '<=', value: row.target },
        measured: `from dist/index.js with its dependencies, ${source.kb.toFixed(2)} KB from src/index.ts; the largest inputs' share in KB, minified: ${built.largest}`,
      });
    }
    return results;
  },
};
