// `npm run example:postgres-sync [-- --workers] [--seed N] [--kills N]`: runs sync.ts against
// one mock service, kills it with SIGKILL at seeded random points while orders change under
// it, restarts it each time, lets a last run finish, and then proves with SQL that the table
// holds every order of the service exactly once, at its newest version. Exits 1 if not.
//
// --workers splits the pull by platform, one worker (and checkpoint row) per platform. On
// PGlite, which lets one process at a time open a data directory, the workers run as
// concurrent pulls in one process sharing the database; with DATABASE_URL each worker is its
// own process, and a kill takes down one of them while the others carry on.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ORIGIN_CURSOR, type OrderCursor } from 'order-fulfillment-sdk';
import { createMockService, MOCK_API_KEY, type MockService } from 'order-fulfillment-sdk/mock';
import { createChurn, seededRandom } from './churn.js';
import { openDatabase } from './database.js';
import { prove } from './proof.js';
import { createSchema, loadCheckpoint, workerName } from './store.js';
import type { SyncEvent } from './sync.js';

const syncScript = join(import.meta.dirname, 'sync.ts');
const PAGE_SIZE = 100; // small pages: more commits, so more places for a kill to land

const { values } = parseArgs({
  options: {
    workers: { type: 'boolean', default: false },
    seed: { type: 'string' },
    kills: { type: 'string', default: '3' },
  },
});
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const onServer = Boolean(process.env.DATABASE_URL);

