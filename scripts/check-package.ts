// Checks the package as npm would publish it (run after `npm run build`): publint and attw on
// the packed tarball, plus the rules those tools do not know about this package:
//  - the tarball holds dist/, the docs (docs/*.md, docs/openapi.json, docs/openapi-control.json), examples/, README.md,
//    LICENSE and package.json, nothing else; every relative link of its markdown files
//    (README.md, docs/*.md) resolves to a file in it, so they read whole from node_modules and
//    unpkg as well as from the registry page (which resolves them against `repository`);
//  - the metadata a registry page and a consumer's install rely on: repository, homepage and
//    bugs set; no install-time lifecycle script (npm 11 lists those in consumers' installs; the
//    build runs at `prepack`); the README's install command for msw follows the peer range;
//  - the bin is an ESM file with a shebang and the executable bit;
//  - the SDK entry (both formats) bundles for a browser with no msw and no Node built-in, so it
//    runs in Deno, Bun, browsers and edge runtimes; only the ./mock entry may use msw and node:*;
//  - no SDK module (dist/, not dist/mock/) names `new Function`, `Function(` or `eval(`
//    literally: Next.js fails the build of middleware that imports such a module;
//  - package.json's sideEffects lets a bundler drop every SDK module a program does not use:
//    one signature function from the ESM entry bundles without ky and zod;
//  - the CommonJS SDK entry loads with Node's require() of ESM turned off, so it needs none:
//    Yarn Plug'n'Play and loader hooks (tsx on a .cts file) break that require on Node 20;
//  - the ESM mock and the CLI import the SDK's own built modules rather than carrying a copy,
//    so an ESM program loading both entries holds one copy of each SDK class.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, posix } from 'node:path';
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
  [
    'README.md',
    'LICENSE',
    'package.json',
    'docs/openapi.json',
    'docs/openapi-control.json',
  ].includes(path) ||
  /^docs\/[^/]+\.md$/.test(path) ||
  path.startsWith('examples/') ||
  (path.startsWith('dist/') && !path.endsWith('.map'));
