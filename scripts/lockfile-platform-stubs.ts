// Adds lockfile entries for platform binaries the registry here does not serve, so `npm ci`
// accepts the lockfile. Run after regenerating package-lock.json from scratch:
//   tsx scripts/lockfile-platform-stubs.ts && npm install
// Why: this registry lacks some platform packages of biome and rollup (e.g.
// @rollup/rollup-darwin-arm64 for our version), so npm leaves them out of the lockfile, and
// `npm ci` then refuses it ("Missing: … from lock file"). An entry with the package's os/cpu
// and no tarball is enough: npm skips it on other platforms and never downloads it. `npm
// install` keeps these entries, so this is needed only when the lockfile is rebuilt.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const path = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, LockEntry> };
const platform =
  /^@(?:biomejs\/cli-|rollup\/rollup-|esbuild\/)(android|darwin|linux|win32|freebsd|openbsd|openharmony|netbsd|aix|sunos)-([a-z0-9]+)(?:-([a-z]+))?$/;

let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (lock.packages[`node_modules/${name}`]) continue;
    const match = platform.exec(name);
    if (!match) {
      console.error(`no platform in the name ${name}; add its entry by hand`);
      process.exitCode = 1;
      continue;
    }
    const [, os = '', cpu = '', abi = ''] = match;
    const stub: LockEntry = { version, optional: true, os: [os], cpu: [cpu] };
    if (entry.dev) stub.dev = true;
    if (abi.startsWith('musl')) stub.libc = ['musl'];
    if (abi.startsWith('gnu')) stub.libc = ['glibc'];
    lock.packages[`node_modules/${name}`] = stub;
    added++;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform stub(s); run npm install to restore npm's key order`);
