import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  createClient,
  DEFAULT_RETRY,
  DEFAULTS,
  FulfillmentClient,
  OrdersClient,
  ProductsClient,
  Transport,
  WebhooksClient,
} from '../../src/index.js';
import { clientOver, fakeFetch, HOST, json, KEY, productPage } from '../support/fake-fetch.js';

function optionOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as ConfigurationError).option;
  }
  return undefined;
}

describe('createClient configuration', () => {
  it('returns the four resource clients', () => {
    const client = createClient({ hostUrl: HOST, apiKey: KEY });
    expect(client.products).toBeInstanceOf(ProductsClient);
    expect(client.orders).toBeInstanceOf(OrdersClient);
    expect(client.webhooks).toBeInstanceOf(WebhooksClient);
    expect(client.fulfillment).toBeInstanceOf(FulfillmentClient);
  });

  it.each([
    ['missing hostUrl', { apiKey: KEY }, 'hostUrl'],
    ['relative hostUrl', { hostUrl: 'shop.example.com', apiKey: KEY }, 'hostUrl'],
    ['ftp hostUrl', { hostUrl: 'ftp://shop.example.com', apiKey: KEY }, 'hostUrl'],
    ['hostUrl with query', { hostUrl: `${HOST}?x=1`, apiKey: KEY }, 'hostUrl'],
    [
      'hostUrl with credentials',
      { hostUrl: 'https://u:p@shop.example.com', apiKey: KEY },
      'hostUrl',
    ],
    ['empty apiKey', { hostUrl: HOST, apiKey: '' }, 'apiKey'],
    ['apiKey with a newline', { hostUrl: HOST, apiKey: `${KEY}\n` }, 'apiKey'],
    ['apiKey with a space inside', { hostUrl: HOST, apiKey: 'a b' }, 'apiKey'],
    ['empty signingSecret', { hostUrl: HOST, apiKey: KEY, signingSecret: '' }, 'signingSecret'],
    ['negative timeout', { hostUrl: HOST, apiKey: KEY, timeout: -1 }, 'timeout'],
    ['fractional retry', { hostUrl: HOST, apiKey: KEY, retry: 1.5 }, 'retry'],
    ['bad retry.limit', { hostUrl: HOST, apiKey: KEY, retry: { limit: -1 } }, 'retry.limit'],
    ['unknown retry option', { hostUrl: HOST, apiKey: KEY, retry: { limits: 1 } }, 'retry.limits'],
    ['fetch not a function', { hostUrl: HOST, apiKey: KEY, fetch: 'fetch' }, 'fetch'],
    [
      'hook not a function',
      { hostUrl: HOST, apiKey: KEY, hooks: { beforeRequest: [1] } },
      'hooks.beforeRequest',
    ],
    ['unknown hook', { hostUrl: HOST, apiKey: KEY, hooks: { onRequest: [] } }, 'hooks.onRequest'],
    ['misspelt option', { hostUrl: HOST, apikey: KEY }, 'apikey'],
    [
      'an option named like an Object method',
      { hostUrl: HOST, apiKey: KEY, toString: 1 },
      'toString',
    ],
    ['hooks that are not an object', { hostUrl: HOST, apiKey: KEY, hooks: [] }, 'hooks'],
  ])('rejects %s at construction, naming the option', (_, config, option) => {
    expect(optionOf(() => createClient(config as never))).toBe(option);
    expect(optionOf(() => new OrdersClient(config as never))).toBe(option);
  });

  it.each([
    ['timeOut', { timeOut: 5 }, '; did you mean `timeout`?'],
    ['apikey', { apikey: KEY }, '; did you mean `apiKey`?'],
    ['hostURL', { hostURL: HOST }, '; did you mean `hostUrl`?'],
    ['retries', { retries: 2 }, '; did you mean `retry`?'],
    ['retry.limt', { retry: { limt: 2 } }, '; did you mean `limit`?'],
    [
      'region',
      { region: 'eu' },
      ' (hostUrl, apiKey, signingSecret, timeout, retry, fetch, hooks, now, logger, logLevel).',
    ],
  ])(
    'names the option meant by an unknown %s, or else lists the options',
    (option, extra, hint) => {
      const config = { hostUrl: HOST, apiKey: KEY, ...extra } as never;
      const message = `Invalid option \`${option}\`: is not an option${hint}`;
      expect(() => createClient(config)).toThrow(message);
      expect(() => new Transport(config)).toThrow(message);
      expect(() => new OrdersClient(config)).toThrow(message);
    },
  );

  it('never echoes the API key or signing secret in a configuration error', () => {
    for (const config of [
      { hostUrl: HOST, apiKey: ` ${KEY}` },
      { hostUrl: HOST, apiKey: `${KEY}\r\nX: y` },
      { hostUrl: HOST, apiKey: ` ${KEY}`, signingSecret: KEY },
    ]) {
      try {
        createClient(config);
        expect.unreachable();
      } catch (error) {
        expect(String(error)).not.toContain(KEY);
      }
    }
  });

  it('appends the base path to hostUrl, with or without a trailing slash or a path prefix', async () => {
    for (const [hostUrl, expected] of [
      [HOST, `${HOST}/api/v1/web-api/v1/products`],
      [`${HOST}/`, `${HOST}/api/v1/web-api/v1/products`],
      [`${HOST}/tenant-a/`, `${HOST}/tenant-a/api/v1/web-api/v1/products`],
      // The base URL, and the prefix of the inbound path, name the same host.
      [`${HOST}/api/v1/web-api/v1/`, `${HOST}/api/v1/web-api/v1/products`],
      [`${HOST}/api/v1`, `${HOST}/api/v1/web-api/v1/products`],
      [`${HOST}/tenant-a/api/v1/`, `${HOST}/tenant-a/api/v1/web-api/v1/products`],
    ] as const) {
      const service = fakeFetch(() => json({ items: [], page: 1, page_size: 50, total: 0 }));
      await createClient({ hostUrl, apiKey: KEY, fetch: service.fetch }).products.list();
      expect(`${service.requests[0]?.url.origin}${service.requests[0]?.url.pathname}`).toBe(
        expected,
      );
    }
  });

  // ky's own defaults for maxRetryAfter and backoffLimit are Infinity, and its documentation
  // offers it; a check that took finite numbers only refused them as "expected number,
  // received number".
  it('takes Infinity for retry.limit, maxRetryAfter and backoffLimit, as ky does: no limit', async () => {
    const service = fakeFetch((_, index) =>
      index < 5 ? json({ detail: 'down' }, 503) : json(productPage),
    );
    const retry = { delay: () => 0, jitter: false } as const;
    const client = clientOver(service, {
      retry: { ...retry, limit: Number.POSITIVE_INFINITY, maxRetryAfter: Number.POSITIVE_INFINITY },
    });
    await expect(
      client.products.list({}, { retry: { ...retry, backoffLimit: Number.POSITIVE_INFINITY } }),
    ).resolves.toEqual(productPage);
    expect(service.requests).toHaveLength(6);
  });

  it.each([
    [
      { retry: { backoffLimit: Number.NaN } },
      '`retry.backoffLimit`: must be milliseconds from 0, or Infinity.',
    ],
    [{ retry: Number.NEGATIVE_INFINITY }, '`retry`: must be a whole number from 0, or Infinity.'],
    [
      { timeout: Number.POSITIVE_INFINITY },
      '`timeout`: must be whole milliseconds from 1 to 2147483647, or false.',
    ],
  ])('says what a number past its range should be: %o', (options, message) => {
    expect(() => createClient({ hostUrl: HOST, apiKey: KEY, ...options })).toThrow(
      `Invalid option ${message}`,
    );
  });

  it('keeps the SDK retry policy when retry is a number', () => {
    expect(DEFAULT_RETRY.methods).toEqual(['get']);
    expect(() => createClient({ hostUrl: HOST, apiKey: KEY, retry: 0 })).not.toThrow();
  });

  it('keeps DEFAULTS from being changed under every later client of the process', () => {
    // A JavaScript caller (or a cast) assigning to it: every createClient reads its timeout.
    const defaults = DEFAULTS as { timeout: number };
    expect(() => {
      defaults.timeout = 1;
    }).toThrow(TypeError);
    expect(DEFAULTS.timeout).toBe(30_000);
  });

  it('shares one transport between the clients of one createClient call', async () => {
    const service = fakeFetch(() => json({ items: [], page: 1, page_size: 50, total: 0 }));
    const client = clientOver(service);
    await client.products.list();
    await client.orders.list();
    expect(service.requests).toHaveLength(2);
  });

  it('looks globalThis.fetch up at request time, so an interceptor installed later applies', async () => {
    const client = createClient({ hostUrl: HOST, apiKey: KEY });
    const original = globalThis.fetch;
    const service = fakeFetch(() => json({ items: [], page: 1, page_size: 50, total: 0 }));
    globalThis.fetch = service.fetch as typeof fetch;
    try {
      await client.products.list();
    } finally {
      globalThis.fetch = original;
    }
    expect(service.requests).toHaveLength(1);
  });
});
