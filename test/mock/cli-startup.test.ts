// A signal while the CLI is still starting (generating a large data set, before it listens):
// a harness that gives up on a slow start stops it with SIGTERM and must read exit code 0,
// not node's 143 for a process killed by the signal.
import { spawn } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CLI } from '../support/cli.js';

// Loaded before the CLI: says on stderr once the first SIGTERM listener is in place (SIGINT's
// is added just before it), so the test signals the moment the CLI can handle it, not on a timer.
const MARKER = 'sigterm-listener-added';
const PRELOAD = `data:text/javascript,${encodeURIComponent(`
  const on = process.on;
  let told = false;
  process.on = function (event, listener) {
    const result = on.call(this, event, listener);
    if (event === 'SIGTERM' && !told) {
      told = true;
      process.stderr.write('${MARKER}\\n');
    }
    return result;
  };
`)}`;

describe('order-fulfillment-mock, stopped while starting', () => {
  it.for(['SIGTERM', 'SIGINT'] as const)(
    'exits 0 and prints nothing on %s during data generation',
    // tsx's start and the whole generation: seconds alone, far more in a busy full run.
    { timeout: 60_000 },
    async (signal) => {
      // A million orders take over a second to generate: the signal lands well before listen.
      const child = spawn(
        process.execPath,
        [
          '--import',
          PRELOAD,
          '--import',
          'tsx',
          CLI,
          '--port',
          '0',
          '--json',
          '--orders',
          '1000000',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      onTestFinished(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        const before = stderr;
        stderr += chunk;
        if (!before.includes(MARKER) && stderr.includes(MARKER)) child.kill(signal);
      });
      const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.on('exit', (code, killedBy) => resolve({ code, signal: killedBy })),
      );
      expect(stderr).toContain(MARKER);
      // Stopped before it listened: no ready line, no URL.
      expect(stdout).toBe('');
      expect(stderr.replace(`${MARKER}\n`, '')).toBe('');
      expect(exit).toEqual({ code: 0, signal: null });
    },
  );
});
