// A progress line for long pulls: rewritten in place on a terminal, and in CI logs (not a
// TTY) one plain line every few seconds, so the log stays short and readable.

/** Reports a running count and rate; call `tick` per item and `done` at the end. */
export interface Progress {
  tick(count?: number): void;
  done(): { count: number; seconds: number; rate: number };
}

/**
 * Starts a progress reporter.
 *
 * @param label - What is counted, e.g. `orders`.
 * @param total - The expected count, when known, to show a percentage.
 */
export function startProgress(label: string, total?: number): Progress {
  const tty = process.stdout.isTTY === true;
  const started = performance.now();
  const every = tty ? 100 : 2000; // milliseconds between updates
  let count = 0;
  let last = 0;

  const line = () => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(count / seconds) : 0;
    const share = total ? ` (${Math.floor((count / total) * 100)}%)` : '';
    return `   ${count.toLocaleString('en-US')} ${label}${share}, ${rate.toLocaleString('en-US')}/s`;
  };

  return {
    tick(n = 1) {
      count += n;
      const now = performance.now();
      if (now - last < every) return;
      last = now;
      if (tty) process.stdout.write(`\r${line()}\x1b[K`);
      else process.stdout.write(`${line()}\n`);
    },
    done() {
      const seconds = (performance.now() - started) / 1000;
      if (tty) process.stdout.write(`\r${line()}\x1b[K\n`);
      else process.stdout.write(`${line()}\n`);
      return { count, seconds, rate: seconds > 0 ? count / seconds : 0 };
    },
  };
}
