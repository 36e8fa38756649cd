// Bad input is refused with a ValidationError before anything is sent.
import { describe, expect, it } from 'vitest';
import { createClient, NotFoundError, ValidationError } from '../../src/index.js';
import { failure } from '../support/failure.js';
import { fakeFetch, json, NO_RETRY } from '../support/fake-fetch.js';

describe('input validation', () => {
  it('rejects bad parameters with a ValidationError before sending anything', async () => {
    const service = fakeFetch(() => json({}));
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(
      client.orders.list({ limit: 500, offset: -1 }),
    )) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.requestSent).toBe(false);
    expect(error.issues.map((issue) => issue.loc)).toEqual([
      ['query', 'limit'],
      ['query', 'offset'],
    ]);
    expect(error.message).toBe(
      'GET /orders → not sent, the SDK refused the input: query.limit: must be at most 200; query.offset: must be at least 0',
    );
    await expect(client.products.list({ page: 0 })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.orders.get('')).rejects.toBeInstanceOf(ValidationError);
    await expect(
      client.webhooks.create({ url: 'not a url', events: ['order.created'] }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      client.webhooks.create({
        url: 'https://wms.example.com/h',
        events: ['order.deleted' as never],
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(() => client.orders.pages({ since: '2026-01-01T00:00:00' })).toThrow(ValidationError);
    expect(() => client.orders.iterate({ since: '2026-01-01T00:00:00Z' })).toThrow(ValidationError);
    expect(() => client.products.iterate({ page_size: 0 })).toThrow(ValidationError);
    expect(service.requests).toHaveLength(0);
  });

  it('takes null options as none, and refuses null parameters with a ValidationError', async () => {
    const service = fakeFetch(() => json({ detail: 'gone' }, 404));
    const client = createClient({
      ...NO_RETRY,
      signingSecret: 'whsec_x',
      fetch: service.fetch,
    });
    const none = null as never;
    for (const call of [
      client.orders.get('1', none),
      client.orders.items('1', none),
      client.orders.list({}, none),
      client.orders.pages({}, none).next(),
      client.products.list({}, none),
      client.webhooks.create({ url: 'https://wms.example.com/h', events: ['order.created'] }, none),
      client.fulfillment.notifyShipped({ inbound_order_id: 'o' }, none),
    ]) {
      await expect(call).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(service.requests).toHaveLength(7);
    for (const call of [
      () => client.orders.list(none),
      () => client.products.list(none),
      () => client.webhooks.create(none),
    ]) {
      const error = (await failure(call())) as ValidationError;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.requestSent).toBe(false);
    }
    expect(service.requests).toHaveLength(7);
  });

  it('refuses the order ids "." and "..", which a URL resolves to another endpoint', async () => {
    const service = fakeFetch(() => json({}));
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    for (const id of ['.', '..']) {
      for (const call of [client.orders.get(id), client.orders.items(id)]) {
        const error = (await failure(call)) as ValidationError;
        expect(error).toBeInstanceOf(ValidationError);
        expect(error.requestSent).toBe(false);
        expect(error.issues).toEqual([
          { loc: ['path', 'order_id'], msg: `must not be "${id}"`, type: 'invalid_type' },
        ]);
      }
    }
    // Dots inside an id are an ordinary segment.
    await client.orders.get('a..b').catch(() => undefined);
    expect(service.requests.map((request) => request.url.pathname)).toEqual([
      '/api/v1/web-api/v1/orders/a..b',
    ]);
  });

  it('refuses a string with a lone surrogate, which a URL would carry as another one', async () => {
    // URLSearchParams writes U+FFFD for it and encodeURIComponent throws: a cursor's since_id
    // would reach the service as another id, and the pull skip the orders between the two.
    const page = (since_id: string, has_more: boolean) =>
      json({ items: [], next_since: '2026-01-01T00:00:01Z', next_since_id: since_id, has_more });
    const service = fakeFetch((request) =>
      request.url.searchParams.get('since_id') === 'a' ? page('x\uD800', true) : page('y', false),
    );
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const cursor = { since: '2026-01-01T00:00:00Z', since_id: 'x\uD800' };
    const refusals = [
      [() => client.orders.get('x\uD800'), ['path', 'order_id']],
      [() => client.orders.items('\uDC00'), ['path', 'order_id']],
      [() => client.orders.pages(cursor).toArray({ limit: 1 }), ['query', 'since_id']],
      [() => client.orders.list({ status: 'Created\uD83D' }), ['query', 'status']],
    ] as const;
    for (const [call, loc] of refusals) {
      const error = (await failure(call())) as ValidationError;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.requestSent).toBe(false);
      expect(error.issues, String(loc)).toEqual([
        {
          loc,
          msg: 'must be well-formed Unicode: it holds a lone surrogate (U+D800 to U+DFFF), which a URL cannot carry',
          type: 'string_unicode',
        },
      ]);
    }
    expect(service.requests).toHaveLength(0);
    // A surrogate pair is one character, sent as it is.
    await client.orders.get('x\uD83D\uDE00').catch(() => undefined);
    expect(service.requests.map((request) => request.url.pathname)).toEqual([
      '/api/v1/web-api/v1/orders/x%F0%9F%98%80',
    ]);
    // A cursor the service handed back with one fails the pull at the next page, unsent.
    const pull = client.orders.pages({ since: '2026-01-01T00:00:00Z', since_id: 'a', prefetch: 0 });
    const pages: unknown[] = [];
    const error = await (async () => {
      for await (const page of pull) pages.push(page);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(pages).toHaveLength(1);
    expect(service.requests).toHaveLength(2);
    expect(pull.cursor).toEqual({ since: '2026-01-01T00:00:01Z', since_id: 'x\uD800' });
  });

  it('rejects a misspelt parameter instead of dropping it', async () => {
    const client = createClient({ ...NO_RETRY, fetch: fakeFetch(() => json({})).fetch });
    const error = (await failure(client.orders.list({ pageSize: 10 } as never))) as ValidationError;
    expect(error.issues[0]?.loc).toEqual(['query', 'pageSize']);
    expect(error.issues[0]?.msg).toBe(
      'is not a parameter; expected one of status, platform, limit, offset',
    );
    // Named like an Object method, it is still not a parameter.
    const inherited = (await failure(
      client.orders.list({ constructor: 1 } as never),
    )) as ValidationError;
    expect(inherited.issues.map((issue) => issue.loc)).toEqual([['query', 'constructor']]);
  });

  it('names the parameter a misspelt one most likely meant, prefetch included in a pull', async () => {
    const service = fakeFetch(() => json({}));
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const since = '2026-01-01T00:00:00Z';
    const cases: [() => unknown, string, string][] = [
      [() => client.orders.iterate({ prefech: 2 } as never), 'prefech', 'did you mean `prefetch`?'],
      [() => client.orders.pages({ Limit: 5 } as never), 'Limit', 'did you mean `limit`?'],
      [
        () => client.orders.iterate({ since, sinceId: '3' } as never),
        'sinceId',
        'did you mean `since_id`?',
      ],
      [
        () => client.products.iterate({ pageSize: 5 } as never),
        'pageSize',
        'did you mean `page_size`?',
      ],
      [
        () => client.orders.iterate({ pageSize: 5 } as never),
        'pageSize',
        'expected one of status, platform, limit, since, since_id, prefetch',
      ],
    ];
    for (const [pull, key, hint] of cases) {
      let error: unknown;
      try {
        pull();
      } catch (caught) {
        error = caught;
      }
      expect(error, key).toBeInstanceOf(ValidationError);
      // First: a misspelt since_id also leaves since without its partner, reported after.
      expect((error as ValidationError).issues[0]).toEqual({
        loc: ['query', key],
        msg: `is not a parameter; ${hint}`,
        type: 'unrecognized_keys',
      });
    }
    expect(service.requests).toHaveLength(0);
  });
});
