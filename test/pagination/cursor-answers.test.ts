// Cursors a service may answer that a pull cannot go on from or resume at: an empty one, one
// that moved back, and an order whose `updated_at` names no instant by itself. Each ends in a
// ResponseValidationError carrying the cursor the page was asked with, or leaves a checkpoint
// that repeats orders rather than skipping any.
import { describe, expect, it } from 'vitest';
import { ResponseValidationError } from '../../src/index.js';
import { json, type Responder } from '../support/fake-fetch.js';
import { cursorOf, order, scriptedClient as setup } from '../support/scripted-service.js';

const start = { since: '2026-01-01T00:00:00.000Z', since_id: 'ord_000' };

/** Answers the scripted pages in turn, the last one repeating. */
const pagesOf =
  (...pages: object[]): Responder =>
  (_, index) =>
    json(pages[Math.min(index, pages.length - 1)]);

async function failure(pages: AsyncIterable<unknown>): Promise<ResponseValidationError> {
  try {
    for await (const _ of pages);
  } catch (error) {
    expect(error).toBeInstanceOf(ResponseValidationError);
    return error as ResponseValidationError;
  }
  throw new Error('the pull ended without an error');
}

describe('an empty cursor', () => {
  it('fails the page while has_more is true, naming the empty field', async () => {
    const page = { items: [order(1)], next_since: '', next_since_id: 'ord_001', has_more: true };
    const { client, service } = setup(pagesOf(page));
    const error = await failure(client.orders.pages(start));
    expect(error.issues).toEqual([
      { path: 'next_since', message: 'is empty while has_more is true' },
    ]);
    expect(error.cursor).toEqual(start);
    expect(service.requests).toHaveLength(1);
  });

  it('on a last page is the cursor after its last order, as a missing one is', async () => {
    const page = {
      items: [order(1), order(2)],
      next_since: '',
      next_since_id: '',
      has_more: false,
    };
    const { client } = setup(pagesOf(page));
    const orders = client.orders.iterate(start);
    expect(await orders.toArray({ limit: 5 })).toHaveLength(2);
    expect(orders.checkpoint).toEqual({ since: order(2).updated_at, since_id: order(2).id });
  });
});

describe('a cursor that moved back', () => {
  it('fails the page, where the pull would hand out the same orders for ever', async () => {
    const back = { since: '2025-12-31T23:59:59+00:00', since_id: 'ord_009' };
    const page = { items: [order(9)], next_since: back.since, next_since_id: back.since_id };
    const { client, service } = setup(pagesOf({ ...page, has_more: true }));
    const error = await failure(client.orders.iterate(start));
    expect(error.issues).toEqual([
      {
        path: 'next_since',
        message: `is before the since it was asked with (${start.since}): the cursor moved back`,
      },
    ]);
    expect(error.cursor).toEqual(start);
    expect(service.requests).toHaveLength(1);
  });

  it('is not one that names the same instant in another form, or one the SDK cannot read', async () => {
    for (const since of ['2026-01-01T03:00:00+03:00', '2026-01-01 00:00:00Z', 'page-2']) {
      const moved = { items: [], next_since: since, next_since_id: 'ord_001', has_more: true };
      const last = { items: [], next_since: since, next_since_id: 'ord_001', has_more: false };
      const { client, service } = setup(pagesOf(moved, last));
      expect(await client.orders.pages(start).toArray({ limit: 5 })).toHaveLength(2);
      expect(cursorOf(service.requests[1])).toEqual({ since, since_id: 'ord_001' });
    }
  });

  it('is not one inside the same second, from a service that keeps whole seconds', async () => {
    const finer = { since: '2026-01-01T10:00:00.500Z', since_id: 'ord_001' };
    const page = { items: [], next_since: '2026-01-01T10:00:00Z', next_since_id: 'ord_002' };
    const { client } = setup(pagesOf({ ...page, has_more: true }, { ...page, has_more: false }));
    expect(await client.orders.pages(finer).toArray({ limit: 5 })).toHaveLength(2);
  });
});

describe('an updated_at without an offset', () => {
  // The service writes its orders' times in its local time, without an offset, and its
  // cursor with one: an order's own position would be read in another zone on a resume.
  const local = (index: number) => ({ ...order(index), updated_at: '2026-01-01T03:00:05' });

  it('leaves the checkpoint inside a page where the page began', async () => {
    const ahead = { since: '2026-01-01T00:00:09+00:00', since_id: 'ord_009' };
    const first = { items: [order(1), order(2)], next_since: '2026-01-01T00:00:00.000Z' };
    const second = { items: [local(3), local(4)], next_since: ahead.since };
    const { client } = setup(
      pagesOf(
        { ...first, next_since_id: 'ord_002', has_more: true },
        { ...second, next_since_id: ahead.since_id, has_more: false },
      ),
    );
    const orders = client.orders.iterate(start);
    const seen = [];
    for await (const each of orders) seen.push([each.id, orders.checkpoint]);
    expect(seen).toEqual([
      ['ord_001', { since: order(1).updated_at, since_id: 'ord_001' }],
      ['ord_002', { since: first.next_since, since_id: 'ord_002' }],
      ['ord_003', { since: first.next_since, since_id: 'ord_002' }],
      ['ord_004', ahead],
    ]);
  });

  it('on a last page without its cursor gives the cursor the page was asked with', async () => {
    const { client } = setup(pagesOf({ items: [local(1)], has_more: false }));
    const pages = client.orders.pages(start);
    expect(await pages.toArray({ limit: 5 })).toHaveLength(1);
    expect(pages.cursor).toEqual(start);
  });
});
