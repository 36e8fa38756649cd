// The CLI as a CI job scripts it: one JSON line when ready, faults, latency and record limits
// from flags, the version, and no server left behind when its stdin or its parent goes away.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { USAGE } from '../../mock/cli-args.js';
import { MOCK_API_KEY, MOCK_SIGNING_SECRET } from '../../mock/index.js';
import { CLI, run, started } from '../support/cli.js';
import { send } from '../support/mock.js';
import { startReceiver } from '../support/receiver.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function gone(pid: number, withinMs = 10_000): Promise<boolean> {
  for (const end = Date.now() + withinMs; Date.now() < end; ) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !alive(pid);
}

describe('order-fulfillment-mock, scripted', () => {
  it('prints one JSON line with --json and applies --fault, --latency and --journal-limit', async () => {
    const cli = await started([
      '--port',
      '0',
      '--json',
      '--latency',
      '1-3',
      '--journal-limit',
      '2',
      '--fault',
      '{"method":"GET","path":"/api/v1/web-api/v1/orders*","status":503,"times":1}',
      '--fault',
      '{"path":"/api/v1/web-api/v1/products","error":"reset"}',
    ]);
    const lines = cli.output().stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const ready = JSON.parse(lines[0] as string);
    expect(ready).toMatchObject({
      hostUrl: cli.hostUrl,
      baseUrl: `${cli.hostUrl}/api/v1/web-api/v1`,
      controlUrl: `${cli.hostUrl}/__mock`,
      apiKeys: [{ key: MOCK_API_KEY }],
      signingSecret: MOCK_SIGNING_SECRET,
      version: expect.any(String),
    });
    // --help names every field of the line, so a script's author can read it there.
    const helped = USAGE.slice(USAGE.indexOf('--json'), USAGE.indexOf('--exit-with-stdin'));
    for (const field of Object.keys(ready)) expect(helped).toContain(field);
    expect((await send(`${ready.baseUrl}/orders?limit=1`)).status).toBe(503);
    expect((await send(`${ready.baseUrl}/orders?limit=1`)).status).toBe(200);
    await expect(send(`${ready.baseUrl}/products`)).rejects.toThrow();
    const journal = await send(`${ready.controlUrl}/requests`);
    expect(journal.body.items.map((entry: { status: number | null }) => entry.status)).toEqual([
      200,
      null,
    ]);
    const rules = await send(`${ready.controlUrl}/faults`);
    expect(rules.body.items).toMatchObject([{ error: 'reset' }]);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('keeps only the newest delivery attempts given --deliveries-limit', async () => {
    const receiver = await startReceiver();
    const cli = await started(['--port', '0', '--json', '--deliveries-limit', '2']);
    const control = `${cli.hostUrl}/__mock`;
    const webhooks = `${cli.hostUrl}/api/v1/web-api/v1/webhooks`;
    const body = { url: receiver.url, events: ['order.created'] };
    expect((await send(webhooks, { method: 'POST', body })).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      expect((await send(`${control}/orders`, { method: 'POST', body: {} })).status).toBe(201);
      // One event at a time, so the attempts are recorded in the order the events were made.
      await send(`${control}/deliveries/flush`, { method: 'POST' });
    }
    const events = receiver.received.map((r) => JSON.parse(r.raw).id);
    expect(events).toHaveLength(3);
    const listed = await send(`${control}/deliveries`);
    expect(listed.body.items.map((d: { event_id: string }) => d.event_id)).toEqual(events.slice(1));
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('retries and times out deliveries as --delivery-retry says, over the fixture', async () => {
    const failing = await startReceiver([500]);
    // A receiver that never answers: each attempt ends at the timeout.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => {
      silent.closeAllConnections();
      silent.close();
    });
    const dir = mkdtempSync(join(tmpdir(), 'ofs-mock-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const fixture = join(dir, 'fixture.json');
    writeFileSync(fixture, JSON.stringify({ deliveryRetry: { attempts: 5, timeoutMs: 60_000 } }));
    // A timeout long enough for the failing receiver, in this busy test process, to answer
    // its 500 within it; the fixture's 60 s would outlast the test.
    const cli = await started([
      '--port',
      '0',
      '--fixture',
      fixture,
      '--delivery-retry',
      '2/0/2000',
    ]);
    const webhooks = `${cli.hostUrl}/api/v1/web-api/v1/webhooks`;
    const { port } = silent.address() as AddressInfo;
    for (const url of [failing.url, `http://127.0.0.1:${port}/hooks`]) {
      const body = { url, events: ['order.created'] };
      expect((await send(webhooks, { method: 'POST', body })).status).toBe(201);
    }
    const control = `${cli.hostUrl}/__mock`;
    expect((await send(`${control}/orders`, { method: 'POST', body: {} })).status).toBe(201);
    // Two attempts each, as the flag says, not the fixture's five.
    const flushed = await send(`${control}/deliveries/flush`, { method: 'POST' });
    const attempts = (id: string) =>
      flushed.body.items
        .filter((a: { subscription_id: string }) => a.subscription_id === id)
        .map((a: { attempt: number; status?: number; ok: boolean }) => [a.attempt, a.status, a.ok]);
    expect(attempts('wh_1')).toEqual([
      [1, 500, false],
      [2, 500, false],
    ]);
    expect(attempts('wh_2')).toEqual([
      [1, undefined, false],
      [2, undefined, false],
    ]);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('prints the version, and refuses a bad --fault or --latency with exit 2', async () => {
    const runs = [
      run(['--version']),
      run(['--fault', '{"path":"/x"}']),
      run(['--fault', 'not json']),
      run(['--latency', '9-3']),
      run(['--fault', '{"path":"/orders*","status":503}']),
    ];
    const codes = await Promise.all(runs.map((cli) => cli.exited));
    expect(codes).toEqual([0, 2, 2, 2, 2]);
    expect(runs[0]?.output().stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(runs[1]?.output().stderr).toContain('--fault #1: Invalid fault rule: needs one effect');
    expect(runs[2]?.output().stderr).toContain('--fault #1 must be a rule as JSON');
    expect(runs[3]?.output().stderr).toContain('--latency must be MIN or MIN-MAX');
    expect(runs[4]?.output().stderr).toContain('--fault #1: path matches no endpoint');
  });

  it('exits when its stdin closes, given --exit-with-stdin', async () => {
    const cli = await started(['--port', '0', '--json', '--exit-with-stdin']);
    cli.child.stdin?.end();
    expect(await cli.exited).toBe(0);
  });

  // A wrapper that starts the CLI through `sh -c` (which stays, as under npx), prints the
  // CLI's pid, and waits to be killed.
  async function underWrapper(flags: string[]) {
    const command = [process.execPath, '--import', 'tsx', CLI, '--port', '0', '--json', ...flags]
      .map((word) => `'${word}'`)
      .join(' ');
    const script = `
      const { spawn } = require('node:child_process');
      const sh = spawn('sh', ['-c', ${JSON.stringify(`${command}; true`)}], { stdio: ['ignore', 'pipe', 'inherit'] });
      sh.stdout.once('data', () => {
        const ps = require('node:child_process').execFileSync('ps', ['-o', 'pid=', '--ppid', String(sh.pid)]);
        console.log(String(ps).trim());
      });
      setInterval(() => {}, 1000);`;
    const wrapper = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = await new Promise<number>((resolve) =>
      wrapper.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
    );
    onTestFinished(() => {
      if (wrapper.exitCode === null) wrapper.kill('SIGKILL');
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    });
    return { wrapper, pid };
  }

  it('exits when the wrapper above it is killed, as under npx', async () => {
    const { wrapper, pid } = await underWrapper([]);
    expect(alive(pid)).toBe(true);
    wrapper.kill('SIGKILL');
    expect(await gone(pid)).toBe(true);
  });

  // What a harness's terminate() meets under npx where /bin/sh is dash: npm passes the SIGTERM
  // to the `sh -c` it runs the command in, which dies of it (npm then ends itself by the same
  // signal: -15); the CLI never gets it, and stops on seeing its parent gone (docs/mock.md).
  it('stops by itself and frees its port when a SIGTERM ends the sh -c above it, as under npx', async () => {
    const command = [process.execPath, '--import', 'tsx', CLI, '--port', '0', '--json']
      .map((word) => `'${word}'`)
      .join(' ');
    // `; true` keeps the shell as the CLI's parent, as dash keeps it under npx.
    const sh = spawn('sh', ['-c', `${command}; true`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    sh.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const shExited = once(sh, 'exit');
    const ready = JSON.parse(String((await once(sh.stdout, 'data'))[0]));
    const pid = Number(String(execFileSync('ps', ['-o', 'pid=', '--ppid', String(sh.pid)])).trim());
    onTestFinished(() => {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    });
    sh.kill('SIGTERM');
    expect(await shExited).toEqual([null, 'SIGTERM']);
    expect(await gone(pid)).toBe(true);
    await expect(fetch(`${ready.controlUrl}/clock`)).rejects.toThrow();
    expect(stderr).toContain('order-fulfillment-mock: stopping (parent exited)');
  });

  // As `bun harness.ts` shows in /proc: `bun` runs the user's own program too.
  it.each(['node', 'bun'])(
    'keeps serving while the program that started it (%s) runs, after the shell above it exits',
    async (name) => {
      // A harness of the user's starts the mock itself, from a shell that ends first.
      const harness = `
        const { spawn } = require('node:child_process');
        const cli = spawn(process.execPath, ['--import', 'tsx', ${JSON.stringify(CLI)}, '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
        cli.stdout.once('data', () => console.log(cli.pid));
        setInterval(() => {}, 1000);`;
      const shell = spawn(
        'bash',
        ['-c', 'exec -a "$2" "$0" -e "$1" & sleep 1', process.execPath, harness, name],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const shellExited = once(shell, 'exit');
      const pid = await new Promise<number>((resolve) =>
        shell.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
      );
      const harnessPid = Number(
        String(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)])).trim(),
      );
      onTestFinished(() => {
        for (const each of [harnessPid, pid]) if (alive(each)) process.kill(each, 'SIGKILL');
      });
      await shellExited;
      expect(await gone(pid, 2_000)).toBe(false);
      process.kill(harnessPid, 'SIGKILL');
      expect(await gone(pid)).toBe(true);
    },
  );

  it('keeps serving after its wrapper dies, given --no-exit-with-parent', async () => {
    const { wrapper, pid } = await underWrapper(['--no-exit-with-parent']);
    wrapper.kill('SIGKILL');
    expect(await gone(pid, 2_000)).toBe(false);
  });
});