for (const path of files.filter((p) => !allowed(p))) {
  problems.push(
    `the tarball holds ${path}; only dist/, docs/*.md, docs/openapi.json, docs/openapi-control.json, examples/, README.md, LICENSE and package.json belong`,
  );
}
for (const path of ['README.md', 'LICENSE', 'package.json']) {
  if (!files.includes(path)) problems.push(`the tarball lacks ${path}`);
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  exports: Record<string, unknown>;
  scripts: Record<string, string>;
  repository?: { url?: string };
  homepage?: string;
  bugs?: { url?: string };
  peerDependencies?: Record<string, string>;
};
for (const target of JSON.stringify(pkg.exports).match(/\.\/dist\/[^"]+/g) ?? []) {
  if (!files.includes(target.slice(2)))
    problems.push(`exports names ${target}, which is not packed`);
}

section('relative links in the packed markdown');
// Links inside code are not links: drop fenced blocks and code spans before looking.
const linkTargets = (markdown: string): string[] => {
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const definitions = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm)];
  return [...inline, ...definitions].map((match) => match[1] ?? '');
};
for (const markdown of files.filter((path) => path.endsWith('.md'))) {
  let checked = 0;
  for (const target of linkTargets(readFileSync(join(root, markdown), 'utf8'))) {
    // Absolute URLs (any scheme) and anchors within the page need no file.
    if (/^[a-z][a-z\d+.-]*:|^#|^\/\//i.test(target)) continue;
    const path = posix.normalize(
      posix.join(posix.dirname(markdown), decodeURI(target.replace(/[?#].*$/, ''))),
    );
    checked++;
    const packed = files.includes(path) || files.some((file) => file.startsWith(`${path}/`));
    if (!packed) problems.push(`${markdown} links to ${target}, which is not in the tarball`);
  }
  console.log(`${markdown}: ${checked} relative link(s) checked`);
}

section('metadata for the registry page and for installs');
for (const [field, value] of [
  ['repository.url', pkg.repository?.url],
  ['homepage', pkg.homepage],
  ['bugs.url', pkg.bugs?.url],
] as const) {
  if (!value) problems.push(`package.json sets no ${field}`);
  else console.log(`${field}: ${value}`);
}
// npm 11 lists a dependency with any of these under install-script warnings in a consumer's
// install; the build belongs to `prepack`, which runs before `npm pack` and `npm publish`.
for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) {
  if (pkg.scripts[script]) problems.push(`package.json has a "${script}" script`);
}
if (!/\bnpm run build\b/.test(pkg.scripts.prepack ?? '')) {
  problems.push('the "prepack" script does not run the build');
}
// The README's install section names the msw the mock needs; it must follow the peer range,
// quoted, since a range of two majors holds spaces and `||`.
const installMsw = `npm install --save-dev "msw@${pkg.peerDependencies?.msw}"`;
if (!readFileSync(join(root, 'README.md'), 'utf8').includes(installMsw)) {
  problems.push(`README.md does not say \`${installMsw}\` (the msw peer range)`);
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

section('no code generation Next.js refuses in middleware');
{
  // Next.js fails `next build` ("Dynamic Code Evaluation ... not allowed in Edge Runtime") when
  // a middleware's modules call eval or Function by that name, caught or not; the SDK's
  // compiler reaches Function through another name, as zod does.
  const sdkModules = files.filter((path) => /^dist\/(?!mock\/).*\.c?js$/.test(path));
  const literal = /(?<![\w$.])(?:eval|Function)\s*\(/;
  const named = sdkModules.filter((path) => literal.test(readFileSync(join(root, path), 'utf8')));
  for (const path of named) {
    problems.push(`${path} calls eval or Function by name, which fails a Next.js middleware build`);
  }
  if (named.length === 0)
    console.log(`${sdkModules.length} SDK modules: none calls eval or Function by name`);
}

section('one function of the ESM entry bundles without the rest (sideEffects)');
try {
  // Without sideEffects (or with the ESM build bundled into one file), the top-level schema
  // calls of modules the program never uses stay in, and zod with them.
  const result = await build({
    stdin: {
      contents: "export { verifyWmsSignatureAsync } from './dist/index.js';",
      resolveDir: root,
    },
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  const kept = Object.entries(output?.inputs ?? {})
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => file);
  const dependencies = kept.filter((file) => file.includes('node_modules/'));
  if (dependencies.length > 0) {
    problems.push(
      `verifyWmsSignatureAsync bundled alone keeps ${dependencies.length} module(s) of ky or zod (${dependencies.slice(0, 3).join(', ')}): bundlers no longer drop the SDK modules a program does not use (package.json sideEffects, one file per module in dist/)`,
    );
  } else {
    console.log(`verifyWmsSignatureAsync bundled alone: ${kept.length} SDK modules, no ky or zod`);
  }
} catch (error) {
  problems.push(`verifyWmsSignatureAsync does not bundle alone: ${String(error)}`);
}

section('the CommonJS entry needs no require() of ESM');
try {
  // ky ships ESM only, so the build bundles it; a require('ky') left in would fail here.
  execFileSync(
    process.execPath,
    ['--no-experimental-require-module', '-e', "require('./dist/index.cjs')"],
    {
      cwd: root,
      stdio: 'pipe',
    },
  );
  console.log('dist/index.cjs loads with --no-experimental-require-module');
} catch (error) {
  const stderr = String((error as { stderr?: Buffer }).stderr ?? error);
  problems.push(
    `dist/index.cjs needs require() of ESM: ${stderr.split('\n').find((line) => /Error/.test(line)) ?? stderr}`,
  );
}

section('the ESM mock and the CLI import the SDK rather than copy it');
for (const file of ['dist/mock/index.js', 'dist/mock/cli.js']) {
  // esbuild heads each module it inlines with a `// path` comment naming its source file.
  const inlined = readFileSync(join(root, file), 'utf8').match(/^\/\/ src\/\S+/gm) ?? [];
  if (inlined.length > 0) {
    problems.push(`${file} inlines SDK modules: ${inlined.slice(0, 3).join(', ')}`);
  } else {
    console.log(`${file}: no SDK module inlined`);
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
