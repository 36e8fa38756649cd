// The receiver against real signed deliveries: subscribed through the SDK, an order changed
// through the mock's state API, the mock POSTing to a node:http server that runs
// toNodeListener(createWebhookHandler(...)). A replayed delivery is handled exactly once.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockService, MOCK_API_KEY, type MockService } from '../../mock/index.js';
import {
  createClient,
  createWebhookHandler,
  type OrderEvent,
  toNodeListener,
  type WebhookHandlerOptions,
} from '../../src/index.js';

interface Recorded {
  headers: Record<string, string>;
  body: Buffer;
}

let mock: MockService;
let stop: () => Promise<void>;
let url: string;
let secret: string;
// The listener under test, swapped per test; every request is recorded as it arrived.
let listener: RequestListener = (_req, res) => void res.writeHead(503).end();
let recorded: Recorded[];

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeEach(async () => {
  mock = createMockService({ orders: 20, seed: 11, deliveryRetry: { baseDelayMs: 5 } });
  const api = await mock.listen();
  recorded = [];
  const receiver = createServer((req, res) => listener(req, res));
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/orders`;
  stop = async () => {
    receiver.closeAllConnections();
    receiver.close();
    await api.close();
  };
  const client = createClient({ hostUrl: api.hostUrl, apiKey: MOCK_API_KEY });
  const subscription = await client.webhooks.create({
    url,
    events: ['order.created', 'order.updated'],
  });
  secret = subscription.secret ?? '';
  expect(secret).not.toBe('');
});

afterEach(async () => {
  await mock.flushDeliveries();
  await stop();
});

// Serves the handler through toNodeListener, recording each request's headers and bytes.
function serve(options: Omit<WebhookHandlerOptions, 'secret'>, before?: RequestListener) {
  const node = toNodeListener(createWebhookHandler({ secret, ...options }));
  listener = (req, res) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
    );
    const entry: Recorded = { headers, body: Buffer.alloc(0) };
    recorded.push(entry);
    if (before) return before(req, res);
    // Tee the bytes for the record without consuming them for the receiver.
    req.on('data', (chunk: Buffer) => {
      entry.body = Buffer.concat([entry.body, chunk]);
    });
    void node(req, res);
  };
  return node;
}

const attempts = () =>
  mock.deliveries.map((d) => `${d.event_id} #${d.attempt} ${d.status ?? d.error}`);

describe('createWebhookHandler on node:http, against the mock’s deliveries', () => {
  it('hands each order change to its handler as a verified, typed event', async () => {
    const events: OrderEvent[] = [];
    serve({
      on: {
        'order.updated': (event) => void events.push(event),
        'order.created': (event) => void events.push(event),
      },
    });
    mock.orders.update('3', { status: 'Cancelled' });
    await mock.flushDeliveries();
    const created = mock.orders.create({ platform: 'Shopify' });
    await mock.flushDeliveries();
    expect(events.map((event) => [event.type, event.data.order.id])).toEqual([
      ['order.updated', '3'],
      ['order.created', created.id],
    ]);
    expect(events[0]?.data.order.status).toBe('Cancelled');
    expect(attempts()).toEqual([`${events[0]?.id} #1 200`, `${events[1]?.id} #1 200`]);
  });

  it('verifies deliveries signed on a moved mock clock when now reads that clock', async () => {
    const events: OrderEvent[] = [];
    serve({
      on: { 'order.updated': (event) => void events.push(event) },
      now: () => mock.clock.now(),
    });
    mock.clock.set('2026-06-01T00:00:00Z');
    mock.orders.update('3', { status: 'Processing' });
    await mock.flushDeliveries();
    expect(events.map((event) => event.data.order.id)).toEqual(['3']);
    expect(attempts()).toEqual([`${events[0]?.id} #1 200`]);
  });

  it('answers 5xx when the handler fails, so the mock redelivers, and the retry is handled', async () => {
    let calls = 0;
    serve({
      on: {
        'order.updated': () => {
          calls++;
          if (calls === 1) throw new Error('database down');
        },
      },
    });
    mock.orders.update('4', { status: 'Processing' });
    await mock.flushDeliveries();
    const id = mock.deliveries[0]?.event_id;
    expect(attempts()).toEqual([`${id} #1 500`, `${id} #2 200`]);
    expect(calls).toBe(2);
  });

  it('handles a replayed delivery exactly once, replayed later or several times at once', async () => {
    const handled: string[] = [];
    serve({
      on: {
        'order.updated': async (event) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          handled.push(event.id);
        },
      },
    });
    mock.orders.update('5', { status: 'Shipped' });
    await mock.flushDeliveries();
    const [original] = recorded;
    expect(original?.body.length).toBeGreaterThan(0);
    expect(handled).toHaveLength(1);

    // The same bytes and the same signature, as an attacker or a proxy would resend them.
    const replay = () =>
      fetch(url, {
        method: 'POST',
        headers: original?.headers as Record<string, string>,
        body: new Uint8Array(original?.body ?? []),
      });
    expect((await replay()).status).toBe(200);
    const together = await Promise.all([replay(), replay(), replay()]);
    expect(together.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(handled).toEqual([mock.deliveries[0]?.event_id]);
  });

  it('takes the bytes an express.raw() before it left in req.body', async () => {
    const events: string[] = [];
    const node = serve(
      { on: { 'order.updated': (event) => void events.push(event.id) } },
      (req, res) => {
        // What express.raw({ type: 'application/json' }) does: the whole body as a Buffer.
        void readAll(req).then((body) => node(Object.assign(req, { body }), res));
      },
    );
    mock.orders.update('6', { status: 'Processing' });
    await mock.flushDeliveries();
    expect(events).toEqual([mock.deliveries[0]?.event_id]);
    expect(mock.deliveries[0]?.status).toBe(200);
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
  ])(
    'decodes a delivery a proxy compressed with %s before verifying it, which it once refused as signature_mismatch',
    async (coding, compress) => {
      const events: string[] = [];
      const onRejected = vi.fn();
      const node = serve(
        { on: { 'order.updated': (event) => void events.push(event.id) }, onRejected },
        (req, res) => {
          // A proxy that compresses request bodies: the bytes coded, the header added, the
          // length dropped (sent chunked).
          void readAll(req).then((body) => {
            const { 'content-length': _, ...headers } = req.headers;
            const coded = compress(body);
            const chunks = [coded.subarray(0, 10), coded.subarray(10)];
            const proxied = Object.assign(Readable.from(chunks), {
              method: req.method,
              url: req.url,
              headers: { ...headers, 'content-encoding': coding },
            });
            return node(proxied, res);
          });
        },
      );
      mock.orders.update('8', { status: 'Processing' });
      await mock.flushDeliveries();
      expect(onRejected).not.toHaveBeenCalled();
      expect(events).toEqual([mock.deliveries[0]?.event_id]);
      expect(attempts()).toEqual([`${events[0]} #1 200`]);
    },
  );

  it('answers 500 saying why when express.json() parsed the body first, so nothing is lost', async () => {
    const events: string[] = [];
    let said = '';
    const node = serve(
      { on: { 'order.updated': (event) => void events.push(event.id) } },
      (req, res) => {
        // What express.json() does: the stream read, the bytes dropped, an object left.
        void readAll(req).then(async (raw) => {
          const end = res.end.bind(res);
          res.end = ((chunk: Uint8Array) => {
            said = Buffer.from(chunk).toString('utf8');
            return end(chunk);
          }) as typeof res.end;
          await node(Object.assign(req, { body: JSON.parse(raw.toString('utf8')) }), res);
        });
      },
    );
    mock.orders.update('7', { status: 'Processing' });
    await mock.flushDeliveries();
    expect(events).toEqual([]);
    expect(mock.deliveries.map((d) => d.status)).toEqual([500, 500, 500]);
    expect(said).toContain('read before the webhook receiver');
  });
});
