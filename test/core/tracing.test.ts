// What the README says under tracing: the SDK makes no spans of its own, and what instruments
// fetch (a `fetch` wrapper, or @opentelemetry/instrumentation-undici on Node's fetch) sees one
// request per attempt, with a `traceparent` it adds sent along; the hooks see each attempt.
import diagnostics from 'node:diagnostics_channel';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BASE_PATH,
  createMockService,
  MOCK_API_KEY,
  MOCK_SIGNING_SECRET,
} from '../../mock/index.js';
import { createClient } from '../../src/index.js';
import { FAST_RETRY } from '../support/fake-fetch.js';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('tracing', () => {
  it('hands a fetch wrapper one call per attempt, which the hooks see too', async () => {
    const mock = createMockService({ orders: 1 });
    mock.faults.add({ path: `${BASE_PATH}/orders*`, status: 503, times: 1 });
    const fetched: string[] = [];
    const hooked: string[] = [];
    const client = createClient({
      hostUrl: mock.hostUrl,
      apiKey: MOCK_API_KEY,
      retry: FAST_RETRY,
      logLevel: 'off',
      fetch: (request, init) => {
        fetched.push(`${request.method} ${request.url}`);
        return mock.fetch(request, init);
      },
      hooks: {
        beforeRequest: [
          (request, _options, { retryCount }) =>
            void hooked.push(`attempt ${retryCount}: ${request.method} ${request.url}`),
        ],
        beforeRetry: [({ retryCount }) => void hooked.push(`retry ${retryCount}`)],
        afterResponse: [(_request, _options, response) => void hooked.push(`${response.status}`)],
      },
    });
    await client.orders.list({ limit: 5 });
    const where = `GET ${mock.baseUrl}/orders?limit=5`;
    expect(fetched).toEqual([where, where]);
    expect(hooked).toEqual([`attempt 0: ${where}`, '503', 'retry 1', `attempt 1: ${where}`, '200']);
  });

  describe('under undici instrumentation', () => {
    // Where @opentelemetry/instrumentation-undici starts a span: each request undici creates.
    const channel = diagnostics.channel('undici:request:create');
    let listener: ((message: unknown) => void) | undefined;
    afterEach(() => {
      if (listener) channel.unsubscribe(listener);
    });

    it('sees each attempt of a signed notification, with its traceparent sent along', async () => {
      const mock = createMockService({ orders: 1 });
      const [order] = mock.orders.all();
      mock.faults.add({ path: '/api/v1/webhooks/wms/fulfillment', status: 503, times: 1 });
      const running = await mock.listen();
      try {
        const created: string[] = [];
        listener = (message) => {
          const { request } = message as {
            request: {
              origin: string;
              method: string;
              path: string;
              addHeader(...header: string[]): void;
            };
          };
          if (request.origin !== running.hostUrl) return;
          created.push(`${request.method} ${request.path}`);
          request.addHeader('traceparent', TRACEPARENT);
        };
        channel.subscribe(listener);
        const client = createClient({
          hostUrl: running.hostUrl,
          signingSecret: MOCK_SIGNING_SECRET,
          retry: FAST_RETRY,
          logLevel: 'off',
        });
        await expect(
          client.fulfillment.notifyShipped({ inbound_order_id: order?.id ?? '' }),
        ).resolves.toMatchObject({ status: 'applied' });
        const path = '/api/v1/webhooks/wms/fulfillment';
        expect(created).toEqual([`POST ${path}`, `POST ${path}`]);
        // The header instrumentation adds below the SDK leaves the signature good.
        expect(
          mock.requests.map((request) => [request.status, request.headers.traceparent]),
        ).toEqual([
          [503, TRACEPARENT],
          [200, TRACEPARENT],
        ]);
      } finally {
        await running.close();
      }
    });
  });

  it('starts no span of its own through the OpenTelemetry API', async () => {
    // Where @opentelemetry/api (1.x) finds the tracer provider a process registered; an SDK
    // tracing through that API would ask it for a tracer here.
    const key = Symbol.for('opentelemetry.js.api.1');
    const asked: string[] = [];
    const tracer = new Proxy({}, { get: (_, name) => () => asked.push(`tracer.${String(name)}`) });
    const global = globalThis as Record<symbol, unknown>;
    global[key] = {
      version: '1.999.0',
      trace: {
        getTracer: (name: string) => {
          asked.push(`getTracer ${name}`);
          return tracer;
        },
      },
    };
    try {
      const mock = createMockService({ orders: 1 });
      mock.faults.add({ path: `${BASE_PATH}/orders*`, status: 503, times: 1 });
      const client = createClient({
        hostUrl: mock.hostUrl,
        apiKey: MOCK_API_KEY,
        signingSecret: MOCK_SIGNING_SECRET,
        fetch: mock.fetch,
        retry: FAST_RETRY,
        logLevel: 'off',
      });
      await client.orders.list();
      await client.products.list();
      await client.orders.get('ord_missing').catch(() => undefined);
      expect(asked).toEqual([]);
    } finally {
      delete global[key];
    }
  });
});
