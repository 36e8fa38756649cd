// Cursor iteration over a scripted service: laziness, break, parallel next(), empty pages,
// checkpoints and resuming after a failure.
import { describe, expect, it } from 'vitest';
import {
  ORIGIN_CURSOR,
  type OrderCursor,
  type OrderCursorPage,
  ResponseValidationError,
  ServerError,
} from '../../src/index.js';
import { clientOver, FAST_RETRY, fakeFetch, json } from '../support/fake-fetch.js';
import {
  cursorOf,
  cursorService,
  order,
  productService,
  settle,
} from '../support/scripted-service.js';

function setup(responder: Parameters<typeof fakeFetch>[0], retry: object = FAST_RETRY) {
  const service = fakeFetch(responder);
  const client = clientOver(service, { retry });
  return { service, client };
}

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

describe('orders.iterate', () => {
  it('yields every order once, in cursor order, across groups that share updated_at', async () => {
    const { service, client } = setup(cursorService(25));
    const ids: string[] = [];
    for await (const item of client.orders.iterate({ limit: 4 })) ids.push(item.id);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, index) => order(index).id));
    expect(service.requests).toHaveLength(7);
  });

  it('stops fetching on break (prefetch 0)', async () => {
    const { service, client } = setup(cursorService(100));
    let seen = 0;
    for await (const _ of client.orders.iterate({ limit: 10, prefetch: 0 })) {
      if (++seen === 15) break;
    }
    expect(service.requests).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(service.requests).toHaveLength(2);
  });

  it('does not fetch the next page before it is asked for with prefetch 0', async () => {
    const { service, client } = setup(cursorService(4));
    const orders = client.orders.iterate({ limit: 2, prefetch: 0 });
    await orders.next();
    await orders.next();
    expect(service.requests).toHaveLength(1);
    await orders.next();
    expect(service.requests).toHaveLength(2);
  });

  it('never fetches a page twice under parallel next() calls, and hands out each order once', async () => {
    const { service, client } = setup(cursorService(9));
    const orders = client.orders.iterate({ limit: 3 });
    const results = await Promise.all(Array.from({ length: 12 }, () => orders.next()));
    const ids = results.filter((result) => !result.done).map((result) => result.value?.id);
    expect(ids).toEqual(Array.from({ length: 9 }, (_, index) => order(index).id));
    expect(results.slice(9).every((result) => result.done)).toBe(true);
    expect(service.requests).toHaveLength(3);
    const sent = service.requests.map((request) => request.url.searchParams.get('since_id'));
    expect(new Set(sent).size).toBe(3);
  });

  it.each([
    [0, 3],
    [1, 4],
  ])(
    'hands out orders in call order when next() calls overlap a page boundary (prefetch %i)',
    async (prefetch, requests) => {
      const { service, client } = setup(cursorService(7));
      const orders = client.orders.iterate({ limit: 2, prefetch });
      await orders.next();
      // The second call takes the page's last order, the third waits for the next page, and
      // the fourth, made while it waits, must queue behind it rather than overtake it.
      const pending = [orders.next(), orders.next(), orders.next()];
      const later = await Promise.all([...pending, orders.next(), orders.next()]);
      expect(later.map((result) => result.value?.id)).toEqual(
        [1, 2, 3, 4, 5].map((index) => order(index).id),
      );
      // Two pages yielded, the third in hand, and with prefetch the fourth fetched ahead.
      expect(service.requests).toHaveLength(requests);
    },
  );

  it('ends after return() even with a page in flight, and fetches no more', async () => {
    const { service, client } = setup(cursorService(10));
    const orders = client.orders.iterate({ limit: 3 });
    const first = orders.next();
    await orders.return();
    expect(await first).toEqual({ done: true, value: undefined });
    expect(await orders.next()).toEqual({ done: true, value: undefined });
    // return() came before the page's request reached fetch, so it is never sent.
    expect(service.requests).toHaveLength(0);
  });

  it('stays failed after an error: every later call rejects with it', async () => {
    const { client } = setup(() => json({ detail: 'down' }, 503), { ...FAST_RETRY, limit: 0 });
    const orders = client.orders.iterate();
    const [failed, meanwhile] = await Promise.allSettled([orders.next(), orders.next()]);
    expect(failed.status).toBe('rejected');
    const error = (failed as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(ServerError);
    // A call already waiting ends with the generator, as a generator's would (for await and
    // toArray never overlap calls); every call after it meets the failure, never the end.
    expect(meanwhile).toEqual({ status: 'fulfilled', value: { done: true, value: undefined } });
    await expect(orders.next()).rejects.toBe(error);
    await expect(orders.toArray({ limit: 10 })).rejects.toBe(error);
  });

  it('keeps a checkpoint that covers every order yielded so far', async () => {
    const { client } = setup(cursorService(5));
    const orders = client.orders.iterate({ limit: 2 });
    expect(orders.checkpoint).toEqual(ORIGIN_CURSOR);
    const checkpoints = [];
    for await (const item of orders)
      checkpoints.push({ id: item.id, checkpoint: orders.checkpoint });
    for (const { id, checkpoint } of checkpoints) {
      const index = Number(id.slice(4));
      expect(checkpoint).toEqual({ since: order(index).updated_at, since_id: id });
    }
    const start = { since: '2026-01-01T00:00:00.000Z', since_id: 'ord_000' };
    expect(client.orders.iterate(start).checkpoint).toEqual(start);
  });

  it('resumes from a mid-page checkpoint with nothing lost or repeated', async () => {
    const { client } = setup(cursorService(10));
    const first = client.orders.iterate({ limit: 4 });
    const ids: string[] = [];
    for await (const item of first) {
      ids.push(item.id);
      if (ids.length === 6) break;
    }
    for await (const item of client.orders.iterate({ limit: 4, ...first.checkpoint }))
      ids.push(item.id);
    expect(ids).toEqual(Array.from({ length: 10 }, (_, index) => order(index).id));
  });

  it('carries the cursor to resume from on an error that outlasted the retries (prefetch 0)', async () => {
    const healthy = cursorService(9);
    let failing = false;
    const { service, client } = setup(
      (request, index) => {
        if (failing) return json({ detail: 'down' }, 503);
        return healthy(request, index);
      },
      { ...FAST_RETRY, limit: 1 },
    );
    const orders = client.orders.iterate({ limit: 3, prefetch: 0 });
    const ids: string[] = [];
    let caught: unknown;
    try {
      for await (const item of orders) {
        ids.push(item.id);
        if (ids.length === 3) failing = true;
      }
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ServerError);
    expect(service.requests).toHaveLength(3);
    const cursor = (caught as ServerError).cursor;
    expect(cursor).toEqual({ since: order(2).updated_at, since_id: order(2).id });
    expect(cursor).toEqual(orders.checkpoint);
    failing = false;
    for await (const item of client.orders.iterate({ limit: 3, ...cursor })) ids.push(item.id);
    expect(ids).toEqual(Array.from({ length: 9 }, (_, index) => order(index).id));
  });

  it('recovers mid-pull through the retries inside a request, without repeating a page', async () => {
    const healthy = cursorService(6);
    const { service, client } = setup((request, index) =>
      index === 1
        ? json({ detail: 'Rate limit exceeded' }, 429, { 'retry-after': '0' })
        : healthy(request, index),
    );
    const ids: string[] = [];
    for await (const item of client.orders.iterate({ limit: 3 })) ids.push(item.id);
    expect(ids).toEqual(Array.from({ length: 6 }, (_, index) => order(index).id));
    expect(cursorOf(service.requests[1])).toEqual(cursorOf(service.requests[2]));
  });
});

describe('products.iterate', () => {
  it('walks the pages until total, lazily with prefetch 0', async () => {
    const { service, client } = setup(productService(5));
    const skus: string[] = [];
    for await (const product of client.products.iterate({ page_size: 2, prefetch: 0 }))
      skus.push(product.sku);
    expect(skus).toEqual(['SKU-1', 'SKU-2', 'SKU-3', 'SKU-4', 'SKU-5']);
    expect(service.requests).toHaveLength(3);
    for await (const _ of client.products.iterate({ page_size: 2, prefetch: 0 })) break;
    expect(service.requests).toHaveLength(4);
  });
});
