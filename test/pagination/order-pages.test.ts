// What a cursor pull makes of the pages the service answers: a last page that left its cursor
// out, a cursor whose since_id stayed while since moved, a page that breaks the schema, and
// where the cursor and checkpoint stand after a page's end, an empty last page and a failed
// toArray.
import { describe, expect, it } from 'vitest';
import { ResponseValidationError, ServerError } from '../../src/index.js';
import type { Responder } from '../support/fake-fetch.js';
import { json } from '../support/fake-fetch.js';
import {
  cursorOf,
  failingService,
  order,
  scriptedClient as setup,
} from '../support/scripted-service.js';

const start = { since: '2026-01-01T00:00:00.000Z', since_id: 'ord_000' };

/** Answers the scripted pages in turn, the last one repeating. */
const pagesOf =
  (...pages: object[]): Responder =>
  (_, index) =>
    json(pages[Math.min(index, pages.length - 1)]);

describe('a last page without its cursor', () => {
  it('gets the cursor after its last order, or on an empty page the cursor it was asked with', async () => {
    const items = [order(1), order(2), order(3)];
    for (const [page, cursor] of [
      [
        { items, has_more: false },
        { since: order(3).updated_at, since_id: order(3).id },
      ],
      [{ items: [], next_since: null, next_since_id: null, has_more: false }, start],
    ] as const) {
      const { client } = setup(pagesOf(page));
      const pages = client.orders.pages(start);
      const first = await pages.next();
      expect(first.value).toMatchObject({
        next_since: cursor.since,
        next_since_id: cursor.since_id,
      });
      expect(await pages.next()).toEqual({ done: true, value: undefined });
      expect(pages.cursor).toEqual(cursor);
    }
  });
});

describe('the cursor after a page', () => {
  it('moves on when only since moved: the same order, updated again', async () => {
    const moved = { since: '2026-01-02T00:00:00.000Z', since_id: start.since_id };
    const { service, client } = setup(
      pagesOf(
        { items: [], next_since: moved.since, next_since_id: moved.since_id, has_more: true },
        { items: [], next_since: moved.since, next_since_id: moved.since_id, has_more: false },
      ),
    );
    expect(await client.orders.pages(start).toArray({ limit: 5 })).toHaveLength(2);
    expect(cursorOf(service.requests[1])).toEqual(moved);
  });

  it('fails a page that breaks the schema with ResponseValidationError', async () => {
    const page = { items: [{ id: 5 }], next_since: 'x', next_since_id: 'y', has_more: false };
    const { client } = setup(pagesOf(page));
    const error = await client.orders
      .pages(start)
      .next()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).cursor).toEqual(start);
  });
});

describe('the checkpoint of orders.iterate', () => {
  // A filtered page may end before the cursor the service hands back.
  const ahead = { since: '2026-01-05T00:00:00.000Z', since_id: 'ord_999' };

  it('is the page’s cursor once its last order is handed out', async () => {
    const page = { items: [order(1)], next_since: ahead.since, next_since_id: ahead.since_id };
    const { client } = setup(pagesOf({ ...page, has_more: false }));
    const orders = client.orders.iterate(start);
    expect((await orders.next()).value?.id).toBe(order(1).id);
    expect(orders.checkpoint).toEqual(ahead);
  });

  it('moves to the cursor of an empty last page', async () => {
    const page = { items: [], next_since: ahead.since, next_since_id: ahead.since_id };
    const { client } = setup(pagesOf({ ...page, has_more: false }));
    const orders = client.orders.iterate(start);
    expect(await orders.toArray({ limit: 5 })).toEqual([]);
    expect(orders.checkpoint).toEqual(ahead);
  });
});

describe('orders.pages().toArray({ limit }) when a page fails', () => {
  it('goes back to where it began, on the iterator and on the error', async () => {
    const { responder } = failingService(9, 1);
    const { client } = setup(responder);
    const pages = client.orders.pages({ limit: 3, ...start });
    const error = await pages.toArray({ limit: 3 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).cursor).toEqual(start);
    expect(pages.cursor).toEqual(start);
  });
});
