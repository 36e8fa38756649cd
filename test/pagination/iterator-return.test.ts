// return() (what `break` calls) on an iterator with a page request in flight: the request
// is aborted, the waiting next() ends the iteration, and nothing more is fetched.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { HOST, hangingFetch, KEY } from '../support/fake-fetch.js';

function hanging() {
  const aborted: Request[] = [];
  const fetch = (request: Request) => {
    request.signal.addEventListener('abort', () => aborted.push(request));
    return hangingFetch(request);
  };
  const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch });
  return { client, aborted };
}

describe('return() with a page in flight', () => {
  it('aborts the page request of orders.iterate() and ends the waiting next()', async () => {
    const { client, aborted } = hanging();
    const orders = client.orders.iterate();
    const waiting = orders.next();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await orders.return();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(aborted).toHaveLength(1);
    expect(await orders.next()).toEqual({ done: true, value: undefined });
  });

  it('aborts the page request of orders.pages() and keeps the starting cursor', async () => {
    const { client, aborted } = hanging();
    const start = { since: '2026-01-01T00:00:00Z', since_id: 'ord_1' };
    const pages = client.orders.pages(start);
    const waiting = pages.next();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await pages.return();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(aborted).toHaveLength(1);
    expect(pages.cursor).toEqual(start);
  });

  it("leaves the caller's own abort an error", async () => {
    const { client } = hanging();
    const controller = new AbortController();
    const orders = client.orders.iterate({}, { signal: controller.signal });
    const waiting = orders.next();
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('ends an iterator never read, as a cleanup in finally does, and fetches nothing', async () => {
    const { client, aborted } = hanging();
    for (const pull of [
      client.orders.iterate(),
      client.orders.pages(),
      client.products.iterate(),
    ]) {
      expect(await pull.return()).toEqual({ done: true, value: undefined });
      expect(await pull.next()).toEqual({ done: true, value: undefined });
    }
    expect(aborted).toHaveLength(0);
  });
});