/** One running sync process and what it has reported. */
interface SyncProcess {
  name: string;
  child: ChildProcess;
  commits: number;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

function startSync(hostUrl: string, dataDir: string, platforms: string[]): SyncProcess {
  const args = ['--data-dir', dataDir, '--limit', String(PAGE_SIZE)];
  for (const platform of platforms) args.push('--platform', platform);
  // fork: the child runs with this process's tsx loader and gets an IPC channel for events.
  const child = fork(syncScript, args, {
    env: { ...process.env, ORDER_API_URL: hostUrl, ORDER_API_KEY: MOCK_API_KEY },
    stdio: 'inherit',
  });
  const exited = once(child, 'exit') as SyncProcess['exited'];
  return { name: platforms.join('+') || 'sync', child, commits: 0, exited };
}

/**
 * Where the data lives: a PGlite data directory under a temp dir, or a schema of its own on
 * the server, so the example never touches tables it did not create. PGOPTIONS sets the
 * search_path of every connection `pg` opens, the children's too.
 */
async function prepareDatabase() {
  const tempDir = mkdtempSync(join(tmpdir(), 'ofs-postgres-sync-'));
  const dataDir = join(tempDir, 'pgdata');
  const schema = `ofs_sync_example_${process.pid}`;
  if (onServer) process.env.PGOPTIONS = `-c search_path=${schema}`;
  // The temp directory first: a server the schema cannot be dropped on must not leave it.
  const remove = async () => {
    rmSync(tempDir, { recursive: true, force: true });
    if (onServer) {
      const db = await openDatabase(dataDir);
      try {
        await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await db.close();
      }
    }
  };
  const db = await openDatabase(dataDir);
  try {
    if (onServer) {
      // An `options` in DATABASE_URL would override PGOPTIONS: stop rather than write elsewhere.
      const [where] = await db.query<{ path: string }>(
        `SELECT current_setting('search_path') AS path`,
      );
      if (where?.path !== schema) throw new Error(`search_path is ${where?.path}, not ${schema}`);
      await db.query(`CREATE SCHEMA ${schema}`);
    }
    await createSchema(db);
    console.log(`database: ${db.description}${onServer ? `, schema ${schema}` : ''}`);
  } catch (error) {
    await db.close();
    await remove();
    throw error;
  }
  await db.close(); // on PGlite, the children need the data directory to themselves
  return { dataDir, remove };
}

// Each worker's checkpoint as the database holds it, read between rounds while no sync runs
// (on PGlite the children need the data directory to themselves): where its next pull must
// start, or the origin before its first committed page.
async function savedCursors(
  dataDir: string,
  platforms: readonly (string | undefined)[],
): Promise<Map<string | undefined, OrderCursor>> {
  const db = await openDatabase(dataDir);
  try {
    const cursors = new Map<string | undefined, OrderCursor>();
    for (const platform of platforms) {
      const saved = await loadCheckpoint(db, workerName(platform));
      cursors.set(platform, saved ?? { ...ORIGIN_CURSOR });
    }
    return cursors;
  } finally {
    await db.close();
  }
}

// The workers whose first request of a round did not start where the database says: a restart
// that pulled from the origin again would still end with every order stored, so only the
// service's record of the requests shows it. From the mock's request journal.
function notResumed(
  mock: MockService,
  firstEntry: number,
  expected: Map<string | undefined, OrderCursor>,
): string[] {
  const wrong: string[] = [];
  const entries = mock.requests; // a copy of the journal, taken once
  for (const [platform, cursor] of expected) {
    const first = entries.find(
      (entry) =>
        entry.id >= firstEntry &&
        entry.method === 'GET' &&
        entry.path.endsWith('/orders') &&
        entry.query.platform === platform,
    );
    // A run killed before its first request asked for nothing.
    if (!first) continue;
    const { since, since_id } = first.query;
    if (since !== cursor.since || since_id !== cursor.since_id) {
      wrong.push(`${workerName(platform)} asked since=${since} since_id=${since_id}`);
    }
  }
  return wrong;
}

async function main() {
  const started = performance.now();
  const mock = createMockService({ orders: 5000, seed: 1 });
  const allPlatforms = [...new Set(mock.orders.all().map((order) => order.platform))]
    .filter((platform): platform is string => typeof platform === 'string')
    .sort();
  const platforms = values.workers ? allPlatforms : undefined;
  // Separate streams, so the kill points replay exactly whatever the timing of the changes.
  const killRandom = seededRandom(seed);
  const churn = createChurn(mock, allPlatforms, seededRandom(seed + 1));
  // One process per worker on a server; on PGlite one process runs every worker.
  const groups = !platforms ? [[]] : onServer ? platforms.map((p) => [p]) : [platforms];
  const workers = platforms ? `${platforms.length} workers by platform` : 'one worker';
  console.log(
    `seed ${seed} (rerun with --seed ${seed}); ${workers} in ${groups.length} process(es)`,
  );

  const server = await mock.listen();
  // Outside the try below, which closes the mock: a database it cannot prepare (a wrong
  // password, a server down) must not leave the mock's server holding the process open.
  const database = await prepareDatabase().catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  const running = new Set<SyncProcess>();
  // Ctrl-C or a stop: a signal ends the process without running the `finally` below, which
  // would leave the children, the temp directory (or the server's schema) behind. Cleaned up
  // here, then the signal raised again, so the exit still says what stopped it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const run of running) run.child.kill('SIGKILL');
      void Promise.allSettled([server.close(), database.remove()]).then(() =>
        process.kill(process.pid, signal),
      );
    });
  }
  let kills = 0;
  let failed = 0;
  const resumeFailures: string[] = [];
  try {
    const rounds = Number(values.kills);
    for (let round = 1; round <= rounds + 1; round++) {
      const last = round > rounds;
      const expected = await savedCursors(database.dataDir, platforms ?? [undefined]);
      const firstEntry = (mock.requests.at(-1)?.id ?? 0) + 1;
      const runs = groups.map((group) => startSync(server.hostUrl, database.dataDir, group));
      for (const run of runs) running.add(run);
      // The kill point: after some committed pages of one process, plus 0 to 49 ms, so it can
      // land while a page is fetched, while its transaction runs, or between pages. The range
      // keeps each kill inside the work a run has, so most rounds are killed mid-pull.
      const target = last ? undefined : runs[Math.floor(killRandom() * runs.length)];
      const afterCommits = Math.floor(killRandom() * Math.ceil(16 / runs.length));
      const delay = Math.floor(killRandom() * 50);
      console.log(
        `\nround ${round}: ${
          target
            ? `SIGKILL ${target.name} after ${afterCommits} committed pages + ${delay} ms`
            : 'no kill, no changes: the run that finishes'
        }`,
      );
      for (const run of runs) {
        run.child.on('message', (event: SyncEvent) => {
          if (event.type !== 'committed') return;
          run.commits++;
          // The orders change under the pull: some already stored, some still ahead of it.
          if (!last) churn.burst({ updates: 3, creates: 1, moves: run.commits % 2 });
          if (run === target && run.commits === afterCommits) {
            setTimeout(() => run.child.kill('SIGKILL'), delay);
          }
        });
        if (run === target && afterCommits === 0) {
          run.child.once('message', () => setTimeout(() => run.child.kill('SIGKILL'), delay));
        }
      }
      for (const run of runs) {
        const [code, signal] = await run.exited;
        running.delete(run);
        if (signal === 'SIGKILL' && run === target) {
          kills++;
          console.log(`  ${run.name}: killed with ${run.commits} pages committed`);
        } else if (code !== 0) {
          throw new Error(`${run.name} ended with ${signal ?? `exit code ${code}`}`);
        } else if (run === target) {
          console.log(`  ${run.name}: finished before its kill point`);
        }
      }
      for (const wrong of notResumed(mock, firstEntry, expected)) {
        resumeFailures.push(`round ${round}: ${wrong}`);
      }
      // While it is down: many changes, so the next run has several pages to be killed in.
      if (!last) churn.burst({ updates: 400, creates: 20, moves: 20 });
    }

    const { updates, creates, moves } = churn.totals;
    console.log(
      `\n${kills} kills; meanwhile ${updates} status changes, ${creates} new orders and ` +
        `${moves} platform moves through the mock's state API`,
    );
    const db = await openDatabase(database.dataDir);
    try {
      failed = await prove(db, mock.orders.all(), platforms);
    } finally {
      await db.close();
    }
    if (resumeFailures.length === 0) {
      console.log('  ok    resumed: each run started at the checkpoint its worker had committed');
    } else {
      failed++;
      console.log(`  FAIL  resumed: ${resumeFailures.join('; ')}`);
    }
    if (kills === 0) {
      failed++;
      console.log('  FAIL  no run was killed, so this run showed nothing about a crash');
    }
  } finally {
    for (const run of running) run.child.kill('SIGKILL');
    await server.close();
    await database.remove();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failed > 0) {
    console.error(`\nFAILED: ${failed} checks (seed ${seed}), in ${seconds} s`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nproved: ${kills} SIGKILLs lost nothing, and each restart resumed (${seconds} s)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
