// The standalone CLI as a child process (through tsx, from source), for the CLI's tests:
// `run` starts it and collects its output, `started` waits for it to serve, `stop` ends it.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { parse, UsageError } from '../../mock/cli-args.js';

/** The CLI's source. */
export const CLI = join(import.meta.dirname, '../../mock/cli.ts');

/**
 * Starts the CLI with `args`.
 *
 * @param args - Its flags. Its stdin is a pipe the test may end (for `--exit-with-stdin`).
 */
export function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/**
 * Starts the CLI and resolves once it printed its URL (the banner's, or `--json`'s `hostUrl`).
 *
 * @param args - Its flags.
 */
export async function started(args: string[]) {
  const cli = run(args);
  onTestFinished(() => {
    if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
  });
  const hostUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no URL printed: ${cli.output().stderr}`)),
      15_000,
    );
    cli.child.stdout.on('data', () => {
      const match = /(?:listening on |"hostUrl":")(http:\/\/[^\s"]+)/.exec(cli.output().stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
  });
  return { ...cli, hostUrl };
}

/** Sends SIGTERM and resolves with the exit code. */
export async function stop(child: ChildProcess, exited: Promise<number | null>) {
  child.kill('SIGTERM');
  return exited;
}

/**
 * The message the CLI's flags are refused with (a UsageError).
 *
 * @param argv - The flags.
 */
export function usageMessageOf(argv: string[]): string {
  try {
    parse(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  return expect.unreachable();
}
