// Installs a cached runtime when its prefix lacks it or holds another version, with the
// same npm command .ci/run uses for Node 22, 24 and 26; otherwise touches nothing (offline).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Install } from './installs.js';
import type { Locate } from './runtimes.js';

/** Absolute paths of installs under the repository root `root`. */
export function locator(root: string): Locate {
  const prefix = (install: Install) => resolve(root, install.prefix);
  const packageDir = (install: Install) => join(prefix(install), 'node_modules', install.name);
  return { prefix, binary: (install) => join(packageDir(install), install.binary) };
}

function installedVersion(locate: Locate, install: Install): string | undefined {
  const manifest = join(locate.prefix(install), 'node_modules', install.name, 'package.json');
  if (!existsSync(manifest) || !existsSync(locate.binary(install))) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Whether the cached version satisfies the pin: exact, or within the pinned major. */
function satisfies(version: string, pin: string) {
  return pin.includes('.') ? version === pin : version.split('.')[0] === pin;
}

/**
 * Makes sure `install` is cached under the repository `root`, for a script that runs one
 * binary outside the matrix: its path, and what was done, for the log.
 *
 * @throws Error when npm fails (see {@link ensureInstalled}).
 */
export function cachedBinary(root: string, install: Install): { binary: string; done: string } {
  const locate = locator(root);
  return { done: ensureInstalled(locate, install), binary: locate.binary(install) };
}

/**
 * Makes sure `install` is cached; returns what it did, for the log.
 *
 * @throws Error when npm fails, with its exit status (its output went to the console).
 */
export function ensureInstalled(locate: Locate, install: Install): string {
  const found = installedVersion(locate, install);
  if (found && satisfies(found, install.version)) return `${install.name}@${found} cached`;
  const spec = `${install.name}@${install.version}`;
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefer-offline',
      '--prefix',
      locate.prefix(install),
      spec,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (npm.status !== 0) throw new Error(`npm install ${spec} exited with ${npm.status}`);
  return `${spec} installed`;
}
