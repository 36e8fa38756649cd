// Incremental order pull with a persisted checkpoint: run it again and it picks up where the
// last run stopped, whether that run finished, failed or was killed.
//
//   npx tsx --tsconfig examples/tsconfig.json examples/incremental-pull/pull.ts \
//     [--state DIR] [--status Created] [--crash-after N]
//
// Against a real service set ORDER_API_URL and ORDER_API_KEY; otherwise it starts the embedded
// mock (seed 1, so every run sees the same orders). `--crash-after N` kills the process with
// SIGKILL after N orders, mid-page, to show that a hard crash loses nothing.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  ConnectionError,
  createClient,
  type OrderCursor,
  RateLimitError,
  ServerError,
} from 'order-fulfillment-sdk';
import { startProgress } from '../support/progress.js';
import { openService } from '../support/service.js';

/** What the local store keeps per order: enough to apply changes idempotently. */
export interface StoredOrder {
  status?: string | null;
  updated_at: string;
}

const { values } = parseArgs({
  options: {
    state: { type: 'string', default: join(tmpdir(), 'order-fulfillment-sdk-example-pull') },
    status: { type: 'string' },
    'crash-after': { type: 'string' },
  },
});
const stateDir = values.state;
const crashAfter = values['crash-after'] === undefined ? undefined : Number(values['crash-after']);
const storeFile = join(stateDir, 'orders.json');
const checkpointFile = join(stateDir, 'checkpoint.json');

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

// Write-then-rename: a crash leaves either the old file or the new one, never half of one.
function writeJsonAtomic(file: string, value: unknown): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(value));
  renameSync(`${file}.tmp`, file);
}

async function main() {
  mkdirSync(stateDir, { recursive: true });
  const store = new Map(Object.entries(readJson<Record<string, StoredOrder>>(storeFile) ?? {}));
  let start = readJson<OrderCursor>(checkpointFile);
  console.log(
    start
      ? `resuming after since=${start.since} since_id=${start.since_id} (${store.size} orders stored)`
      : 'no checkpoint: pulling from the beginning',
  );

  const service = await openService({ orders: 5000, seed: 1 });
  const client = createClient({ hostUrl: service.hostUrl, apiKey: service.apiKey });
  const progress = startProgress('orders');
  const counts = { new: 0, changed: 0, repeated: 0 };
  let seen = 0;

  // The retries inside the SDK cover short blips; this loop covers a longer outage by
  // resuming from the cursor the error carries. Other errors (401, 403, 422) are bugs or
  // configuration problems: retrying would not help, so they end the run.
  for (let attempt = 1; ; attempt++) {
    try {
      const pages = client.orders.pages({
        limit: 200,
        ...(values.status ? { status: values.status } : {}),
        ...start,
      });
      for await (const page of pages) {
        for (const order of page.items) {
          // Idempotent: keyed by id, and an older or equal updated_at changes nothing.
          const stored = store.get(order.id);
          if (!stored) counts.new++;
          else if (Date.parse(order.updated_at) > Date.parse(stored.updated_at)) counts.changed++;
          else counts.repeated++;
          if (!stored || Date.parse(order.updated_at) >= Date.parse(stored.updated_at)) {
            store.set(order.id, { status: order.status, updated_at: order.updated_at });
          }
          progress.tick();
          if (++seen === crashAfter) {
            console.log(`\n--crash-after ${crashAfter}: SIGKILL mid-page, nothing saved for it`);
            process.kill(process.pid, 'SIGKILL');
          }
        }
        // The data first, then the checkpoint that covers it: a crash in between repeats
        // this page on the next run (at-least-once), and never skips it.
        writeJsonAtomic(storeFile, Object.fromEntries(store));
        writeJsonAtomic(checkpointFile, pages.cursor);
      }
      break;
    } catch (error) {
      const transient =
        error instanceof ConnectionError ||
        error instanceof ServerError ||
        error instanceof RateLimitError;
      if (!transient || !error.cursor || attempt >= 5) throw error;
      console.log(`\n${error.message}; resuming from the error's cursor in ${attempt} s`);
      start = error.cursor;
      await sleep(attempt * 1000);
    }
  }

  const result = progress.done();
  console.log(
    `pulled ${result.count} orders: ${counts.new} new, ${counts.changed} changed, ` +
      `${counts.repeated} already stored at that updated_at; ${store.size} orders stored`,
  );
  const checkpoint = readJson<OrderCursor>(checkpointFile);
  console.log(`checkpoint: since=${checkpoint?.since} since_id=${checkpoint?.since_id}`);
  await service.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
