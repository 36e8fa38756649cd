// Installs the package as an integrator would and uses it from that install (run after
// `npm run build`): packs the tarball and installs it into a scratch project in a temporary
// directory, in three steps:
//  1. a production install (--omit=dev) without msw: it brings the package, ky and zod and
//     nothing else, with no install-script warning; the SDK entry loads (ESM and CJS) and its
//     declarations type-check; importing order-fulfillment-sdk/mock (ESM and CJS) fails at
//     once with the one line saying which msw to install;
//  2. with an msw below the peer range: npm refuses to install it; forced in (legacy-peer-deps),
//     importing the mock fails with the same line, naming the version found;
//  3. with the msw this repository develops with (and @types/node), test/packaging/consumer/*
//     there: an ESM import, a CJS require, a type-check against the published declarations
//     under moduleResolution node16 (ESM and CJS) and bundler, and the mock CLI through npx;
//  4. type-checks on the oldest TypeScript the README promises, on 6.0 and on the newest
//     major, 7, there also under the tsconfig.json its `tsc --init` writes and that config's
//     Node variant (scripts/pack-smoke-types.ts), so that promise is tested, not remembered.
// The scratch directory is removed on success and kept (and printed) on failure.
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedBinary } from '../test/runtimes/matrix/install.js';
import { lowestCaretBound, mswPeerRange } from './msw-range.js';
import {
  classicConfig,
  OTHER_TYPESCRIPTS,
  prepareConsumers,
  type TypeCheck,
  typeChecks,
} from './pack-smoke-types.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const consumer = join(root, 'test', 'packaging', 'consumer');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const scratch = mkdtempSync(join(tmpdir(), 'ofs-pack-smoke-'));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

// The lowest lower bound of the msw peer range (one caret range per major, joined by `||`) is
// the minimum mock/msw-guard.ts enforces.
const peerRange = mswPeerRange();
const mswMinimum = lowestCaretBound(peerRange);
/** An msw below the range: the last release before the first one the mock works with. */
const OLD_MSW = '2.10.5';
/** The msw this repository develops with (its lockfile's), so npm installs it from cache. */
const DEV_MSW: string = readJson(join(root, 'node_modules', 'msw', 'package.json')).version;
/** The repository's @types/node (from its lockfile, so from cache) for the Node configs. */
const DEV_TYPES_NODE: string = readJson(
  join(root, 'node_modules', '@types', 'node', 'package.json'),
).version;

/** The one line importing the mock fails with, when msw is missing or (`found`) too old. */
function mockNeedsMsw(found?: string): string {
  const version = found ? `, found msw ${found}` : '';
  return `order-fulfillment-sdk/mock needs msw >=${mswMinimum} as a dev dependency${version}: npm install --save-dev msw@^${mswMinimum}`;
}

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

function section(title: string): void {
  console.log(`\n--- ${title} (at ${elapsed()})`);
}

function run(command: string, args: string[], cwd = scratch): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch (error) {
    // tsc reports on stdout; show it, since the error alone says only "Command failed".
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout) console.error(stdout);
    throw error;
  }
}

/** Runs `compiler` on each check, printing a line for each that passes. */
function typeCheck(compiler: string, checks: readonly TypeCheck[]): void {
  for (const { dir, config } of checks) {
    run('node', [compiler, '-p', config], dir);
    console.log(`tsc -p ${join(dir === scratch ? '.' : 'cjs', config)}: no errors`);
  }
}

function install(...specs: string[]): void {
  run('npm', [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    ...specs,
  ]);
}

/** Runs a command that must fail, and returns what it printed. */
function runFailing(command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: scratch, encoding: 'utf8', timeout: 30_000 });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status === 0) throw new Error(`${command} ${args.join(' ')} succeeded:\n${output}`);
  return output;
}

/** Every package in the production tree of the scratch project, by name. */
function productionPackages(): string[] {
  interface Tree {
    version?: string;
    dependencies?: Record<string, Tree>;
  }
  const names = new Set<string>();
  const walk = (tree: Tree) => {
    for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
      // An optional peer that is not installed is listed as {}.
      if (child.version) names.add(name);
      walk(child);
    }
  };
  walk(JSON.parse(run('npm', ['ls', '--all', '--omit=dev', '--json'])) as Tree);
  return [...names].sort();
}

/** The checks of steps 1 and 2: the SDK works, importing the mock fails with `expected`. */
function expectMockToNeedMsw(expected: string): void {
  console.log(run('node', ['without-msw.mjs', expected]).trimEnd());
  console.log(run('node', ['without-msw.cjs', expected]).trimEnd());
}

