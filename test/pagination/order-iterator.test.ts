// Order iteration over a scripted service: laziness, break, parallel next(), return(), a
// failure that sticks, checkpoints and resuming after a failure.
import { describe, expect, it } from 'vitest';
import { ORIGIN_CURSOR, ServerError } from '../../src/index.js';
import { clientOver, FAST_RETRY, fakeFetch, json } from '../support/fake-fetch.js';
import { cursorOf, cursorService, order } from '../support/scripted-service.js';

function setup(responder: Parameters<typeof fakeFetch>[0], retry: object = FAST_RETRY) {
  const service = fakeFetch(responder);
  const client = clientOver(service, { retry });
  return { service, client };
}

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

  it('hands out none of a page’s remaining orders after return(), and keeps the checkpoint', async () => {
    const { client } = setup(cursorService(10));
    const orders = client.orders.iterate({ limit: 3 });
    const first = await orders.next();
    expect(first.value?.id).toBe(order(0).id);
    const checkpoint = orders.checkpoint;
    await orders.return();
    expect(await orders.next()).toEqual({ done: true, value: undefined });
    expect(await orders.toArray({ limit: 5 })).toEqual([]);
    expect(orders.checkpoint).toEqual(checkpoint);
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
