// When the standalone mock stops: on SIGINT or SIGTERM; when the process that started it
// goes away (an `npx` or `npm run` wrapper killed must not leave a server running); and,
// given `--exit-with-stdin`, when its stdin closes (a CI job's pipe ended).
import { readFileSync } from 'node:fs';

/** How the mock's lifetime is tied to what started it. */
export interface Lifetime {
  /** Stop when stdin ends. */
  exitWithStdin: boolean;
  /** Stop when the parent, or a wrapper above it, dies. */
  exitWithParent: boolean;
}

// Wrappers stand between a user and the mock: `npx` runs `sh -c` which runs node, and
// `npm run mock` adds tsx. Watching three levels covers them without reaching far up into
// the user's own shell and terminal.
const WATCHED_LEVELS = 3;

// Linux only: a process's parent from /proc; undefined elsewhere, or once it has gone.
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

// [process, its parent] pairs from this process up: when an ancestor dies, the process below
// it is re-parented, so its pair no longer holds.
function ancestry(): Array<[number, number]> {
  const chain: Array<[number, number]> = [];
  let pid = process.pid;
  let parent: number | undefined = process.ppid;
  while (chain.length < WATCHED_LEVELS && parent !== undefined && parent > 1) {
    chain.push([pid, parent]);
    pid = parent;
    parent = parentOf(pid);
  }
  return chain;
}

/**
 * Resolves, with the reason, when the mock should stop.
 *
 * @param lifetime - What besides a signal ends it.
 */
export function stopSignal(lifetime: Lifetime): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
    if (lifetime.exitWithParent) {
      const chain = ancestry();
      setInterval(() => {
        const broken = chain.some(([pid, parent]) =>
          pid === process.pid ? process.ppid !== parent : parentOf(pid) !== parent,
        );
        if (broken) resolve('parent exited');
      }, 500).unref();
      if (process.connected) process.once('disconnect', () => resolve('parent disconnected'));
    }
    if (lifetime.exitWithStdin) {
      process.stdin.once('end', () => resolve('stdin closed'));
      process.stdin.once('close', () => resolve('stdin closed'));
      process.stdin.resume();
    }
  });
}
