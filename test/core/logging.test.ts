// The log: what each level writes, where the level comes from, and that no line of a whole
// session carries the API key, a signing secret or a signature value.

import { createClient, type Logger, type LogLevel } from 'order-fulfillment-sdk';
import { MOCK_API_KEY, MOCK_SIGNING_SECRET } from 'order-fulfillment-sdk/mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAST_RETRY, fakeFetch, HOST, json, KEY, type Responder } from '../support/fake-fetch.js';
import { TRANSPORTS, useMock } from '../support/mock.js';

/** A logger that keeps every line with its level. */
function recorder() {
  const lines: { level: string; line: string }[] = [];
  const logger: Logger = {
    debug: (line) => lines.push({ level: 'debug', line }),
    info: (line) => lines.push({ level: 'info', line }),
    warn: (line) => lines.push({ level: 'warn', line }),
    error: (line) => lines.push({ level: 'error', line }),
  };
  return { logger, lines, text: () => lines.map((entry) => entry.line).join('\n') };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each(TRANSPORTS)('a whole session at debug (%s)', (transport) => {
  const { start } = useMock(transport);

  it('logs every request and retry, and never a secret or a signature', async () => {
    const { mock, hostUrl } = await start({ orders: 30 });
    const { logger, lines, text } = recorder();
    const signatures: string[] = [];
    let failedOnce = false;
    const client = createClient({
      hostUrl,
      apiKey: MOCK_API_KEY,
      signingSecret: MOCK_SIGNING_SECRET,
      now: () => mock.clock.now(),
      retry: FAST_RETRY,
      logger,
      logLevel: 'debug',
      fetch: async (request) => {
        const signature = request.headers.get('x-wms-signature');
        if (signature) signatures.push(signature, signature.split('v1=')[1] ?? '');
        // One 503 to retry, on the first detail call.
        if (!failedOnce && /\/orders\/[^/]+$/.test(new URL(request.url).pathname)) {
          failedOnce = true;
          return new Response('{"detail":"busy"}', {
            status: 503,
            statusText: 'Service Unavailable',
          });
        }
        return globalThis.fetch(request);
      },
    });

    const orders = [];
    for await (const order of client.orders.iterate({ limit: 10 })) orders.push(order);
    const id = orders[0]?.id ?? '';
    await client.orders.get(id);
    await client.orders.items(id);
    const subscription = await client.webhooks.create({
      url: 'https://wms.example.test/hooks',
      events: ['order.created'],
    });
    await client.fulfillment.notifyShipped({ inbound_order_id: id });
    await expect(client.orders.get('no-such-order')).rejects.toMatchObject({ status: 404 });
    await expect(client.orders.list({ limit: 500 })).rejects.toMatchObject({ requestSent: false });

    const all = text();
    expect(signatures.length).toBeGreaterThan(0);
    expect(typeof subscription.secret).toBe('string');
    for (const secret of [MOCK_API_KEY, MOCK_SIGNING_SECRET, subscription.secret, ...signatures]) {
      expect(all).not.toContain(secret);
    }
    // info: each request once it ends, with method, path and query, status, ms, attempts.
    expect(all).toMatch(/GET \/orders\?limit=10&since=[^ ]+ → 200 in \d+ ms \(1 attempt/);
    expect(all).toMatch(new RegExp(`GET /orders/${id} → 200 in \\d+ ms \\(2 attempts`));
    expect(all).toMatch(/GET \/orders\/no-such-order → NotFoundError 404 in \d+ ms/);
    expect(all).toMatch(/POST \/api\/v1\/webhooks\/wms\/fulfillment → 200/);
    // warn: the retry, with its reason and wait.
    const warnings = lines.filter((entry) => entry.level === 'warn').map((entry) => entry.line);
    expect(warnings).toEqual([
      `[order-fulfillment-sdk] GET /orders/${id} → 503 Service Unavailable: retry 1 in 0 ms`,
    ]);
    // debug: bodies, the subscription's secret redacted.
    expect(all).toContain('POST /webhooks request body: {"url":"https://wms.example.test/hooks"');
    expect(all).toMatch(/POST \/webhooks response body: .*"secret":"\[redacted\]"/);
    // The request refused before sending never reached the transport, so it is not logged.
    expect(all).not.toContain('limit=500');
  });
});

describe('debug bodies', () => {
  it.each([
    ['nested', { secret: { current: 'whsec_AAAA', previous: 'whsec_BBBB' } }],
    ['under another name', { signing_key: 'whsec_CCCC' }],
    ['in a list', { secrets: ['whsec_DDDD'] }],
    // An API key named with more after it: api_key matches anywhere in a name, not only at its end.
    ['named as an API key, with more after it', { api_key_v2: 'whsec_GGGG' }],
    ['in camelCase', { signingKey: 'whsec_HHHH', hmacKey: 'whsec_IIII' }],
  ])('redact a subscription secret %s', async (_, extra) => {
    const { logger, text } = recorder();
    const answer = { id: 'wh_1', url: 'https://wms.test/h', events: ['order.created'], ...extra };
    const service = fakeFetch(() => json(answer, 201));
    const config = { hostUrl: HOST, apiKey: KEY, fetch: service.fetch, logger };
    const client = createClient({ ...config, logLevel: 'debug' });
    await client.webhooks.create({ url: 'https://wms.test/h', events: ['order.created'] });
    expect(text()).toContain('"id":"wh_1"');
    expect(text()).not.toMatch(/whsec_/);
  });

  it('redact a secret member of a body that is no JSON, such as one cut short', async () => {
    const { logger, text } = recorder();
    const cut = '{"id":"wh_1","signing_key":"whsec_EEEE","secret":"whsec_FFFF","url":"https://w';
    const service = fakeFetch(() => new Response(cut, { status: 201 }));
    const config = { hostUrl: HOST, apiKey: KEY, fetch: service.fetch, logger };
    const client = createClient({ ...config, logLevel: 'debug' });
    await client.webhooks
      .create({ url: 'https://wms.test/h', events: ['order.created'] })
      .catch(() => undefined);
    expect(text()).toContain('"id":"wh_1","signing_key":"[redacted]","secret":"[redacted]"');
    expect(text()).not.toMatch(/whsec_/);
  });

  it('keep a body with no secret member exactly as it came', async () => {
    const { logger, text } = recorder();
    const body = '{ "items": [], "total": 0, "page": 1, "page_size": 50, "rate": 1.50 }';
    const service = fakeFetch(
      () => new Response(body, { headers: { 'content-type': 'application/json' } }),
    );
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      fetch: service.fetch,
      logger,
      logLevel: 'debug',
    });
    await client.products.list();
    expect(text()).toContain(`response body: ${body}`);
  });
});

