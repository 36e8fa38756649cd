// Pulls orders into Postgres with the checkpoint in the same transaction as the data, so a
// run can be killed anywhere and the next run resumes without losing or doubling an order.
//
//   npx tsx --tsconfig examples/tsconfig.json examples/postgres-sync/sync.ts \
//     [--data-dir DIR] [--platform Amazon --platform Web ...] [--limit 200]
//
// The database: PGlite in --data-dir, or the server named by DATABASE_URL. The service: the
// one named by ORDER_API_URL and ORDER_API_KEY, or else an embedded mock. Without --platform,
// one worker pulls everything; each --platform adds a worker that pulls only that platform,
// with its own checkpoint row, all running concurrently in this process.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  AbortError,
  type Client,
  ConnectionError,
  createClient,
  RateLimitError,
  ServerError,
} from 'order-fulfillment-sdk';
import { openService } from '../support/service.js';
import { type Database, openDatabase } from './database.js';
import { createSchema, loadCheckpoint, savePage, workerName } from './store.js';

/** What a sync run tells the process that started it (over IPC, when there is one). */
export type SyncEvent =
  | { type: 'pulling' }
  | { type: 'committed'; worker: string; orders: number; applied: number; skipped: number };

const report = (event: SyncEvent) => process.send?.(event);

/**
 * Pulls one worker's orders to the end, committing each page with its cursor, or until
 * `signal` aborts: then after the page in hand is committed.
 */
async function runWorker(
  db: Database,
  client: Client,
  limit: number,
  signal: AbortSignal,
  platform?: string,
) {
  const worker = workerName(platform);
  const filter = platform ? { platform } : {};
  let start = await loadCheckpoint(db, worker);
  console.log(
    start
      ? `  ${worker}: resuming after since=${start.since} since_id=${start.since_id}`
      : `  ${worker}: no checkpoint, pulling from the beginning`,
  );
  const totals = { orders: 0, applied: 0, skipped: 0 };
  // The SDK's retries cover short blips; this loop covers a longer outage by resuming from
  // the cursor the error carries. Other errors (401, 403, 422) would not heal: they end it,
  // as do five failures in a row (a committed page starts the count again).
  let failures = 0;
  while (!signal.aborted) {
    try {
      const pages = client.orders.pages({ limit, ...filter, ...start }, { signal });
      for await (const page of pages) {
        const result = await savePage(db, worker, page.items, pages.cursor);
        totals.orders += page.items.length;
        totals.applied += result.applied;
        totals.skipped += result.skipped;
        report({ type: 'committed', worker, orders: page.items.length, ...result });
        failures = 0;
        if (signal.aborted) break;
      }
      break;
    } catch (error) {
      // The stop, not a failure: every page that came is committed.
      if (error instanceof AbortError) break;
      const transient =
        error instanceof ConnectionError ||
        error instanceof ServerError ||
        error instanceof RateLimitError;
      failures++;
      if (!transient || !error.cursor || failures >= 5) throw error;
      // A Retry-After over the SDK's cap (a 503 for maintenance) is thrown at once with the
      // wait as `retryAfter`: coming back sooner only spends the attempts inside the outage.
      const seconds = Math.max(failures, 'retryAfter' in error ? (error.retryAfter ?? 0) : 0);
      console.log(`${worker}: ${error.message}; resuming from the error's cursor in ${seconds} s`);
      start = error.cursor;
      await sleep(seconds * 1000, undefined, { signal }).catch(() => undefined);
    }
  }
  const at = await loadCheckpoint(db, worker);
  console.log(
    `  ${worker}: ${signal.aborted ? 'stopped; ' : ''}${totals.orders} orders received, ${totals.applied} written, ` +
      `${totals.skipped} older than the stored version and left alone; ` +
      `checkpoint since=${at?.since} since_id=${at?.since_id}`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      'data-dir': {
        type: 'string',
        default: join(tmpdir(), 'order-fulfillment-sdk-postgres-sync'),
      },
      platform: { type: 'string', multiple: true, default: [] },
      limit: { type: 'string', default: '200' },
    },
  });
  // SIGTERM (a deploy, `docker stop`) or Ctrl-C: commit the page in hand and close the
  // database, so a PGlite lock file is removed and the next run resumes after that page.
  // A second signal ends the process at once.
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => stop.abort(signal));
  }
  const db = await openDatabase(values['data-dir']);
  const service = await openService({ orders: 5000, seed: 1 });
  try {
    await createSchema(db);
    const client = createClient({ hostUrl: service.hostUrl, apiKey: service.apiKey });
    const platforms = values.platform.length > 0 ? values.platform : [undefined];
    report({ type: 'pulling' });
    // One worker's failure stops the others, each after committing its page in hand, and
    // all have settled before the database closes: none is left writing to a closed one.
    const runs = await Promise.allSettled(
      platforms.map((platform) =>
        runWorker(db, client, Number(values.limit), stop.signal, platform).catch((error) => {
          stop.abort(error);
          throw error;
        }),
      ),
    );
    const failed = runs.find((run) => run.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    await service.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
