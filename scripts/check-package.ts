// Checks the package as npm would publish it (run after `npm run build`): publint and attw on
// the packed tarball, plus the rules those tools do not know about this package:
//  - the tarball holds dist/, README.md, LICENSE and package.json, nothing else;
//  - the bin is an ESM file with a shebang and the executable bit;
//  - the SDK entry (both formats) bundles for a browser with no msw and no Node built-in, so it
//    runs in Deno, Bun, browsers and edge runtimes; only the ./mock entry may use msw and node:*.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const problems: string[] = [];

function section(title: string): void {
  console.log(`\n--- ${title}`);
}

function run(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { cwd: root, stdio: 'inherit' });
    return true;
  } catch {
    return false;
  }
}

interface PackResult {
  files: { path: string }[];
}

section('files in the tarball (npm pack --dry-run)');
const pack = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
) as PackResult[];
const files = (pack[0]?.files ?? []).map((f) => f.path).sort();
console.log(files.join('\n'));
const allowed = (path: string) =>
  ['README.md', 'LICENSE', 'package.json'].includes(path) ||
  (path.startsWith('dist/') && !path.endsWith('.map'));
for (const path of files.filter((p) => !allowed(p))) {
  problems.push(
    `the tarball holds ${path}; only dist/, README.md, LICENSE and package.json belong`,
  );
}
for (const path of ['README.md', 'LICENSE', 'package.json']) {
  if (!files.includes(path)) problems.push(`the tarball lacks ${path}`);
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  exports: Record<string, unknown>;
};
for (const target of JSON.stringify(pkg.exports).match(/\.\/dist\/[^"]+/g) ?? []) {
  if (!files.includes(target.slice(2)))
    problems.push(`exports names ${target}, which is not packed`);
}

section('the CLI');
for (const [name, target] of Object.entries(pkg.bin)) {
  const path = join(root, target);
  if (!files.includes(target.replace(/^\.\//, '')))
    problems.push(`bin ${name}: ${target} not packed`);
  try {
    const text = readFileSync(path, 'utf8');
    if (!text.startsWith('#!/usr/bin/env node\n')) problems.push(`bin ${name}: no shebang`);
    accessSync(path, constants.X_OK);
    if ((statSync(path).mode & 0o111) === 0) problems.push(`bin ${name}: not executable`);
    console.log(`${name} → ${target}: shebang and executable bit present`);
  } catch (error) {
    problems.push(`bin ${name}: ${target} is missing or not executable (${String(error)})`);
  }
}

section('the SDK entry stays free of msw and Node built-ins');
for (const entry of ['dist/index.js', 'dist/index.cjs']) {
  try {
    // A browser build fails on any node:* import, and the metafile names every module that
    // the entry pulls in, so msw cannot hide behind a re-export.
    const builtins = new Set<string>();
    const result = await build({
      entryPoints: [join(root, entry)],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      plugins: [
        {
          name: 'record-node-builtins',
          setup(plugin) {
            plugin.onResolve({ filter: /.*/ }, ({ path }) => {
              if (!isBuiltin(path)) return undefined;
              builtins.add(path);
              return { path, external: true };
            });
          },
        },
      ],
    });
    const inputs = Object.keys(result.metafile.inputs);
    const msw = inputs.filter((input) => /node_modules\/(msw|@mswjs)\//.test(input));
    if (msw.length > 0) problems.push(`${entry} pulls in msw: ${msw.slice(0, 3).join(', ')}`);
    if (builtins.size > 0) {
      problems.push(`${entry} imports Node built-ins: ${[...builtins].join(', ')}`);
    }
    const packages = [
      ...new Set(
        inputs.map((i) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(i)?.[1]).filter(Boolean),
      ),
    ];
    console.log(
      `${entry}: bundles for the browser; dependencies: ${packages.join(', ') || 'none'}`,
    );
  } catch (error) {
    const message = (error as { errors?: { text: string }[] }).errors?.map((e) => e.text) ?? [
      String(error),
    ];
    problems.push(`${entry} does not bundle for a browser: ${message.join('; ')}`);
  }
}

section('publint');
if (!run(bin('publint'), ['--strict'])) problems.push('publint reported problems (above)');

section('attw --pack');
// Every exports subpath (`.` and `./mock`) must resolve in node10, node16 (CJS and ESM) and
// bundler mode. The bin is executed, never imported, so it is no entry for attw.
if (!run(bin('attw'), ['--pack', '.'])) problems.push('attw reported problems (above)');

if (problems.length > 0) {
  console.error(`\ncheck:package found ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log('\ncheck:package: no problems');
