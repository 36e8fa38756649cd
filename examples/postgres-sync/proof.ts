// The proof, in SQL: the orders table against the mock's own state. The mock's orders and the
// workers' filters go into temporary tables, and each check is a query for the rows that
// break it; every check must find none.
import type { MockOrder } from 'order-fulfillment-sdk/mock';
import type { Database, Sql } from './database.js';
import { workerName } from './store.js';

// Each query selects the ids (or worker names) that break its rule.
const CHECKS: { rule: string; sql: string }[] = [
  {
    rule: 'nothing lost: every order of the service is stored',
    sql: 'SELECT e.id FROM expected e LEFT JOIN orders o USING (id) WHERE o.id IS NULL',
  },
  {
    rule: 'nothing invented: every stored order exists in the service',
    sql: 'SELECT o.id FROM orders o LEFT JOIN expected e USING (id) WHERE e.id IS NULL',
  },
  {
    rule: 'newest version: updated_at, status and platform equal the service',
    sql: `SELECT e.id FROM expected e JOIN orders o USING (id)
          WHERE (o.updated_at, o.status, o.platform) IS DISTINCT FROM (e.updated_at, e.status, e.platform)`,
  },
  {
    rule: "disjoint: each order stored by the worker whose filter matches the order's platform",
    sql: `SELECT o.id FROM orders o
          WHERE o.pulled_by NOT IN (SELECT worker FROM workers WHERE platform IS NULL OR platform = o.platform)`,
  },
  {
    // Compared as instants: how ids sort within one instant is the service's business.
    rule: "resumable: each worker's checkpoint is at or past the newest order of its filter",
    sql: `SELECT w.worker AS id FROM workers w LEFT JOIN sync_checkpoints c USING (worker)
          WHERE c.since IS NULL OR c.since::timestamptz < (
            SELECT max(e.updated_at) FROM expected e WHERE w.platform IS NULL OR e.platform = w.platform)`,
  },
];

/**
 * Runs every check and prints its result.
 *
 * @param orders - Every order of the service, from the mock's state API.
 * @param platforms - The workers' platforms, or undefined for the single worker.
 * @returns How many checks failed.
 */
export async function prove(
  db: Database,
  orders: readonly MockOrder[],
  platforms: readonly string[] | undefined,
): Promise<number> {
  // One transaction: temporary tables live on one connection, and go at its end.
  return db.transaction((tx) => check(tx, orders, platforms));
}

async function check(
  db: Sql,
  orders: readonly MockOrder[],
  platforms: readonly string[] | undefined,
): Promise<number> {
  const expected = orders.map(({ id, platform, status, updated_at }) => ({
    id,
    platform,
    status,
    updated_at,
  }));
  const workers = (platforms ?? [undefined]).map((platform) => ({
    worker: workerName(platform),
    platform: platform ?? null,
  }));
  await db.query(`CREATE TEMP TABLE expected (
    id text PRIMARY KEY, platform text, status text, updated_at timestamptz) ON COMMIT DROP`);
  await db.query(
    `INSERT INTO expected SELECT * FROM jsonb_to_recordset($1::jsonb)
     AS e(id text, platform text, status text, updated_at timestamptz)`,
    [JSON.stringify(expected)],
  );
  // A worker with a null platform pulls every platform.
  await db.query(
    'CREATE TEMP TABLE workers (worker text PRIMARY KEY, platform text) ON COMMIT DROP',
  );
  await db.query(
    `INSERT INTO workers SELECT * FROM jsonb_to_recordset($1::jsonb) AS w(worker text, platform text)`,
    [JSON.stringify(workers)],
  );

  const [sizes] = await db.query<{ expected: number; stored: number; distinct: number }>(
    `SELECT (SELECT count(*)::int FROM expected) AS expected, count(*)::int AS stored,
       count(DISTINCT id)::int AS distinct FROM orders`,
  );
  console.log(
    `\nthe service has ${sizes?.expected} orders; the table holds ${sizes?.stored} rows ` +
      `for ${sizes?.distinct} distinct ids`,
  );
  let failed = 0;
  for (const { rule, sql } of CHECKS) {
    const [bad] = await db.query<{ count: number; sample: string[] | null }>(
      `SELECT count(*)::int AS count, (array_agg(id ORDER BY id))[1:5] AS sample FROM (${sql}) bad`,
    );
    if (bad?.count === 0) {
      console.log(`  ok    ${rule}`);
    } else {
      failed++;
      console.log(`  FAIL  ${rule}: ${bad?.count} (for example ${bad?.sample?.join(', ')})`);
    }
  }
  return failed;
}
