// The order store at scale: 200,000 generated orders, a full cursor pull returns each exactly
// once in (updated_at, id) order, also with updates during the pull, and pages stay cheap.
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock/index.js';
import { compareOrderIds } from '../../../mock/store/order-id.js';
import { OrderStore } from '../../../mock/store/orders.js';
import { ORIGIN_CURSOR } from '../../../src/schemas/index.js';
import { send } from '../../support/mock.js';

const utf8 = new TextDecoder();

const COUNT = 200_000;

describe('order store at 200,000 orders', () => {
  it('returns every order exactly once in a cursor pull, updates seen again at the end', () => {
    let now = Date.parse('2027-01-01T00:00:00Z');
    const store = new OrderStore({
      seed: 11,
      orders: COUNT,
      catalog: [],
      nowMs: () => now,
      onChange: () => undefined,
    });
    const seen = new Uint8Array(COUNT + 2);
    let since: string = ORIGIN_CURSOR.since;
    let sinceId: string = ORIGIN_CURSOR.since_id;
    let previous: [number, string] = [Date.parse(since), sinceId];
    let pages = 0;
    let outOfOrder = 0;
    const updated: string[] = [];
    for (;;) {
      const page = store.cursorPage({}, since, sinceId, 200, false);
      const orders: { id: string; updated_at: string }[] = page.items.map((item) =>
        JSON.parse(utf8.decode(item)),
      );
      for (const order of orders) {
        const key: [number, string] = [Date.parse(order.updated_at), order.id];
        // Strictly increasing (updated_at, id): nothing repeats, nothing goes backwards.
        if (
          !(
            key[0] > previous[0] ||
            (key[0] === previous[0] && compareOrderIds(key[1], previous[1]) > 0)
          )
        ) {
          outOfOrder++;
        }
        previous = key;
        seen[Number(key[1])] = (seen[Number(key[1])] ?? 0) + 1;
      }
      pages++;
      since = page.nextSince;
      sinceId = page.nextSinceId;
      if (pages === 10) {
        // One order already pulled and one not yet: both must come (again) after the rest.
        for (const id of [(orders[0] as { id: string }).id, '199999']) {
          now += 1000;
          store.update(id, { customer_name: 'Changed' });
          updated.push(id);
        }
      }
      if (!page.hasMore) break;
    }
    const counts = new Map<number, number>();
    for (let id = 1; id <= COUNT; id++)
      counts.set(seen[id] as number, (counts.get(seen[id] as number) ?? 0) + 1);
    expect(outOfOrder).toBe(0);
    expect(counts.get(1)).toBe(COUNT - 1);
    expect(seen[Number(updated[0])]).toBe(2);
    expect(seen[199999]).toBe(1);
    expect(previous[1]).toBe('199999');
  });

  it('answers filtered pages over HTTP in either mode without scanning', async () => {
    const mock = createMockService({ orders: COUNT, seed: 11 });
    const running = await mock.listen();
    try {
      const base = `${running.hostUrl}/api/v1/web-api/v1/orders`;
      const offset = await send(`${base}?status=Cancelled&platform=Web&limit=200&offset=1000`);
      expect(offset.status).toBe(200);
      expect(offset.body.items).toHaveLength(200);
      for (const order of offset.body.items)
        expect(order).toMatchObject({ status: 'Cancelled', platform: 'Web' });
      const cursor = await send(
        `${base}?since=2026-06-01T00:00:00Z&since_id=0&limit=200&status=shipped`,
      );
      expect(cursor.body.items).toHaveLength(200);
      expect(cursor.body.has_more).toBe(true);
      expect(cursor.body.items[0].updated_at > '2026-06-01T00:00:00.000Z').toBe(true);
    } finally {
      await running.close();
    }
  });
});
