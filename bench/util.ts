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

/**
 * The lowest and highest of a list of ratios, as `1.071–1.128`: how far one run's figure can
 * stray, so that a reader can tell a miss from noise around the target.
 */
export function range(values: readonly number[]): string {
  return `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}`;
}

/** Milliseconds since an arbitrary origin, sub-millisecond precise. */
export const now = (): number => performance.now();

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
