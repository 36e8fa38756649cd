// toArray({ limit }) on the three iterators: at most `limit`, no request beyond the pages that
// hold them, `limit` required, the iterator left where the collection stopped, and a failed
// collection leaving the resume point where it began.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, ORIGIN_CURSOR, ServerError } from '../../src/index.js';
import {
  cursorService,
  failingService,
  order,
  productService,
  settle,
  scriptedClient as setup,
} from '../support/scripted-service.js';

const ids = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => order(from + index).id);

describe('orders.iterate().toArray({ limit })', () => {
  it('collects at most limit orders and fetches only the pages that hold them', async () => {
    const { service, client } = setup(cursorService(30));
    const orders = client.orders.iterate({ limit: 4 });
    const collected = await orders.toArray({ limit: 10 });
    expect(collected.map((item) => item.id)).toEqual(ids(10));
    await settle();
    expect(service.requests).toHaveLength(3);
    expect(orders.checkpoint).toEqual({ since: order(9).updated_at, since_id: order(9).id });
  });

  it('returns fewer when the pull ends first', async () => {
    const { service, client } = setup(cursorService(5));
    const collected = await client.orders.iterate({ limit: 2 }).toArray({ limit: 1000 });
    expect(collected.map((item) => item.id)).toEqual(ids(5));
    expect(service.requests).toHaveLength(3);
  });

  it('stays open: the next toArray continues where the last one stopped, and then the loop', async () => {
    const { service, client } = setup(cursorService(12));
    const orders = client.orders.iterate({ limit: 5 });
    const first = await orders.toArray({ limit: 3 });
    const second = await orders.toArray({ limit: 4 });
    const rest: string[] = [];
    for await (const item of orders) rest.push(item.id);
    expect([...first, ...second].map((item) => item.id)).toEqual(ids(7));
    expect(rest).toEqual(ids(5, 7));
    expect(service.requests).toHaveLength(3);
    expect(await orders.toArray({ limit: 5 })).toEqual([]);
  });

  it('fetches ahead again once it has returned, for the loop that follows', async () => {
    const { service, client } = setup(cursorService(12));
    const orders = client.orders.iterate({ limit: 3 });
    await orders.toArray({ limit: 3 });
    expect(service.requests).toHaveLength(1);
    await orders.next();
    await settle();
    // The page in hand, and the one after it fetched ahead (prefetch 1).
    expect(service.requests).toHaveLength(3);
  });

  it.each([
    ['no options', undefined],
    ['no limit', {}],
    ['0', { limit: 0 }],
    ['-5', { limit: -5 }],
    ['2.5', { limit: 2.5 }],
    ['Infinity', { limit: Number.POSITIVE_INFINITY }],
    ['a string', { limit: '10' }],
  ])('refuses %s as limit with a ConfigurationError, fetching nothing', async (_, options) => {
    const { service, client } = setup(cursorService(5));
    const error = await client.orders
      .iterate()
      .toArray(options as { limit: number })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('limit');
    expect(service.requests).toHaveLength(0);
  });

  it('goes back to where it began when a page fails, so resuming loses nothing', async () => {
    const { responder, heal } = failingService(12, 2);
    const { client } = setup(responder);
    const orders = client.orders.iterate({ limit: 3 });
    const before = await orders.toArray({ limit: 2 });
    const error = await orders.toArray({ limit: 6 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    const resume = { since: order(1).updated_at, since_id: order(1).id };
    expect((error as ServerError).cursor).toEqual(resume);
    expect(orders.checkpoint).toEqual(resume);
    heal();
    const after = await client.orders.iterate({ limit: 3, ...resume }).toArray({ limit: 100 });
    expect([...before, ...after].map((item) => item.id)).toEqual(ids(12));
  });

  it('stays failed after a page failed: no later call passes for the end of the pull', async () => {
    const { responder, heal } = failingService(12, 2);
    const { service, client } = setup(responder);
    const orders = client.orders.iterate({ limit: 3, prefetch: 0 });
    const error = await orders.toArray({ limit: 100 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    heal();
    // A loop that tries again on the same iterator meets the same error, not [] (the end).
    await expect(orders.toArray({ limit: 100 })).rejects.toBe(error);
    await expect(orders.next()).rejects.toBe(error);
    const again: string[] = [];
    await expect(async () => {
      for await (const item of orders) again.push(item.id);
    }).rejects.toBe(error);
    expect(again).toEqual([]);
    expect(service.requests).toHaveLength(3);
    // The failed toArray kept nothing, so the pull resumes where it began.
    expect(orders.checkpoint).toEqual(ORIGIN_CURSOR);
    expect((error as ServerError).cursor).toEqual(ORIGIN_CURSOR);
  });
});

describe('orders.pages().toArray({ limit })', () => {
  it('collects at most limit pages, with their cursor', async () => {
    const { service, client } = setup(cursorService(30));
    const pages = client.orders.pages({ limit: 4 });
    const collected = await pages.toArray({ limit: 2 });
    expect(collected.map((page) => page.items.length)).toEqual([4, 4]);
    await settle();
    expect(service.requests).toHaveLength(2);
    expect(pages.cursor).toEqual({ since: order(7).updated_at, since_id: order(7).id });
  });

  it('refuses a missing limit before fetching', async () => {
    const { service, client } = setup(cursorService(5));
    const pages = client.orders.pages();
    await expect(pages.toArray(undefined as never)).rejects.toThrow(ConfigurationError);
    expect(pages.cursor).toEqual(ORIGIN_CURSOR);
    expect(service.requests).toHaveLength(0);
  });
});

describe('products.iterate().toArray({ limit })', () => {
  it('collects at most limit products and fetches only the pages that hold them', async () => {
    const { service, client } = setup(productService(100));
    const products = await client.products.iterate({ page_size: 2 }).toArray({ limit: 3 });
    expect(products.map((product) => product.sku)).toEqual(['SKU-1', 'SKU-2', 'SKU-3']);
    await settle();
    expect(service.requests).toHaveLength(2);
    await expect(client.products.iterate().toArray({ limit: -1 })).rejects.toThrow(
      ConfigurationError,
    );
    expect(service.requests).toHaveLength(2);
  });
});