describe('log levels', () => {
  function session(
    level: LogLevel | undefined,
    answer: Responder = () => json({ items: [], total: 0, page: 1, page_size: 50 }),
  ) {
    const { logger, lines } = recorder();
    const service = fakeFetch(answer);
    const config = { hostUrl: HOST, apiKey: KEY, retry: FAST_RETRY, logger };
    const client = createClient({ ...config, fetch: service.fetch, logLevel: level });
    return { client, lines };
  }

  it('writes nothing at warn for a request that succeeds, and nothing at all when off', async () => {
    const quiet = session(undefined);
    await quiet.client.products.list();
    expect(quiet.lines).toEqual([]);
    const off = session('off', () => new Response('', { status: 503 }));
    await off.client.products.list().catch(() => undefined);
    expect(off.lines).toEqual([]);
  });

  it('takes the level from ORDER_FULFILLMENT_LOG, below the logLevel option', async () => {
    vi.stubEnv('ORDER_FULFILLMENT_LOG', 'info');
    const fromEnv = session(undefined);
    await fromEnv.client.products.list();
    expect(fromEnv.lines.map((entry) => entry.level)).toEqual(['info']);
    const overridden = session('warn');
    await overridden.client.products.list();
    expect(overridden.lines).toEqual([]);
  });

  // On a terminal, Deno stops a program without --allow-env to ask before a variable is read.
  it.each([
    ['prompt', []],
    ['granted', ['info']],
  ])(
    'on Deno, reads ORDER_FULFILLMENT_LOG only where env access is granted (%s)',
    async (state, levels) => {
      vi.stubEnv('ORDER_FULFILLMENT_LOG', 'info');
      const asked: unknown[] = [];
      const querySync = (query: unknown) => {
        asked.push(query);
        return { state };
      };
      vi.stubGlobal('Deno', { permissions: { querySync } });
      try {
        const { client, lines } = session(undefined);
        await client.products.list();
        expect(lines.map((entry) => entry.level)).toEqual(levels);
        expect(asked).toEqual([{ name: 'env', variable: 'ORDER_FULFILLMENT_LOG' }]);
      } finally {
        vi.unstubAllGlobals();
      }
    },
  );

  it('warns of an ORDER_FULFILLMENT_LOG that is no level, and logs at warn', async () => {
    vi.stubEnv('ORDER_FULFILLMENT_LOG', 'verbose');
    const { client, lines } = session(undefined);
    await client.products.list();
    expect(lines).toEqual([
      {
        level: 'warn',
        line: '[order-fulfillment-sdk] ORDER_FULFILLMENT_LOG is "verbose", not one of off, error, warn, info, debug: ignored',
      },
    ]);
  });

  it('warns of a Retry-After over the cap, which is not retried', async () => {
    const { client, lines } = session('warn', () =>
      json({ detail: 'slow down' }, 429, { 'retry-after': '120' }),
    );
    await expect(client.products.list()).rejects.toMatchObject({ status: 429 });
    expect(lines).toEqual([
      {
        level: 'warn',
        line: '[order-fulfillment-sdk] GET /products → Retry-After 120 s is over the 60 s cap (retry.maxRetryAfter): not retried',
      },
    ]);
  });

  it('names the wait a Retry-After asks for to the millisecond, as ky waits it', async () => {
    let answered = 0;
    const { client, lines } = session('warn', () =>
      answered++ === 0
        ? json({ detail: 'busy' }, 503, { 'retry-after': '0.2' })
        : json({ items: [], total: 0, page: 1, page_size: 50 }),
    );
    await client.products.list();
    expect(lines.map((entry) => entry.line)).toEqual([
      '[order-fulfillment-sdk] GET /products → 503: retry 1 in 200 ms',
    ]);
  });

  it('names the refused answer in a retry line, so calls to one path in flight at once differ', async () => {
    // The first answer each of two concurrent calls gets is a 503 with its own request id.
    const refused = new Set<string>();
    const { client, lines } = session('warn', (request) => {
      const call = request.headers.get('x-call') ?? '';
      if (refused.has(call)) return json({ items: [], total: 0, page: 1, page_size: 50 });
      refused.add(call);
      return json({ detail: 'busy' }, 503, { 'x-request-id': `req_${call}` });
    });
    await Promise.all(
      ['a', 'b'].map((call) => client.products.list({}, { headers: { 'x-call': call } })),
    );
    expect(lines.map((entry) => entry.line).sort()).toEqual([
      '[order-fulfillment-sdk] GET /products → 503 (request id req_a): retry 1 in 0 ms',
      '[order-fulfillment-sdk] GET /products → 503 (request id req_b): retry 1 in 0 ms',
    ]);
  });

  it('names the status and request id of an answer whose body was cut off', async () => {
    const { client, lines } = session('info', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"items": ['));
          controller.error(new TypeError('terminated'));
        },
      });
      return new Response(body, { status: 200, headers: { 'x-request-id': 'req_cut' } });
    });
    await expect(client.products.list()).rejects.toMatchObject({
      name: 'ConnectionError',
      status: 200,
      requestId: 'req_cut',
    });
    expect(lines.map((entry) => entry.line.replace(/ \d+ ms/, ' N ms'))).toEqual([
      '[order-fulfillment-sdk] GET /products → ConnectionError 200 in N ms (1 attempt, request id req_cut)',
    ]);
  });

  it('cuts a debug body at 2 KB', async () => {
    const long = 'x'.repeat(5000);
    const { client, lines } = session('debug', () =>
      json({ items: [], total: 0, page: 1, page_size: 50, note: long }),
    );
    await client.products.list();
    const body = lines.find((entry) => entry.line.includes('response body'))?.line ?? '';
    expect(body).toContain('characters)');
    expect(body.length).toBeLessThan(2200);
  });

  it('fails no call, and replaces no error, when the logger throws (one closed at shutdown)', async () => {
    const closed = () => {
      throw new Error('write after end');
    };
    const logger: Logger = { debug: closed, info: closed, warn: closed, error: closed };
    vi.stubEnv('ORDER_FULFILLMENT_LOG', 'verbose');
    let answered = 0;
    const service = fakeFetch((request) =>
      request.url.pathname.endsWith('/products') && answered++ === 0
        ? json({ detail: 'busy' }, 503)
        : request.url.pathname.includes('/orders/')
          ? json({ detail: 'Order not found' }, 404)
          : json({ items: [], total: 0, page: 1, page_size: 50 }),
    );
    const config = { hostUrl: HOST, apiKey: KEY, retry: FAST_RETRY, fetch: service.fetch, logger };
    const client = createClient({ ...config, logLevel: 'debug' });
    // A retry (a warn line), then the request's info and debug lines.
    await expect(client.products.list()).resolves.toMatchObject({ items: [], total: 0 });
    await expect(client.orders.get('nope')).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
    });
    // The environment's bad level is told to the logger at creation.
    expect(() => createClient(config)).not.toThrow();
  });

  it('refuses a logger without the four methods, naming the option', () => {
    expect(() =>
      createClient({ hostUrl: HOST, apiKey: KEY, logger: { info() {} } as unknown as Logger }),
    ).toThrow(/`logger`/);
  });
});
