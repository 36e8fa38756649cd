// --exit-with-stdin given a stdin that has already ended (Python's stdin=DEVNULL, a CI
// runner's /dev/null, a pipe closed at once): the mock would stop before it was used, so it
// refuses with exit 2 and one line saying why, and prints no ready line; a harness reading
// that line then sees the failure, not an empty line and exit 0.
import { spawn } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CLI, run } from '../support/cli.js';

// The CLI with `stdin` as given, its output and exit code once it ends.
async function ended(stdin: 'ignore' | 'pipe', args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: [stdin, 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  if (stdin === 'pipe') child.stdin?.end();
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

const NEEDS_A_PIPE =
  /^order-fulfillment-mock: --exit-with-stdin needs a stdin kept open \(a pipe\).*stdin=subprocess\.PIPE/;

describe('order-fulfillment-mock --exit-with-stdin, stdin ended before it was ready', () => {
  it.each([
    ['/dev/null', 'ignore'],
    ['a pipe closed at once', 'pipe'],
  ] as const)('exits 2 with one line and no ready line, given %s', async (_name, stdin) => {
    const { code, stdout, stderr } = await ended(stdin, [
      '--port',
      '0',
      '--json',
      '--exit-with-stdin',
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(NEEDS_A_PIPE);
  });

  it('still serves from a stdin that stays open, and stops with 0 when it closes', async () => {
    const cli = run(['--port', '0', '--json', '--exit-with-stdin']);
    onTestFinished(() => {
      if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
    });
    const ready = await new Promise<string>((resolve) => cli.child.stdout.once('data', resolve));
    expect(JSON.parse(ready).controlUrl).toMatch(/\/__mock$/);
    cli.child.stdin.end();
    expect(await cli.exited).toBe(0);
    expect(cli.output().stderr).toBe('order-fulfillment-mock: stopping (stdin closed)\n');
  });
});
