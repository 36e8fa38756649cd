// Runs a snippet as an ES module in a child Node, from the repository root, with tsx and one
// module of the test's own imported first: how the adapter tests change what the child's
// runtime offers (a module hook, a global) before the mock loads.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '../..');

/** What runs first, and the files it may import beside it. */
export interface ChildPreload {
  /** Module sources by file name, written to a temporary folder removed afterwards. */
  files: Record<string, string>;
  /** The file of `files` imported before the snippet. */
  preload: string;
  /** Milliseconds before the child is killed (SIGTERM). */
  timeout: number;
}

/**
 * Runs `code` (an ES module; relative imports start at the repository root) in a child Node.
 *
 * @param code - The snippet.
 * @param options - The preloaded module, its files, and the time limit.
 */
export function runChildModule(code: string, options: ChildPreload): SpawnSyncReturns<string> {
  const dir = mkdtempSync(join(tmpdir(), 'child-module-'));
  for (const [name, source] of Object.entries(options.files)) {
    writeFileSync(join(dir, name), source);
  }
  const preload = pathToFileURL(join(dir, options.preload)).href;
  try {
    return spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', preload, '--input-type=module', '-e', code],
      { cwd: ROOT, encoding: 'utf8', timeout: options.timeout },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
