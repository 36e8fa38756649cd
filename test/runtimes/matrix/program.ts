// Starts one smoke program (or host) as a child process and reads its rows from the marked
// stdout line. A program that crashes, hangs or prints no rows yields one failed row that
// carries the end of its output, so the table shows why.
import { spawn } from 'node:child_process';
import type { CheckRow } from '../checks/report.js';
import { ROWS_MARKER } from '../entries/cli-io.js';

/** How long one program may run: far above a healthy run, so only a hang trips it. */
const TIMEOUT_MS = 120_000;

// CI reaches no network but the package registries: Deno's release check would only wait
// for a host it cannot reach.
const ENV = { ...process.env, DENO_NO_UPDATE_CHECK: '1' };

function tail(text: string) {
  return text.trim().split('\n').slice(-3).join(' | ').slice(-400);
}

/** Runs `argv`; resolves to its rows, or to one failed row named `check`. */
export function runProgram(argv: string[], cwd: string, check: string): Promise<CheckRow[]> {
  const [command = '', ...args] = argv;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    const failed = (detail: string) => resolve([{ check, status: 'fail', detail }]);
    child.on('error', (error) => {
      clearTimeout(timer);
      failed(`could not start ${command}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((text) => text.startsWith(ROWS_MARKER));
      if (line) {
        const rows = JSON.parse(line.slice(ROWS_MARKER.length)) as CheckRow[];
        if (code === 0) return resolve(rows);
        return resolve([...rows, { check, status: 'fail', detail: `exited ${code}` }]);
      }
      const how = signal === 'SIGKILL' ? `killed after ${TIMEOUT_MS / 1000} s` : `exited ${code}`;
      failed(`${how} without results: ${tail(stderr || stdout)}`);
    });
  });
}

/** The first line a command prints (a version), or why it printed none. */
export async function firstLine(argv: string[], cwd: string): Promise<string> {
  const [command = '', ...args] = argv;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: ENV, stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('error', () => resolve('not installed'));
    child.on('close', () => resolve(stdout.split('\n')[0]?.trim() || 'unknown'));
  });
}
