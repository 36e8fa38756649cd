// What each page request of a pull carries: the caller's per-call options (headers, retry,
// totalTimeout per page), and on the way back the answer's X-Request-Id as page.requestId.
import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  type RequestOptions,
  ServerError,
  TimeoutError,
} from '../../src/index.js';
import { json, type Responder } from '../support/fake-fetch.js';
import {
  cursorPage,
  cursorService,
  failingService,
  scriptedClient,
} from '../support/scripted-service.js';

const setup = (responder: Responder) => scriptedClient(responder, 2);

describe('page.requestId', () => {
  it('is the X-Request-Id of the answer that brought the page, and stays out of its JSON', async () => {
    const { client } = setup(cursorService(7));
    const pages = await client.orders.pages({ limit: 3 }).toArray({ limit: 10 });
    expect(pages.map((page) => page.requestId)).toEqual(['req_0', 'req_1', 'req_2']);
    const [first] = pages;
    expect(Object.keys(first ?? {})).not.toContain('requestId');
    expect(JSON.parse(JSON.stringify(first))).toEqual(cursorPageOf(first));
  });

  it('is undefined when the service sent none', async () => {
    const { client } = setup((request) => json(cursorPage(2, request)));
    const [page] = await client.orders.pages().toArray({ limit: 1 });
    expect(page?.requestId).toBeUndefined();
    expect(page?.items).toHaveLength(2);
  });
});

// The wire fields of a page, as the service sent them.
function cursorPageOf(page: object | undefined) {
  const { items, next_since, next_since_id, has_more } = page as Record<string, unknown>;
  return { items, next_since, next_since_id, has_more };
}

describe('per-call options in a pull', () => {
  it('sends the call’s headers with every page, those fetched ahead included', async () => {
    const { service, client } = setup(cursorService(10));
    const headers = { 'X-Correlation-Id': 'pull-42' };
    let count = 0;
    for await (const _ of client.orders.iterate({ limit: 3, prefetch: 2 }, { headers })) count++;
    expect(count).toBe(10);
    expect(service.requests).toHaveLength(4);
    for (const request of service.requests) {
      expect(request.headers.get('x-correlation-id')).toBe('pull-42');
    }
    await client.products
      .iterate({}, { headers })
      .toArray({ limit: 1 })
      .catch(() => undefined);
    expect(service.requests[4]?.headers.get('x-correlation-id')).toBe('pull-42');
  });

  it('applies the call’s retry to each page', async () => {
    const { service, client } = setup(failingService(9, 1).responder);
    const error = await client.orders
      .iterate({ limit: 3 }, { retry: 0 })
      .toArray({ limit: 9 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    // The client would retry twice; the call said not to.
    expect(service.requests).toHaveLength(2);
  });

  it('bounds each page, not the pull, with totalTimeout', async () => {
    const healthy = cursorService(15);
    const slow: Responder = async (request, index) => {
      // Each of the five answers takes a while: the pull as a whole longer than totalTimeout.
      await new Promise((resolve) => setTimeout(resolve, 40));
      return healthy(request, index);
    };
    const { client } = setup(slow);
    const orders = await client.orders
      .iterate({ limit: 3, prefetch: 0 }, { totalTimeout: 150 })
      .toArray({ limit: 15 });
    expect(orders).toHaveLength(15);
  });

  it('ends a page that outlasts totalTimeout with TimeoutError carrying its cursor', async () => {
    const healthy = cursorService(9);
    const { client } = setup((request, index) =>
      index === 0
        ? healthy(request, index)
        : new Promise<Response>((_, reject) =>
            request.signal.addEventListener('abort', () => reject(request.signal.reason)),
          ),
    );
    const pages = client.orders.pages({ limit: 3 }, { totalTimeout: 50 });
    const first = await pages.next();
    const error = await pages.next().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).limit).toBe('total');
    expect((error as TimeoutError).cursor).toEqual({
      since: first.value?.next_since,
      since_id: first.value?.next_since_id,
    });
  });
});

describe('a pull given a signal that is no AbortSignal', () => {
  it('throws ConfigurationError at once, as for a bad prefetch, and sends nothing', () => {
    const { client, service } = setup(cursorService(9));
    const notASignal = { signal: 5 } as unknown as RequestOptions;
    for (const start of [
      () => client.orders.pages({}, notASignal),
      () => client.orders.iterate({}, notASignal),
      () => client.products.iterate({}, notASignal),
    ]) {
      expect(start).toThrow(ConfigurationError);
      expect(start).toThrow('signal');
    }
    expect(service.requests).toHaveLength(0);
  });
});
