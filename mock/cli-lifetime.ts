// When the standalone mock stops: on SIGINT or SIGTERM; when the process that started it
// goes away (an `npx` or `npm run` wrapper killed must not leave a server running); and,
// given `--exit-with-stdin`, when its stdin closes (a CI job's pipe ended). And how: the
// port first, so a harness can start the next server on it, then a bounded wait for
// webhook deliveries still in flight.
import { fstatSync, readFileSync } from 'node:fs';
import { isatty } from 'node:tty';

/** The reason {@link stopSignal} gives when stdin ended. */
export const STDIN_CLOSED = 'stdin closed';

/**
 * Why `--exit-with-stdin` cannot work, as one line: stdin ended before the mock was ready, so
 * it would stop at once. A harness that gave it no stdin (Python's `stdin=DEVNULL`, a CI
 * runner's `/dev/null`) would otherwise read an empty line and exit code 0, as if the mock had
 * served and stopped.
 */
export const STDIN_ENDED_EARLY =
  '--exit-with-stdin needs a stdin kept open (a pipe): it stops the mock when stdin closes, ' +
  'and this stdin ended before the mock was ready (/dev/null, a file or a closed pipe; from ' +
  'Python, pass stdin=subprocess.PIPE, not DEVNULL)';

/**
 * Whether stdin ends by itself: a file, or a device that is no terminal (`/dev/null`), rather
 * than a pipe, a socket or a terminal, which stay open until someone closes them. Known at
 * once, where waiting for the end of a read would race the ready line.
 */
export function stdinEndsByItself(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFile() || (stat.isCharacterDevice() && !isatty(0));
  } catch {
    // No stdin at all: nothing can close it later either.
    return true;
  }
}

/** How long a stopping mock waits for webhook deliveries in flight, unless `--stop-grace` says. */
export const DEFAULT_STOP_GRACE_MS = 2000;

/** How the mock's lifetime is tied to what started it. */
export interface Lifetime {
  /** Stop when stdin ends. */
  exitWithStdin: boolean;
  /** Stop when the parent, or a wrapper above it, dies. */
  exitWithParent: boolean;
}

// Wrappers stand between a user and the mock: `npx` runs `sh -c` which runs node, and
// `npm run mock` adds tsx. At most three of them are watched, and none above the first
// process that is not one: a program of the user's that started the mock is watched, and
// the shell that started that program is not (it may end first, leaving the program, and its
// mock, running).
const WATCHED_LEVELS = 3;

// A package runner, a loader or a shell running one command, by the process's first two
// words (npm and pnpm set their process title, e.g. `npm exec …`).
const RUNNER = /^(?:npm|npx|pnpm|pnpx|yarn|bunx|tsx)$|^(?:npm|npx|pnpm|yarn)(?:-cli)?\.c?js$/;
const SHELL = /^(?:sh|bash|dash|zsh)$/;

// Linux only: a process's command words from /proc; empty elsewhere, or once it has gone. A
// process that set its title (npm, pnpm) shows one string of words.
function commandOf(pid: number): string[] {
  try {
    const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return words.length === 1 ? (words[0] as string).split(' ') : words;
  } catch {
    return [];
  }
}

function isWrapper(pid: number): boolean {
  const [command = '', first = ''] = commandOf(pid).map((word) => word.split('/').pop() ?? '');
  // `bun` alone also runs the user's own program: only `bun x` runs a package.
  if (command === 'bun') return first === 'x';
  return SHELL.test(command) ? first === '-c' : RUNNER.test(command) || RUNNER.test(first);
}

// Linux only: a process's parent from /proc; undefined elsewhere, or once it has gone.
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

// [process, its parent] pairs from this process up, through the wrappers above it: when an
// ancestor dies, the process below it is re-parented, so its pair no longer holds.
function ancestry(): Array<[number, number]> {
  const chain: Array<[number, number]> = [];
  let pid = process.pid;
  let parent: number | undefined = process.ppid;
  while (chain.length < WATCHED_LEVELS && parent !== undefined && parent > 1) {
    chain.push([pid, parent]);
    if (!isWrapper(parent)) break;
    pid = parent;
    parent = parentOf(pid);
  }
  return chain;
}

/**
 * Resolves, with the reason, when the mock should stop. SIGINT and SIGTERM stay handled
 * afterwards: one more calls `onRepeat` (the user insists), where node's default would kill
 * the process by the signal and a harness would read that as a crash.
 *
 * @param lifetime - What besides a signal ends it.
 * @param onRepeat - Called for each signal after the mock began to stop.
 */
export function stopSignal(lifetime: Lifetime, onRepeat: () => void): Promise<string> {
  let stopping = false;
  return new Promise((resolve) => {
    const stop = (reason: string) => {
      stopping = true;
      resolve(reason);
    };
    const onSignal = (signal: NodeJS.Signals) => (stopping ? onRepeat() : stop(signal));
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    if (lifetime.exitWithParent) {
      const chain = ancestry();
      setInterval(() => {
        const broken = chain.some(([pid, parent]) =>
          pid === process.pid ? process.ppid !== parent : parentOf(pid) !== parent,
        );
        if (broken) stop('parent exited');
      }, 500).unref();
      if (process.connected) process.once('disconnect', () => stop('parent disconnected'));
    }
    if (lifetime.exitWithStdin) {
      process.stdin.once('end', () => stop(STDIN_CLOSED));
      process.stdin.once('close', () => stop(STDIN_CLOSED));
      process.stdin.resume();
    }
  });
}

/**
 * Stops a running mock: closes the server (no new request is answered, open connections end,
 * the port is free at once), then waits for pending webhook deliveries, at most `graceMs`.
 * Deliveries to a receiver that never answers would otherwise hold the stop for their every
 * attempt and timeout.
 *
 * @param server - The running server.
 * @param mock - The service whose deliveries get the grace.
 * @param graceMs - The longest wait for the deliveries.
 */
export async function shutDown(
  server: { close(): Promise<void> },
  mock: { flushDeliveries(): Promise<void> },
  graceMs: number,
): Promise<void> {
  await server.close();
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([mock.flushDeliveries().catch(() => undefined), grace]);
  clearTimeout(timer);
}
