// Installs the package as an integrator would and uses it from that install (run after
// `npm run build`): packs the tarball, installs it into a scratch project in a temporary
// directory, then runs test/packaging/consumer/* there:
//   an ESM import, a CJS require, a type-check against the published declarations under
//   moduleResolution node16 (ESM and CJS) and bundler, and the mock CLI through npx.
// The scratch directory is removed on success and kept (and printed) on failure.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const consumer = join(root, 'test', 'packaging', 'consumer');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const scratch = mkdtempSync(join(tmpdir(), 'ofs-pack-smoke-'));

function section(title: string): void {
  console.log(`\n--- ${title}`);
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

function tsconfig(
  dir: string,
  module: string,
  moduleResolution: string,
  skipLibCheck: boolean,
): void {
  const compilerOptions = {
    module,
    moduleResolution,
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck,
  };
  writeFileSync(
    join(dir, `tsconfig.${moduleResolution}.json`),
    JSON.stringify({ compilerOptions, files: ['types.ts'] }, null, 2),
  );
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
  const started = Date.now();
  section(`pack into ${scratch}`);
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], root),
  ) as { filename: string }[];
  const tarball = join(scratch, packed[0]?.filename ?? '');
  console.log(tarball);

  section('install the tarball into a scratch project');
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true, type: 'module' }, null, 2),
  );
  run('npm', [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    tarball,
  ]);
  cpSync(consumer, scratch, { recursive: true });

  section('ESM import');
  console.log(run('node', ['esm.mjs']).trimEnd());

  section('CJS require');
  console.log(run('node', ['require.cjs']).trimEnd());

  section('types: moduleResolution node16 (ESM), node16 (CJS), bundler');
  // skipLibCheck off: the published .d.ts files are checked too, not only their use.
  tsconfig(scratch, 'node16', 'node16', false);
  tsconfig(scratch, 'esnext', 'bundler', false);
  // The same file in a "type": "commonjs" folder resolves the require condition (.d.cts).
  const cjs = join(scratch, 'cjs');
  mkdirSync(cjs);
  writeFileSync(join(cjs, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  cpSync(join(consumer, 'types.ts'), join(cjs, 'types.ts'));
  // msw's own CJS declarations import the ESM-only `rettime` (TS1479 under node16 CJS), which
  // only skipLibCheck avoids; the Expect<IsAny<…>> checks still catch broken types of ours.
  tsconfig(cjs, 'node16', 'node16', true);
  for (const [dir, config] of [
    [scratch, 'tsconfig.node16.json'],
    [cjs, 'tsconfig.node16.json'],
    [scratch, 'tsconfig.bundler.json'],
  ] as const) {
    run('node', [tsc, '-p', config], dir);
    console.log(`tsc -p ${join(dir === cjs ? 'cjs' : '.', config)}: no errors`);
  }

  section('the mock CLI via npx');
  const { child, url } = await startCli();
  try {
    console.log(run('node', ['cli-request.mjs', url]).trimEnd());
  } finally {
    await stop(child);
  }

  rmSync(scratch, { recursive: true, force: true });
  console.log(`\npack smoke: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(`\npack smoke FAILED (scratch project kept at ${scratch}):`);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
