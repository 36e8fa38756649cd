// The one database interface the sync needs: a query and a transaction. Two implementations
// behind it: PGlite (Postgres compiled to WebAssembly, kept in a data directory) by default,
// and a real Postgres server through `pg` when DATABASE_URL is set. The SQL is the same.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Transaction } from '@electric-sql/pglite';

/** Runs one SQL statement and returns its rows. */
export interface Sql {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

/** A database the sync can write to. */
export interface Database extends Sql {
  /** Where the data lives, for messages (never the password of a DATABASE_URL). */
  readonly description: string;
  /** Runs `work` in one transaction: all of its statements commit, or none. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens the database: the server named by `DATABASE_URL`, or else PGlite in `dataDir` (created
 * on first use). Each driver is imported only when chosen, so the other need not load.
 */
export async function openDatabase(dataDir: string): Promise<Database> {
  const url = process.env.DATABASE_URL;
  return url ? openServer(url) : openPglite(dataDir);
}

// The lock files this process holds: one holding this pid but not listed here was left by a
// killed run that had the same pid (a container's sync is PID 1 after every restart). Per
// module instance: worker threads share the pid, so open the database in one thread only.
const held = new Set<string>();

// PGlite takes no lock on its data directory: a second process opens it too, and two at once
// leave it unreadable. So a lock file beside it holds the owner's pid, as postmaster.pid does
// for a server: a second copy stops with a message, and a lock whose process is gone (killed)
// is taken over. As with postmaster.pid, two copies taking over one stale lock at the same
// instant could both get in: the take-over is for a run that was killed, not for a race.
function lockDataDir(dataDir: string): () => void {
  if (dataDir.startsWith('memory://')) return () => {};
  // Beside the directory, however it is named (`file://`, a slash at the end).
  const file = `${resolve(dataDir.replace(/^file:\/\//, ''))}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(file);
      return () => {
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: number;
    try {
      owner = Number(readFileSync(file, 'utf8'));
    } catch {
      continue; // its owner removed it meanwhile
    }
    const stale = owner === process.pid ? !held.has(file) : !running(owner);
    if (!owner || !stale) {
      throw new Error(
        `${dataDir} is in use by process ${owner || '(starting)'}: PGlite lets one process at ` +
          `a time use a data directory, and two at once corrupt it. If no sync runs there, ` +
          `remove ${file}.`,
      );
    }
    rmSync(file, { force: true });
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const unlock = lockDataDir(dataDir);
  const db = await PGlite.create(dataDir).catch((error: unknown) => {
    unlock();
    throw error;
  });
  // PGlite is one connection: its `transaction` queues behind any statement in flight, so
  // concurrent pulls in one process share it safely, one transaction at a time.
  const sqlOf = (target: Pick<Transaction, 'query'>): Sql => ({
    query: async <Row>(text: string, params?: unknown[]) =>
      (await target.query<Row>(text, params)).rows,
  });
  return {
    description: `PGlite in ${dataDir}`,
    ...sqlOf(db),
    transaction: (work) => db.transaction((tx) => work(sqlOf(tx))),
    close: () => db.close().finally(unlock),
  };
}

async function openServer(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // A server restart or a failover ends idle connections, each an 'error' event on the pool,
  // which unheard ends the process: the pool drops the connection, and the next query fails
  // with the cause.
  pool.on('error', () => {});
  let description = 'Postgres (DATABASE_URL)';
  try {
    const where = new URL(url);
    description = `Postgres at ${where.host}${where.pathname}`;
  } catch {
    // pg takes forms URL refuses (a socket: postgres://user@/db?host=/run/postgresql), and
    // URL's error would print the whole string, password and all.
  }
  return {
    description,
    query: async <Row>(text: string, params?: unknown[]) =>
      (await pool.query(text, params)).rows as Row[],
    async transaction(work) {
      // A transaction lives on one connection: take one from the pool for all of it.
      const client = await pool.connect();
      // A connection lost mid-transaction emits 'error' besides failing its query: heard
      // here while held, and released with it, so the pool discards it instead of lending it
      // again.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(text: string, params?: unknown[]) =>
            (await client.query(text, params)).rows as Row[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // On a dead connection ROLLBACK fails too: the first error is the one to report.
        await client.query('ROLLBACK').catch((failed: Error) => {
          lost ??= failed;
        });
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}
