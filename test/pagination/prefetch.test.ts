// Pipelined pulls over a scripted service: the next pages load while the loop works, within
// the prefetch bound, in cursor order; what was fetched ahead never moves the checkpoint, a
// failure surfaces at its own page with its own cursor, and break aborts what is in flight.
import { describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  type OrderCursorPage,
  ResponseValidationError,
  ServerError,
} from '../../src/index.js';
import { countedSignal } from '../support/counted-signal.js';
import { fakeFetch, HOST, hangingFetch, json, KEY, type Responder } from '../support/fake-fetch.js';
import {
  cursorOf,
  cursorService,
  failingService,
  order,
  productService,
  settle,
  scriptedClient as setup,
} from '../support/scripted-service.js';

/** Answers with `answer`, except that the requests numbered in `hang` wait until aborted. */
function hangingAt(hang: number[], answer: Responder): Responder {
  return (request, index) =>
    hang.includes(index)
      ? hangingFetch(new Request(request.url, { signal: request.signal }))
      : answer(request, index);
}

const nextCursor = (page: OrderCursorPage | undefined) => ({
  since: page?.next_since,
  since_id: page?.next_since_id,
});

describe('orders.pages({ prefetch })', () => {
  it('requests the next page as soon as a page arrives, before the loop asks for it', async () => {
    const { service, client } = setup(cursorService(9));
    const pages = client.orders.pages({ limit: 3 });
    const first = await pages.next();
    await vi.waitFor(() => expect(service.requests).toHaveLength(2));
    expect(cursorOf(service.requests[1])).toEqual(nextCursor(first.value));
    // The page fetched ahead does not move the cursor: it covers what was yielded.
    expect(pages.cursor).toEqual(nextCursor(first.value));
    await settle();
    expect(service.requests).toHaveLength(2);
  });

  it('holds at most prefetch pages ahead of the one in hand', async () => {
    const { service, client } = setup(cursorService(30));
    const pages = client.orders.pages({ limit: 3, prefetch: 3 });
    await pages.next();
    await settle();
    expect(service.requests).toHaveLength(4);
    await pages.next();
    await settle();
    expect(service.requests).toHaveLength(5);
  });

  it('hands over a page fetched ahead before building the next request, sent once the loop awaits', async () => {
    const { service, client } = setup(cursorService(9));
    const pages = client.orders.pages({ limit: 3 });
    await pages.next();
    await settle(); // the second page arrives while the loop works on the first
    expect(service.requests).toHaveLength(2);
    const second = await pages.next();
    // The page in hand did not wait while the request after it was built and sent.
    expect(service.requests).toHaveLength(2);
    await settle();
    expect(service.requests).toHaveLength(3);
    expect(cursorOf(service.requests[2])).toEqual(nextCursor(second.value));
  });

  it('uses the timers in place at each page, not those when it loaded (fake ones, since removed)', async () => {
    // A setup file's fake timers, in place when the SDK loads.
    vi.useFakeTimers();
    vi.resetModules();
    const sdk = await import('../../src/index.js');
    const clientOver = (responder: Responder) => {
      const service = fakeFetch(responder);
      const options = { hostUrl: HOST, apiKey: KEY, fetch: service.fetch, retry: 0 };
      return { service, client: sdk.createClient(options) };
    };
    try {
      // With prefetch 0 nothing is scheduled between pages: no timer is left on the fake clock.
      for await (const _ of clientOver(cursorService(9)).client.orders.pages({ prefetch: 0 })) {
      }
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    // Removed, the next page is still asked for once the loop has the one fetched ahead.
    const { service, client } = clientOver(cursorService(9));
    const pages = client.orders.pages({ limit: 3 });
    await pages.next();
    await settle();
    await pages.next();
    await settle();
    expect(service.requests).toHaveLength(3);
  });

  it('asks in cursor order, one request at a time, and yields every page once', async () => {
    let inFlight = 0;
    let most = 0;
    const answer = cursorService(20);
    const { service, client } = setup(async (request, index) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return answer(request, index);
    });
    const pages: OrderCursorPage[] = [];
    for await (const page of client.orders.pages({ limit: 3, prefetch: 2 })) {
      pages.push(page);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(
      Array.from({ length: 20 }, (_, index) => order(index).id),
    );
    expect(service.requests).toHaveLength(7);
    for (let index = 1; index < pages.length; index++) {
      expect(cursorOf(service.requests[index])).toEqual(nextCursor(pages[index - 1]));
    }
    expect(most).toBe(1);
  });

  it('surfaces an error on a page fetched ahead when the loop reaches it, with that page’s cursor', async () => {
    const { service, client } = setup(failingService(12, 2).responder);
    const pages = client.orders.pages({ limit: 3 });
    await pages.next();
    const second = await pages.next();
    // The third page failed while the loop held the second: the second is still whole.
    await vi.waitFor(() => expect(service.requests).toHaveLength(3));
    expect(second.value?.items).toHaveLength(3);
    const error = await pages.next().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).cursor).toEqual(nextCursor(second.value));
    expect((error as ServerError).cursor).toEqual(pages.cursor);
    await expect(pages.next()).rejects.toBe(error);
    expect(service.requests).toHaveLength(3);
  });

  it('fails a page fetched ahead that cannot be continued from when the loop reaches it', async () => {
    const stuck = { items: [], has_more: true };
    const healthy = cursorService(6);
    const { client } = setup((request, index) => {
      if (index === 0) return healthy(request, index);
      const since = request.url.searchParams.get('since');
      return json({ ...stuck, next_since: since, next_since_id: order(2).id });
    });
    const pages = client.orders.pages({ limit: 3 });
    const first = await pages.next();
    const error = await pages.next().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).cursor).toEqual(nextCursor(first.value));
  });

  it('aborts the request fetched ahead on break, and asks no more', async () => {
    const { service, client } = setup(hangingAt([1], cursorService(9)));
    const pages = client.orders.pages({ limit: 3 });
    for await (const _ of pages) {
      await vi.waitFor(() => expect(service.requests).toHaveLength(2));
      break;
    }
    expect(service.requests[1]?.signal.aborted).toBe(true);
    await settle();
    expect(service.requests).toHaveLength(2);
  });
});

