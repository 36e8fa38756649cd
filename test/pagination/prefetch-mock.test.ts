// Pipelined pulls against the mock, in-process (msw) and over real HTTP: what the service
// sees of prefetch, toArray and break.
import { describe, expect, it, vi } from 'vitest';
import { MOCK_API_KEY } from '../../mock/index.js';
import { createClient, type OrderCursorPage } from '../../src/index.js';
import { TRANSPORTS, useMock } from '../support/mock.js';

/**
 * A client whose requests are recorded and then sent on to the mock (through msw or over
 * HTTP, whichever `globalThis.fetch` reaches). The answers to the requests numbered in
 * `hold` are kept from the SDK until it gives the request up.
 */
function recording(hostUrl: string, hold: number[] = []) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    const index = requests.push(request) - 1;
    const response = await globalThis.fetch(request);
    if (!hold.includes(index)) return response;
    return new Promise<Response>((_, reject) => {
      const { signal } = request;
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  };
  return { client: createClient({ hostUrl, apiKey: MOCK_API_KEY, fetch }), requests };
}

const cursorOf = (request: Request | undefined) => {
  const query = new URL(request?.url ?? 'http://x').searchParams;
  return { since: query.get('since'), since_id: query.get('since_id') };
};

describe.each(TRANSPORTS)('pipelined pulls over %s', (transport) => {
  const { start } = useMock(transport);

  it('yields every order once, asks with each page’s cursor, and checkpoints only what was yielded', async () => {
    const { mock, hostUrl } = await start({ orders: 500 });
    const { client, requests } = recording(hostUrl);
    const pages = client.orders.pages({ limit: 50, prefetch: 2 });
    const seen: OrderCursorPage[] = [];
    for await (const page of pages) {
      seen.push(page);
      expect(pages.cursor).toEqual({ since: page.next_since, since_id: page.next_since_id });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const ids = seen.flatMap((page) => page.items.map((order) => order.id));
    expect(new Set(ids).size).toBe(500);
    expect(ids).toHaveLength(mock.orders.all().length);
    expect(requests).toHaveLength(10);
    for (let index = 1; index < seen.length; index++) {
      const previous = seen[index - 1] as OrderCursorPage;
      expect(cursorOf(requests[index])).toEqual({
        since: previous.next_since,
        since_id: previous.next_since_id,
      });
    }
  });

  it('aborts the page fetched ahead on break and asks for no other', async () => {
    const { hostUrl } = await start({ orders: 1000 });
    const { client, requests } = recording(hostUrl, [3]);
    let seen = 0;
    for await (const _ of client.orders.iterate({ limit: 100 })) {
      if (++seen === 250) {
        // The fourth page went out when the third arrived, before the loop reached it.
        await vi.waitFor(() => expect(requests).toHaveLength(4));
        break;
      }
    }
    expect(requests[3]?.signal.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(4);
  });

  it('toArray asks only for the pages that hold what it collects', async () => {
    const { hostUrl } = await start({ orders: 1000 });
    const { client, requests } = recording(hostUrl);
    const orders = client.orders.iterate({ limit: 100 });
    expect(await orders.toArray({ limit: 250 })).toHaveLength(250);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(3);
    const products = await client.products.iterate({ page_size: 5 }).toArray({ limit: 8 });
    expect(products).toHaveLength(8);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(5);
  });
  it('gives each page the X-Request-Id the service journaled for it', async () => {
    const { mock, hostUrl } = await start({ orders: 120 });
    const { client } = recording(hostUrl);
    const ids: (string | undefined)[] = [];
    for await (const page of client.orders.pages({ limit: 50, prefetch: 0 })) {
      ids.push(page.requestId);
    }
    const journaled = mock.requests.filter((entry) => entry.path.endsWith('/orders'));
    expect(ids).toHaveLength(3);
    expect(ids).toEqual(journaled.map((entry) => entry.requestId));
    expect(new Set(ids).size).toBe(3);
  });
});
