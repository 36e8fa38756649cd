// Helpers the benchmarks share: statistics, timing, and servers in child processes.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromChild } from './server-child.js';

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Milliseconds since an arbitrary origin, sub-millisecond precise. */
export const now = (): number => performance.now();

/** Runs a function and returns how long it took, in milliseconds. */
export async function time(run: () => Promise<unknown>): Promise<number> {
  const start = now();
  await run();
  return now() - start;
}

/**
 * Times two contenders in alternation (a, b, b, a, ...), so that drift in the machine's
 * speed hits both alike, after `warmup` untimed rounds of each.
 *
 * @returns The medians, and as `ratio` the median of each round's `a / b`: the two runs of
 *   a round are neighbours in time, so a burst of load from another process skews one
 *   round's ratio rather than the figure.
 */
export async function alternate(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  rounds: number,
  warmup = 1,
): Promise<{ a: number; b: number; ratio: number; aRuns: number[]; bRuns: number[] }> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const aRuns: number[] = [];
  const bRuns: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      aRuns.push(await time(a));
      bRuns.push(await time(b));
    } else {
      bRuns.push(await time(b));
      aRuns.push(await time(a));
    }
  }
  const ratio = median(aRuns.map((run, i) => run / (bRuns[i] as number)));
  return { a: median(aRuns), b: median(bRuns), ratio, aRuns, bRuns };
}

/** A server running in a child process. */
export interface ChildServer {
  readonly hostUrl: string;
  readonly child: ChildProcess;
  /** The child's heap and resident size, in bytes. */
  memory(): Promise<{ heapUsed: number; rss: number }>;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./server-child.ts', import.meta.url));

function nextMessage<T extends FromChild['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FromChild, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromChild) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<FromChild, { type: T }>);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`benchmark server exited with code ${code} before '${type}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * Starts a server in a child process: `{ mock: n }` is the mock service with n generated
 * orders behind mock.listen(); `{ bare: body }` answers every request with those bytes.
 */
export async function startServer(kind: { mock: number } | { bare: string }): Promise<ChildServer> {
  const args = 'mock' in kind ? ['mock', String(kind.mock)] : ['bare'];
  const child = fork(CHILD, args, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const ready = nextMessage(child, 'ready');
  if ('bare' in kind) child.send({ type: 'bare-body', body: kind.bare });
  const { hostUrl } = await ready;
  return {
    hostUrl,
    child,
    async memory() {
      const reply = nextMessage(child, 'memory');
      child.send({ type: 'memory' });
      const { heapUsed, rss } = await reply;
      return { heapUsed, rss };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/** Bytes as MB with one decimal. */
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
