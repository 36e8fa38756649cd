// How orders.pages walks the cursor over a scripted service: where a pull starts, fetching
// nothing until asked, resuming from a saved cursor, an empty page that says has_more, and a
// cursor that did not move.
import { describe, expect, it } from 'vitest';
import {
  ORIGIN_CURSOR,
  type OrderCursor,
  type OrderCursorPage,
  ResponseValidationError,
} from '../../src/index.js';
import { json } from '../support/fake-fetch.js';
import {
  cursorOf,
  cursorService,
  order,
  settle,
  scriptedClient as setup,
} from '../support/scripted-service.js';

describe('orders.pages', () => {
  it('starts at the origin cursor and sends each next cursor back unchanged', async () => {
    const { service, client } = setup(cursorService(7));
    const pages: OrderCursorPage[] = [];
    for await (const page of client.orders.pages({ limit: 3, status: 'Created' })) pages.push(page);
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(cursorOf(service.requests[0])).toEqual(ORIGIN_CURSOR);
    expect(service.requests[0]?.url.searchParams.get('status')).toBe('Created');
    expect(cursorOf(service.requests[1])).toEqual({
      since: pages[0]?.next_since,
      since_id: pages[0]?.next_since_id,
    });
    expect(service.requests).toHaveLength(3);
  });

  it('starts at the origin after a caller tried to move ORIGIN_CURSOR on as its checkpoint', async () => {
    const { service, client } = setup(cursorService(7));
    // A checkpoint store whose default is the origin, moved on in place: TypeScript allows
    // Object.assign on the readonly constant, which every pull without a cursor starts from.
    const checkpoint: OrderCursor = ORIGIN_CURSOR;
    const moved = { since: order(3).updated_at, since_id: order(3).id };
    expect(() => Object.assign(checkpoint, moved)).toThrow(TypeError);
    const ids: string[] = [];
    for await (const page of client.orders.pages({ limit: 3 })) {
      ids.push(...page.items.map((item) => item.id));
    }
    expect(cursorOf(service.requests[0])).toEqual({ since: '1970-01-01T00:00:00Z', since_id: '0' });
    expect(ids).toHaveLength(7);
  });

  it('fetches nothing until asked, and with prefetch 0 one page per next()', async () => {
    const { service, client } = setup(cursorService(10));
    const pages = client.orders.pages({ limit: 2, prefetch: 0 });
    expect(service.requests).toHaveLength(0);
    await pages.next();
    expect(service.requests).toHaveLength(1);
    await pages.next();
    expect(service.requests).toHaveLength(2);
    expect(pages.cursor).toEqual({ since: order(3).updated_at, since_id: order(3).id });
  });

  it('resumes from a saved cursor without losing or repeating an order', async () => {
    const { client } = setup(cursorService(10));
    const first = client.orders.pages({ limit: 4 });
    await first.next();
    const saved = first.cursor;
    await first.return();
    const rest: string[] = [];
    for await (const page of client.orders.pages({ limit: 4, ...saved })) {
      rest.push(...page.items.map((item) => item.id));
    }
    expect(rest).toEqual(Array.from({ length: 6 }, (_, index) => order(index + 4).id));
  });

  it('continues past an empty page whose has_more is true', async () => {
    const script: OrderCursorPage[] = [
      {
        items: [order(0)],
        next_since: order(0).updated_at,
        next_since_id: order(0).id,
        has_more: true,
      },
      { items: [], next_since: order(1).updated_at, next_since_id: order(1).id, has_more: true },
      {
        items: [order(2)],
        next_since: order(2).updated_at,
        next_since_id: order(2).id,
        has_more: false,
      },
    ];
    const { service, client } = setup((_, index) => json(script[index]));
    const ids: string[] = [];
    const orders = client.orders.iterate();
    for await (const item of orders) ids.push(item.id);
    expect(ids).toEqual([order(0).id, order(2).id]);
    expect(service.requests).toHaveLength(3);
    expect(cursorOf(service.requests[2])).toEqual({
      since: order(1).updated_at,
      since_id: order(1).id,
    });
    expect(orders.checkpoint).toEqual({ since: order(2).updated_at, since_id: order(2).id });
  });

  it('stops with an error instead of looping on an empty has_more page whose cursor did not move', async () => {
    const stuck = {
      items: [],
      next_since: ORIGIN_CURSOR.since,
      next_since_id: '0',
      has_more: true,
    };
    const { service, client } = setup(() => json(stuck));
    const error = await client.orders
      .pages()
      .next()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).cursor).toEqual(ORIGIN_CURSOR);
    expect(service.requests).toHaveLength(1);
  });

  it('stops with an error instead of repeating a page whose cursor did not move', async () => {
    // A service that reads `since` as "at or after" and ignores `since_id`: the three orders
    // sharing one updated_at fill every page of two, so it answers the same page each time.
    const last = order(1);
    const page = { items: [order(0), last], next_since: last.updated_at, next_since_id: last.id };
    const { service, client } = setup(() => json({ ...page, has_more: true }));
    const pages = client.orders.pages({ limit: 2 });
    await pages.next();
    const error = await pages.next().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toContain('has_more');
    const moved = { since: last.updated_at, since_id: last.id };
    expect((error as ResponseValidationError).cursor).toEqual(moved);
    await settle();
    expect(service.requests).toHaveLength(2);
  });
});
