// The SQL of the sync: two tables, and the one write that makes an at-least-once pull
// exactly-once in effect (specification 4.2, rule 4): a page's orders and the checkpoint
// after them commit in one transaction, an order is only ever replaced by a newer one, and a
// checkpoint only ever moves forward, so two copies of one worker writing at once stay right.
import type { Order, OrderCursor } from 'order-fulfillment-sdk';
import type { Database, Sql } from './database.js';

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS orders (
    -- The cursor relies on id and updated_at only; the service may leave out the rest.
    id text PRIMARY KEY,
    platform text,
    status text,
    -- An instant, not text: the service may write offsets other than Z.
    updated_at timestamptz NOT NULL,
    -- The worker that stored this version; the workers mode checks no worker strayed.
    pulled_by text NOT NULL,
    body jsonb NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS sync_checkpoints (
    worker text PRIMARY KEY,
    -- Text, not timestamptz: a cursor goes back to the service exactly as it came.
    since text NOT NULL,
    since_id text NOT NULL,
    saved_at timestamptz NOT NULL DEFAULT now()
  )`,
];

/** The worker for a platform, or the single worker for all: the key of its checkpoint row. */
export const workerName = (platform?: string) => (platform ? `platform:${platform}` : 'all');

/** Creates the tables when they do not exist yet. */
export async function createSchema(db: Database): Promise<void> {
  for (const statement of SCHEMA) await db.query(statement);
}

/** The saved cursor of one worker, or undefined before its first page. */
export async function loadCheckpoint(db: Sql, worker: string): Promise<OrderCursor | undefined> {
  const [row] = await db.query<OrderCursor>(
    'SELECT since, since_id FROM sync_checkpoints WHERE worker = $1',
    [worker],
  );
  return row;
}

/** What one page did to the table. */
export interface PageResult {
  /** Orders written: new ones, and versions at least as new as the stored one. */
  applied: number;
  /** Orders left alone because the table already held a newer version. */
  skipped: number;
}

/**
 * Stores one page and the cursor that covers it, in one transaction: after a crash, either
 * both are there or neither, so a resumed pull repeats exactly the uncommitted page.
 */
export async function savePage(
  db: Database,
  worker: string,
  orders: readonly Order[],
  cursor: OrderCursor,
): Promise<PageResult> {
  return db.transaction(async (tx) => {
    // `>=`, not `>`: an equal updated_at is the same version, and writing it again is harmless.
    // The WHERE is what keeps an older copy from overwriting a newer one: one worker can commit
    // an order's old platform after another worker committed its move to a new platform.
    // Rows go in id order so two workers that touch the same orders lock them in one order.
    const applied = await tx.query<{ id: string }>(
      `INSERT INTO orders (id, platform, status, updated_at, pulled_by, body)
       SELECT o->>'id', o->>'platform', o->>'status', (o->>'updated_at')::timestamptz, $2, o
       FROM jsonb_array_elements($1::jsonb) AS o
       ORDER BY o->>'id'
       ON CONFLICT (id) DO UPDATE SET
         platform = excluded.platform, status = excluded.status, updated_at = excluded.updated_at,
         pulled_by = excluded.pulled_by, body = excluded.body
       WHERE excluded.updated_at >= orders.updated_at
       RETURNING id`,
      [JSON.stringify(orders), worker],
    );
    // The checkpoint never moves back: a second copy of this worker (a deploy that overlaps,
    // a cron that fired twice) commits its pages too, and its late page must not rewind the
    // first copy's checkpoint. Compared as instants, as proof.ts does: within one instant the
    // later write wins, which at worst pulls a few orders of that instant again.
    await tx.query(
      `INSERT INTO sync_checkpoints (worker, since, since_id) VALUES ($1, $2, $3)
       ON CONFLICT (worker) DO UPDATE SET
         since = excluded.since, since_id = excluded.since_id, saved_at = now()
       WHERE excluded.since::timestamptz >= sync_checkpoints.since::timestamptz`,
      [worker, cursor.since, cursor.since_id],
    );
    return { applied: applied.length, skipped: orders.length - applied.length };
  });
}
