// The Postgres sync example run twice at once with the same worker, on PGlite: a deploy that
// starts the new process before the old one stopped, or a cron that fired twice; and stopped
// by SIGTERM.
import { fork, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../examples/postgres-sync/database.js';
import { prove } from '../../examples/postgres-sync/proof.js';
import { createSchema, loadCheckpoint, savePage } from '../../examples/postgres-sync/store.js';
import { createMockService, MOCK_API_KEY } from '../../mock/index.js';
import { createClient } from '../../src/index.js';
import { handlerFetch } from '../support/mock.js';

let dir: string;
const opened: Database[] = [];

beforeEach(() => {
  vi.stubEnv('DATABASE_URL', '');
  dir = mkdtempSync(join(tmpdir(), 'ofs-postgres-sync-test-'));
});

afterEach(async () => {
  for (const db of opened.splice(0)) await db.close().catch(() => undefined);
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<Database> {
  const db = await openDatabase(join(dir, 'pgdata'));
  opened.push(db);
  return db;
}

describe('two copies of one worker', { timeout: 60_000 }, () => {
  it('keep the newest version of each order, and the checkpoint never moves back', async () => {
    const mock = createMockService({ orders: 30, seed: 1 });
    const client = createClient({
      hostUrl: mock.hostUrl,
      apiKey: MOCK_API_KEY,
      fetch: handlerFetch(mock),
    });
    const db = await open();
    await createSchema(db);

    // The old copy fetched its first page, then stalled before committing it.
    const old = client.orders.pages({ limit: 10 });
    const pulling = old[Symbol.asyncIterator]();
    const stale = (await pulling.next()).value?.items ?? [];
    await pulling.return?.();
    const changed = stale[0]?.id ?? '';
    mock.orders.update(changed, { status: 'Packed' });

    // Meanwhile the new copy pulls everything, the change included.
    const fresh = client.orders.pages({ limit: 10 });
    for await (const page of fresh) await savePage(db, 'all', page.items, fresh.cursor);
    const end = fresh.cursor;

    // Then the old copy commits its page, and is stopped.
    await savePage(db, 'all', stale, old.cursor);

    const [stored] = await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      changed,
    ]);
    expect(stored?.status).toBe('Packed');
    expect(await loadCheckpoint(db, 'all')).toEqual(end);
    expect(await prove(db, mock.orders.all(), undefined)).toBe(0);
  });
});

// PGlite takes no lock of its own: two processes on one data directory leave it unreadable.
describe('the PGlite data directory', { timeout: 60_000 }, () => {
  it('is refused to a second opener while the first has it, and nothing is lost', async () => {
    const db = await open();
    await createSchema(db);
    await savePage(db, 'all', [], { since: '2026-01-01T00:00:00Z', since_id: '1' });
    await expect(open()).rejects.toThrow(`is in use by process ${process.pid}`);
    // The same directory named another way shares the lock.
    await expect(openDatabase(`${join(dir, 'pgdata')}/`)).rejects.toThrow('is in use');
    expect(await loadCheckpoint(db, 'all')).toEqual({
      since: '2026-01-01T00:00:00Z',
      since_id: '1',
    });
    await opened.pop()?.close(); // the first opener ends, and its lock with it
    const again = await open();
    expect(await loadCheckpoint(again, 'all')).toEqual({
      since: '2026-01-01T00:00:00Z',
      since_id: '1',
    });
  });

  it.each([
    ['a process that was killed holding it', () => spawnSync(process.execPath, ['-e', '']).pid],
    ['a killed run that had this pid (PID 1 in a restarted container)', () => process.pid],
  ])('is taken over from %s', async (_, owner) => {
    writeFileSync(join(dir, 'pgdata.lock'), String(owner()));
    const db = await open();
    await createSchema(db);
    expect(readFileSync(join(dir, 'pgdata.lock'), 'utf8')).toBe(String(process.pid));
  });
});

// A deploy or `docker stop` sends SIGTERM: the sync commits the page in hand, closes the
// database and exits 0, leaving no lock file and a checkpoint at what it stored.
describe('the sync on SIGTERM', { timeout: 60_000 }, () => {
  it('stops after a committed page, closes the database and releases its lock', async () => {
    const dataDir = join(dir, 'pgdata');
    const child = fork(
      join(import.meta.dirname, '../../examples/postgres-sync/sync.ts'),
      ['--data-dir', dataDir, '--limit', '50'],
      { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
    );
    const exited = once(child, 'exit');
    let committed = 0;
    child.on('message', (event: { type: string; orders?: number }) => {
      if (event.type !== 'committed') return;
      if (committed === 0) child.kill('SIGTERM');
      committed += event.orders ?? 0;
    });
    expect(await exited).toEqual([0, null]);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const db = await open();
    const [stored] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(5000);
    expect(stored?.n).toBe(committed);
    expect(await loadCheckpoint(db, 'all')).toBeDefined();
  });
});

// Ctrl-C on the kill-and-resume proof: it stops its syncs and removes its temp data before
// it goes, rather than leaving a PGlite directory in the temp folder for each interrupted run.
describe('the kill-and-resume proof on Ctrl-C', { timeout: 60_000 }, () => {
  it('removes its temp directory and exits by the signal', async () => {
    const child = fork(
      join(import.meta.dirname, '../../examples/postgres-sync/kill-and-resume.ts'),
      ['--seed', '1'],
      {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, TMPDIR: dir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      },
    );
    const exited = once(child, 'exit');
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
      // Mid-run: the database made and a sync started.
      if (output.includes('round 1:') && !child.killed) child.kill('SIGINT');
    });
    expect(await exited).toEqual([null, 'SIGINT']);
    // tsx keeps its own cache there too; the example's directories are its own.
    expect(readdirSync(dir).filter((name) => name.startsWith('ofs-'))).toEqual([]);
  });
});

// A DATABASE_URL that cannot be used (a server down, a wrong password): the proof says why
// and exits, rather than leave the mock it started holding the process open, and removes its
// temp directory. The password is never printed.
describe('the kill-and-resume proof without a database', { timeout: 60_000 }, () => {
  it('exits 1 with the cause, and leaves no temp directory', async () => {
    const child = fork(
      join(import.meta.dirname, '../../examples/postgres-sync/kill-and-resume.ts'),
      ['--seed', '1'],
      {
        execArgv: ['--import', 'tsx'],
        // Port 1: nothing listens there, so the connection is refused at once.
        env: {
          ...process.env,
          TMPDIR: dir,
          DATABASE_URL: 'postgres://shop:s3cr3t-pw@127.0.0.1:1/shop',
        },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    expect(await once(child, 'exit')).toEqual([1, null]);
    expect(output).toContain('ECONNREFUSED');
    expect(output).not.toContain('s3cr3t-pw');
    expect(readdirSync(dir).filter((name) => name.startsWith('ofs-'))).toEqual([]);
  });
});
