// Load on the standalone mock: 20 SDK clients on 4 rate-limited keys pull every order and
// notify shipments at once, each shipment from two clients concurrently. Only 429s may fail a
// request (and the SDK retries them); every notification is applied exactly once; the heap
// after GC stays roughly flat from round to round.
import v8 from 'node:v8';
import vm from 'node:vm';
import { HTTPError } from 'ky';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockService,
  MOCK_SIGNING_SECRET,
  type MockServer,
  SCOPES,
  type Scope,
} from '../../mock/index.js';
import { type Client, createClient, type FulfillmentResult } from '../../src/index.js';
import { startReceiver } from '../support/receiver.js';

const CLIENTS = 20;
const KEYS = 4;
const ORDERS = 600;
const ROUNDS = 3;
const PER_ROUND = 40;
const SHIPPED_AT = '2026-11-01T08:00:00.000Z';

const keys = Array.from({ length: KEYS }, (_, i) => ({
  key: `load_key_${i}`,
  scopes: [...SCOPES] as Scope[],
}));

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('20 concurrent clients on the standalone mock', () => {
  const mock = createMockService({
    orders: ORDERS,
    apiKeys: keys,
    rateLimit: { limit: 10, windowMs: 1000 },
    deliveryRetry: { attempts: 1 },
  });
  let running: MockServer;
  const retries: unknown[] = [];
  let clients: Client[] = [];

  beforeAll(async () => {
    running = await mock.listen();
    clients = Array.from({ length: CLIENTS }, (_, i) =>
      createClient({
        hostUrl: running.hostUrl,
        apiKey: keys[i % KEYS]?.key as string,
        signingSecret: MOCK_SIGNING_SECRET,
        // Enough retries to outlast a window's worth of 429s; Retry-After is at most 1 s.
        retry: { limit: 8, delay: () => 0, jitter: false },
        hooks: { beforeRetry: [({ error }) => void retries.push(error)] },
      }),
    );
  });
  afterAll(() => running.close());

  it('loses nothing, applies each notification once and keeps the heap flat', async () => {
    const receiver = await startReceiver();
    await (clients[0] as Client).webhooks.create({
      url: receiver.url,
      events: ['order.updated'],
    });
    const results = new Map<string, FulfillmentResult['status'][]>();
    const heap: number[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const batch = Array.from({ length: PER_ROUND }, (_, i) => String(round * PER_ROUND + i + 1));
      await Promise.all(
        clients.map(async (client, index) => {
          const seen = new Set<string>();
          const pull = (async () => {
            for await (const order of client.orders.iterate({ limit: 200 })) seen.add(order.id);
          })();
          // Each order is notified by two clients at once: clients i and i + 10 share a slice.
          const mine = batch.filter((_, i) => i % (CLIENTS / 2) === index % (CLIENTS / 2));
          const notify = Promise.all(
            mine.map(async (id) => {
              const result = await client.fulfillment.notifyShipped(
                { inbound_order_id: id },
                { shipped_at: SHIPPED_AT },
              );
              expect(result.order_id).toBe(id);
              results.set(id, [...(results.get(id) ?? []), result.status]);
            }),
          );
          await Promise.all([pull, notify]);
          expect(seen.size).toBe(ORDERS);
        }),
      );
      heap.push(heapAfterGc());
    }
    await mock.flushDeliveries();

    // Only rate limiting made the SDK retry.
    expect(retries.length).toBeGreaterThan(0);
    for (const error of retries) {
      expect(error).toBeInstanceOf(HTTPError);
      expect((error as HTTPError).response.status).toBe(429);
    }
    // Every order of every batch: shipped once, unchanged for the concurrent twin.
    expect(results.size).toBe(ROUNDS * PER_ROUND);
    for (const [id, statuses] of results) {
      expect(statuses.sort(), id).toEqual(['applied', 'unchanged']);
      const order = mock.orders.get(id);
      expect(order?.status).toBe('shipped');
      expect(order?.shipped_at).toBe(SHIPPED_AT);
    }
    // One order.updated event (and one delivery) per shipped order: updated_at moved once.
    const events = mock.deliveries.map((delivery) => delivery.event_id);
    expect(new Set(events).size).toBe(ROUNDS * PER_ROUND);
    expect(receiver.received).toHaveLength(ROUNDS * PER_ROUND);
    const shippedIds = receiver.received.map((r) => JSON.parse(r.raw).data.order.id);
    expect(new Set(shippedIds)).toEqual(new Set(results.keys()));

    // Roughly flat: what one round leaves behind is far below a leak's per-round growth.
    const growth = (heap.at(-1) as number) - (heap[0] as number);
    expect(growth).toBeLessThan(16 * 1024 * 1024);
  });
});