/** Starts the mock CLI through npx and resolves with the URL it prints. */
function startCli(): Promise<{ child: ChildProcess; url: string }> {
  // Its own process group, so stopping it also stops the node process npx started.
  const child = spawn('npx', ['--no', '--', 'order-fulfillment-mock', '--port', '0'], {
    cwd: scratch,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      reject(new Error(`the mock CLI printed no URL within 30 s; it printed:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+/.exec(output)?.[0];
      if (url) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        console.log(output.trimEnd());
        resolve({ child, url });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the mock CLI exited with ${code} before printing a URL:\n${output}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

async function main(): Promise<void> {
  section(`pack into ${scratch}`);
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], root),
  ) as { filename: string }[];
  const tarball = join(scratch, packed[0]?.filename ?? '');
  console.log(tarball);

  section('1. production install without msw: the package, ky and zod, nothing else');
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true, type: 'module' }, null, 2),
  );
  // At npm's default log level, which shows install-script warnings.
  const installed = spawnSync(
    'npm',
    ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', tarball],
    { cwd: scratch, encoding: 'utf8' },
  );
  const log = `${installed.stdout}${installed.stderr}`;
  if (installed.status !== 0) throw new Error(`npm install failed:\n${log}`);
  if (/install-scripts?/i.test(log)) throw new Error(`npm warned of install scripts:\n${log}`);
  const packages = productionPackages();
  assert.deepEqual(packages, ['ky', 'order-fulfillment-sdk', 'zod'], 'the production tree');
  console.log(`npm ls --all --omit=dev: ${packages.join(', ')}; no install-script warning`);
  cpSync(consumer, scratch, { recursive: true });
  const sdkTypes = classicConfig(scratch, 'node16', 'node16', false, 'sdk-types.ts').config;
  run('node', [tsc, '-p', sdkTypes]);
  console.log(`tsc -p ${sdkTypes}: the SDK's declarations need no msw`);
  expectMockToNeedMsw(mockNeedsMsw());

  section(`2. with msw ${OLD_MSW}, below the peer range ${peerRange}`);
  // npm refuses it; projects with legacy-peer-deps (and other package managers) only warn.
  const refused = runFailing('npm', ['install', '--prefer-offline', `msw@${OLD_MSW}`]);
  if (!refused.includes(`peerOptional msw@"${peerRange}"`)) {
    throw new Error(`npm install msw@${OLD_MSW} failed otherwise:\n${refused}`);
  }
  console.log(`npm install msw@${OLD_MSW}: ERESOLVE, peerOptional msw@"${peerRange}"`);
  install('--legacy-peer-deps', `msw@${OLD_MSW}`);
  expectMockToNeedMsw(mockNeedsMsw(OLD_MSW));

  section(`3. with msw ${DEV_MSW} and @types/node ${DEV_TYPES_NODE}`);
  install(`msw@${DEV_MSW}`, `@types/node@${DEV_TYPES_NODE}`);

  section('ESM import');
  console.log(run('node', ['esm.mjs']).trimEnd());

  section('CJS require');
  console.log(run('node', ['require.cjs']).trimEnd());

  section('types: moduleResolution node16 (ESM), node16 (CJS), bundler');
  // skipLibCheck off: the published .d.ts files are checked too, not only their use; but under
  // node16 CJS, TS1479 comes from every ESM-only package a CommonJS declaration imports: ky
  // from the SDK's own index.d.cts (README "Runtimes" says so), `rettime` from msw's. Only
  // skipLibCheck avoids it; the Expect<IsAny<…>> checks still catch broken types of ours.
  prepareConsumers(scratch, consumer);
  typeCheck(tsc, typeChecks(scratch, tsc, 'repository', ['classic']));

  for (const { install: typescript, kinds } of OTHER_TYPESCRIPTS) {
    section(`4. types on TypeScript ${typescript.version}: ${kinds.join(', ')}`);
    // Cached outside the scratch project, so its tree stays as an integrator's.
    const { binary: compiler, done } = cachedBinary(root, typescript);
    console.log(done);
    typeCheck(compiler, typeChecks(scratch, compiler, typescript.version, kinds));
  }

  section('the mock CLI via npx');
  const { child, url } = await startCli();
  try {
    console.log(run('node', ['cli-request.mjs', url]).trimEnd());
  } finally {
    await stop(child);
  }

  rmSync(scratch, { recursive: true, force: true });
  console.log(`\npack smoke: passed in ${elapsed()}`);
}

main().catch((error: unknown) => {
  console.error(`\npack smoke FAILED (scratch project kept at ${scratch}):`);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