describe('orders.iterate({ prefetch })', () => {
  it('keeps the checkpoint on the orders yielded while pages load ahead', async () => {
    const { service, client } = setup(cursorService(12));
    const orders = client.orders.iterate({ limit: 3, prefetch: 2 });
    await orders.next();
    await vi.waitFor(() => expect(service.requests).toHaveLength(3));
    expect(orders.checkpoint).toEqual({ since: order(0).updated_at, since_id: order(0).id });
    await orders.next();
    await orders.next();
    expect(orders.checkpoint).toEqual({ since: order(2).updated_at, since_id: order(2).id });
  });

  it('resumes from the checkpoint after a failure ahead with nothing lost or repeated', async () => {
    const { responder, heal } = failingService(9, 2);
    const { client } = setup(responder);
    const orders = client.orders.iterate({ limit: 3 });
    const ids: string[] = [];
    const error = await (async () => {
      for await (const item of orders) ids.push(item.id);
    })().catch((caught: unknown) => caught);
    expect(ids).toEqual(Array.from({ length: 6 }, (_, index) => order(index).id));
    expect((error as ServerError).cursor).toEqual(orders.checkpoint);
    heal();
    for await (const item of client.orders.iterate({ limit: 3, ...orders.checkpoint }))
      ids.push(item.id);
    expect(ids).toEqual(Array.from({ length: 9 }, (_, index) => order(index).id));
  });

  it.each([-1, 1.5, Number.NaN, '1'])('refuses prefetch %s before fetching anything', (bad) => {
    const { service, client } = setup(cursorService(3));
    const attempts = [
      () => client.orders.iterate({ prefetch: bad as number }),
      () => client.orders.pages({ prefetch: bad as number }),
      () => client.products.iterate({ prefetch: bad as number }),
    ];
    for (const attempt of attempts) {
      expect(attempt).toThrow(ConfigurationError);
      expect(attempt).toThrow(/prefetch/);
    }
    expect(service.requests).toHaveLength(0);
  });
});

describe('products.iterate({ prefetch })', () => {
  it('loads the next page while the loop works, and aborts it on break', async () => {
    const { service, client } = setup(hangingAt([1], productService(10)));
    for await (const product of client.products.iterate({ page_size: 4 })) {
      expect(product.sku).toBe('SKU-1');
      await vi.waitFor(() => expect(service.requests).toHaveLength(2));
      break;
    }
    expect(service.requests[1]?.url.searchParams.get('page')).toBe('2');
    expect(service.requests[1]?.signal.aborted).toBe(true);
    await settle();
    expect(service.requests).toHaveLength(2);
  });

  it('holds at most prefetch pages ahead and yields every product once', async () => {
    const { service, client } = setup(productService(20));
    const products = client.products.iterate({ page_size: 2, prefetch: 2 });
    await products.next();
    await settle();
    expect(service.requests).toHaveLength(3);
    const skus = ['SKU-1'];
    for await (const product of products) skus.push(product.sku);
    expect(skus).toEqual(Array.from({ length: 20 }, (_, index) => `SKU-${index + 1}`));
    expect(service.requests).toHaveLength(10);
  });
});

describe("a pull with the caller's signal", () => {
  it('keeps no listener on it once the pull has ended: at its last page, a break, a failure', async () => {
    const whole = countedSignal();
    const { client } = setup(cursorService(9));
    await client.orders.iterate({ limit: 3 }, { signal: whole.signal }).toArray({ limit: 100 });
    expect(whole.listeners()).toBe(0);

    const broken = countedSignal();
    for await (const _ of client.orders.iterate({ limit: 3 }, { signal: broken.signal })) break;
    expect(broken.listeners()).toBe(0);

    const failed = countedSignal();
    const { client: failing } = setup(failingService(9, 1).responder);
    const pull = failing.orders.iterate({ limit: 3, prefetch: 0 }, { signal: failed.signal });
    await expect(pull.toArray({ limit: 100 })).rejects.toBeInstanceOf(ServerError);
    expect(failed.listeners()).toBe(0);
  });

  it('keeps none either for a pull left open: a toArray that had enough, a pull never read', async () => {
    const caller = countedSignal();
    const { client } = setup(cursorService(30));
    for (let pull = 0; pull < 5; pull++) {
      await client.orders.iterate({ limit: 3 }, { signal: caller.signal }).toArray({ limit: 2 });
      client.orders.iterate({ limit: 3 }, { signal: caller.signal });
    }
    await settle();
    expect(caller.listeners()).toBe(0);
  });

  it('still aborts the page in flight on break', async () => {
    const { signal } = new AbortController();
    const { service, client } = setup(hangingAt([1], cursorService(9)));
    for await (const _ of client.orders.iterate({ limit: 3 }, { signal })) {
      await vi.waitFor(() => expect(service.requests).toHaveLength(2));
      break;
    }
    expect(service.requests[1]?.signal.aborted).toBe(true);
    expect(signal.aborted).toBe(false);
  });
});
