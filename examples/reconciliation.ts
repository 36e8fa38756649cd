// `npm run example:reconciliation`: a full scan with offset paging that compares the service's
// orders with a local copy and repairs the differences, and why that scan is not enough alone.
//
// Offset paging (GET /orders?limit&offset) walks orders by order_date, newest first. An order
// that arrives during the scan lands at the front and shifts every later offset by one: the
// scan sees the order at a page boundary twice and never sees the new one (specification 4.2,
// rule 5). So a reconciliation scan (1) counts on duplicates, (2) checks `total` before and
// after, and (3) ends with a cursor pull of everything changed since the scan began, which
// catches what the shift hid. Use it for a nightly or weekly consistency check; use the cursor
// (examples/postgres-sync) for the regular pull.
//
// Against a real service set ORDER_API_URL and ORDER_API_KEY; the local copy is then empty,
// so every order is reported missing. With the embedded mock, the example plants differences
// in its local copy and exits 1 unless the scan finds and repairs every one.
import { createClient, type OffsetOrder, type OrderCursor } from 'order-fulfillment-sdk';
import { openService } from './support/service.js';
import { isOlderVersion } from './support/versions.js';

/** The integrator's copy of an order: what reconciliation compares. */
interface LocalOrder {
  status?: string | null | undefined;
  updated_at?: string | null | undefined;
}

const PAGE = 200;

async function main() {
  const service = await openService({ orders: 3000, seed: 3 });
  const { mock } = service;
  const client = createClient({ hostUrl: service.hostUrl, apiKey: service.apiKey });

  // The local copy. With the mock: every order, then three kinds of damage to find.
  const local = new Map<string, LocalOrder>();
  const planted = { missing: ['17', '1234'], stale: ['42', '2999'], extra: ['ghost-1'] };
  if (mock) {
    for (const o of mock.orders.all())
      local.set(o.id, { status: o.status, updated_at: o.updated_at });
    for (const id of planted.missing) local.delete(id);
    for (const id of planted.stale)
      local.set(id, { status: 'Created', updated_at: '2025-01-01T00:00:00.000Z' });
    for (const id of planted.extra)
      local.set(id, { status: 'Created', updated_at: '2025-01-01T00:00:00.000Z' });
  }

  // Where a catch-up cursor pull starts: strictly after (scan start - margin, '0'). The
  // margin covers clock skew between this machine and the service.
  const catchUpFrom: OrderCursor = {
    since: new Date(Date.now() - 60_000).toISOString(),
    since_id: '0',
  };

  console.log(`full scan with offset paging, ${PAGE} per page, newest order_date first`);
  const seen = new Map<string, OffsetOrder>();
  let duplicates = 0;
  let firstTotal: number | undefined;
  let lastTotal = 0;
  for (let offset = 0, pageNo = 1; ; offset += PAGE, pageNo++) {
    const page = await client.orders.list({ limit: PAGE, offset });
    firstTotal ??= page.total;
    lastTotal = page.total;
    for (const order of page.items) {
      if (seen.has(order.id)) duplicates++;
      seen.set(order.id, order);
    }
    // Simulate business as usual: an order arrives while the scan is on page 3.
    if (mock && pageNo === 3) mock.orders.create({ platform: 'Web' });
    if (page.items.length < PAGE || offset + PAGE >= page.total) break;
  }
  console.log(
    `scanned ${seen.size} distinct orders (${duplicates} seen twice); total was ${firstTotal} ` +
      `at the start and ${lastTotal} at the end`,
  );
  if (firstTotal !== lastTotal || duplicates > 0) {
    console.log(
      'the data moved during the scan: offsets shifted, so the scan may have missed orders',
    );
  }

  // Catch-up: everything that changed or arrived since the scan began, in cursor order.
  let caughtUp = 0;
  for await (const order of client.orders.iterate({ ...catchUpFrom, limit: PAGE })) {
    if (!seen.has(order.id)) caughtUp++;
    seen.set(order.id, order);
  }
  console.log(
    `catch-up cursor pull from ${catchUpFrom.since}: ${caughtUp} order(s) the scan missed`,
  );

  // Compare and repair.
  const missing: string[] = [];
  const stale: string[] = [];
  for (const [id, order] of seen) {
    const mine = local.get(id);
    if (!mine) missing.push(id);
    else if (mine.updated_at !== order.updated_at || mine.status !== order.status) stale.push(id);
    // Newest wins, as in every upsert: beside a live pull or webhook receiver, the local copy
    // may already hold a version newer than the one the scan read.
    const newer =
      mine?.updated_at && order.updated_at && isOlderVersion(order.updated_at, mine.updated_at);
    if (!newer) local.set(id, { status: order.status, updated_at: order.updated_at });
  }
  const extra = [...local.keys()].filter((id) => !seen.has(id));
  for (const id of extra) local.delete(id);
  const show = (ids: string[]) =>
    ids.length > 8 ? `${ids.slice(0, 8).join(', ')}, ...` : ids.join(', ');
  console.log(`missing locally (${missing.length}): ${show(missing)}`);
  console.log(`stale locally   (${stale.length}): ${show(stale)}`);
  console.log(`unknown to the service (${extra.length}): ${show(extra)}`);
  console.log(`repaired: the local copy now holds ${local.size} orders`);

  let failed = false;
  if (mock) {
    const expectMissing = [...planted.missing, mock.orders.all().at(-1)?.id].sort();
    const ok =
      JSON.stringify(missing.sort()) === JSON.stringify(expectMissing) &&
      JSON.stringify(stale.sort()) === JSON.stringify([...planted.stale].sort()) &&
      JSON.stringify(extra) === JSON.stringify(planted.extra) &&
      local.size === mock.orders.all().length;
    if (!ok) {
      failed = true;
      console.error('FAILED: the scan did not find exactly the planted differences');
    } else {
      console.log('checked: every planted difference (and the order that arrived mid-scan) found');
    }
  }
  await service.close();
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
