// createMockService's options: defaults, a TypeError naming each wrong option, and
// independent instances.
import { describe, expect, it } from 'vitest';
import {
  createMockService,
  GENERATED_PLATFORMS,
  GENERATED_STATUSES,
  MOCK_API_KEY,
  MOCK_HOST_URL,
  MOCK_SIGNING_SECRET,
  MockInputError,
  SCOPES,
} from '../../mock/index.js';

describe('createMockService options', () => {
  it('fills in the documented defaults', () => {
    const mock = createMockService();
    expect(mock.hostUrl).toBe(MOCK_HOST_URL);
    expect(mock.baseUrl).toBe(`${MOCK_HOST_URL}/api/v1/web-api/v1`);
    expect(mock.apiKeys).toEqual([{ key: MOCK_API_KEY, scopes: [...SCOPES] }]);
    expect(mock.signingSecret).toBe(MOCK_SIGNING_SECRET);
    expect(mock.orders.all()).toHaveLength(100);
    expect(mock.products.all()).toHaveLength(20);
  });

  it('keeps the keys it was made with: a write to mock.apiKeys throws instead of changing nothing', () => {
    const mock = createMockService();
    const [key] = mock.apiKeys as { key: string; scopes: string[] }[];
    expect(() => key?.scopes.pop()).toThrow(TypeError);
    expect(() => (mock.apiKeys as unknown[]).push({ key: 'k', scopes: [] })).toThrow(TypeError);
    expect(mock.apiKeys).toEqual([{ key: MOCK_API_KEY, scopes: [...SCOPES] }]);
  });

  it('reads a host URL given as the base URL, or with a trailing slash, as the host', () => {
    for (const hostUrl of [
      'http://shop.test/api/v1/web-api/v1',
      'http://shop.test/api/v1/web-api/v1/',
      'http://shop.test/',
    ]) {
      const mock = createMockService({ hostUrl });
      expect([mock.hostUrl, mock.baseUrl]).toEqual([
        'http://shop.test',
        'http://shop.test/api/v1/web-api/v1',
      ]);
    }
    expect(createMockService({ hostUrl: 'http://shop.test/tenant-7' }).baseUrl).toBe(
      'http://shop.test/tenant-7/api/v1/web-api/v1',
    );
  });

  it.each([
    [{ seed: 1.5 }, 'options.seed'],
    [{ seed: -1 }, 'options.seed'],
    [{ orders: -1 }, 'options.orders'],
    [{ orders: 'many' }, 'options.orders'],
    [{ products: 2.5 }, 'options.products'],
    [{ apiKeys: 'key' }, 'options.apiKeys'],
    [{ apiKeys: [{ key: '', scopes: [] }] }, 'options.apiKeys[0].key'],
    // Sent over HTTP as UTF-8 and read by node:http as Latin-1: it could only fail there.
    [{ apiKeys: [{ key: 'wms-key+é/1', scopes: [] }] }, 'options.apiKeys[0].key'],
    [{ apiKeys: [{ key: 'a', scopes: ['orders:write'] }] }, 'options.apiKeys[0].scopes'],
    [
      {
        apiKeys: [
          { key: 'a', scopes: [] },
          { key: 'a', scopes: [] },
        ],
      },
      'options.apiKeys[1].key',
    ],
    [{ apiKeys: [{ key: 'a', scopes: [], allowedIps: ['10.0.0.0/99'] }] }, 'allowedIps'],
    [{ apiKeys: [{ key: 'a', scopes: [], allowedIps: ['2001:db8::/129'] }] }, 'allowedIps'],
    [{ apiKeys: [{ key: 'a', scopes: [], allowedIps: ['2001:db8::/x'] }] }, 'allowedIps'],
    // Looked like IPv6 to the old character check, but is no address a socket can have.
    [{ apiKeys: [{ key: 'a', scopes: [], allowedIps: [':::::'] }] }, 'allowedIps'],
    [{ apiKeys: [{ key: 'a', scopes: [], allowedIps: ['1:2:3:4:5:6:7:8:9'] }] }, 'allowedIps'],
    [{ plan: { apiAccess: 'yes' } }, 'options.plan'],
    [{ signingSecret: '' }, 'options.signingSecret'],
    [{ rateLimit: { limit: 0, windowMs: 1000 } }, 'options.rateLimit.limit'],
    [{ rateLimit: { limit: 5 } }, 'options.rateLimit.windowMs'],
    [{ rateLimit: true }, 'options.rateLimit'],
    [{ hostUrl: 'not a url' }, 'options.hostUrl'],
    [{ hostUrl: 'ftp://x.test' }, 'options.hostUrl'],
    [{ clientIp: '' }, 'options.clientIp'],
    [{ clientIp: 'banana' }, 'options.clientIp'],
    [{ clientIp: '10.0.0.300' }, 'options.clientIp'],
    [{ deliveryRetry: { attempts: 0 } }, 'options.deliveryRetry.attempts'],
    [{ deliveries: { limit: -1 } }, 'options.deliveries.limit'],
    [{ deliveries: { limit: 1.5 } }, 'options.deliveries.limit'],
    [{ deliveries: { limit: 'x' } }, 'options.deliveries.limit'],
    [{ ordres: 5 }, 'options.ordres'],
  ])('throws a TypeError naming the option for %j', (options, name) => {
    expect(() => createMockService(options as never)).toThrow(TypeError);
    expect(() => createMockService(options as never)).toThrow(name);
  });

  it.each([
    [{ plan: { apiAccess: true, tier: 'pro' } }, 'options.plan.tier'],
    [{ rateLimit: { limit: 5, windowMs: 1000, burst: 2 } }, 'options.rateLimit.burst'],
    [{ deliveryRetry: { attempt: 1 } }, 'options.deliveryRetry.attempt'],
    [{ latency: { minMs: 1, max: 2 } }, 'options.latency.max'],
    [{ journal: { limit: 5, size: 1 } }, 'options.journal.size'],
    [{ deliveries: { limit: 5, size: 1 } }, 'options.deliveries.size'],
  ])('refuses a misspelt field inside an option, as at the top, naming it: %j', (options, name) => {
    expect(() => createMockService(options as never)).toThrow(TypeError);
    expect(() => createMockService(options as never)).toThrow(`${name} is not one of the known`);
  });

  it.each([
    [{ ordres: 5 }, 'options.ordres is not one of the known options; did you mean `orders`?'],
    [{ ApiKeys: [] }, 'options.ApiKeys is not one of the known options; did you mean `apiKeys`?'],
    [
      { deliveryRetry: { attemts: 3 } },
      'options.deliveryRetry.attemts is not one of the known fields; did you mean `attempts`?',
    ],
  ])('names the option meant by a misspelt one: %j', (options, message) => {
    expect(() => createMockService(options as never)).toThrow(message);
  });

  it.each([
    [{ journal: { limt: 5 } }, 'options.journal.limt'],
    [{ rateLimit: { limit: 5, windowMS: 1000 } }, 'options.rateLimit.windowMS'],
    [{ latency: { minms: 5 } }, 'options.latency.minms'],
    [{ apiKeys: [{ Key: 'k', scopes: [] }] }, 'options.apiKeys[0].Key'],
  ])('names a misspelt required field, not the missing one it explains: %j', (options, name) => {
    expect(() => createMockService(options as never)).toThrow(
      `${name} is not one of the known fields; did you mean`,
    );
  });

  it('names the fields an object of the options knows', () => {
    expect(() => createMockService({ latency: { low: 1 } } as never)).toThrow(
      'options.latency.low is not one of the known fields (minMs, maxMs)',
    );
  });

  it('does not echo an unknown field of an API key entry, which may be the key itself', () => {
    const secret = 'sk_test_0123456789abcdef';
    const messages = [
      [{ [secret]: ['orders:read'] }],
      [{ key: 'a', scopes: [], [secret]: 1 }],
      [{ key: 'a', scopes: [], ratelimit: 5 }],
    ].map((apiKeys) => {
      try {
        createMockService({ apiKeys } as never);
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        return (error as Error).message;
      }
      throw new Error('createMockService accepted an unknown field');
    });
    for (const message of messages) {
      expect(message).toBe(
        'createMockService: options.apiKeys[0] has a field that is not one of the known fields (key, scopes, allowedIps)',
      );
      expect(message).not.toContain(secret);
    }
  });

  it('words a bad deliveries.limit as it words a bad journal.limit', () => {
    const message = (options: object) => {
      try {
        createMockService(options as never);
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
      return 'accepted';
    };
    for (const limit of [-1, 1.5, 'x', 10_000_001]) {
      expect(message({ deliveries: { limit } })).toBe(
        message({ journal: { limit } }).replace('journal', 'deliveries'),
      );
    }
    expect(message({ deliveries: { limit: 'x' } })).toBe(
      'TypeError: createMockService: options.deliveries.limit must be an integer from 0 to 10000000',
    );
    expect(message({ deliveries: 5 })).toBe(
      'TypeError: createMockService: options.deliveries must be { limit }',
    );
  });

  it('rejects an invalid record with a MockInputError naming it', () => {
    const call = () => createMockService({ orders: [{ id: 'a' }, { status: 3 as never }] });
    expect(call).toThrow(MockInputError);
    expect(call).toThrow(/orders\[1\] at status/);
    expect(() => createMockService({ orders: [{ id: 'a' }, { id: 'a' }] })).toThrow(
      /already exists/,
    );
  });

  it('gives the same data for the same seed and other data for another', () => {
    const a = createMockService({ seed: 5, orders: 30 }).orders.all();
    const b = createMockService({ seed: 5, orders: 30 }).orders.all();
    const c = createMockService({ seed: 6, orders: 30 }).orders.all();
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('gives the same data for the same seed after a test tried to sort the exported lists in place', () => {
    const before = createMockService({ seed: 5, orders: 30 }).orders.all();
    // What a JavaScript test comparing the statuses it saw with the list might do: sort()
    // sorts in place, and the generator reads these lists at every order.
    for (const list of [
      GENERATED_STATUSES,
      GENERATED_PLATFORMS,
      SCOPES,
    ] as unknown as unknown[][]) {
      expect(() => list.sort()).toThrow(TypeError);
    }
    expect(createMockService({ seed: 5, orders: 30 }).orders.all()).toEqual(before);
    expect(createMockService().apiKeys[0]?.scopes).toEqual([
      'orders:read',
      'webhooks:manage',
      'products:read',
      'shipping:read',
    ]);
  });

  it('generates every status verbatim, several platforms, shipments and shared refs', () => {
    const orders = createMockService({ orders: 500 }).orders.all();
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['Created', 'Processing', 'shipped', 'Delivered', 'Cancelled']),
    );
    expect(new Set(orders.map((o) => o.platform)).size).toBeGreaterThanOrEqual(4);
    for (const order of orders.filter((o) => o.status === 'shipped')) {
      expect(order.shipments.length).toBeGreaterThan(0);
      expect(order.shipments[0]).toMatchObject({ carrier: expect.any(String) });
      expect(order.shipped_at).toEqual(expect.any(String));
    }
    const refs = new Map<string, Set<string>>();
    for (const o of orders) {
      const key = `${o.source}|${o.external_ref}`;
      refs.set(key, (refs.get(key) ?? new Set()).add(o.business_id as string));
    }
    expect([...refs.values()].filter((businesses) => businesses.size > 1).length).toBeGreaterThan(
      10,
    );
  });

  it('keeps instances independent', () => {
    const a = createMockService({ orders: 5 });
    const b = createMockService({ orders: 5 });
    a.orders.update('1', { status: 'Cancelled' });
    a.clock.set('2020-01-01T00:00:00Z');
    expect(b.orders.get('1')?.status).not.toBe('Cancelled');
    expect(b.clock.now().getFullYear()).toBeGreaterThan(2020);
  });
});
