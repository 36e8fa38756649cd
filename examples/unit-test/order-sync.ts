// Integrator code under test: the part of a WMS that pulls new and changed orders into its own
// storage, and the part that reports a shipment. It knows nothing about the mock.
import type { Client, OrderCursor } from 'order-fulfillment-sdk';
import { isOlderVersion } from '../support/versions.js';

/** The WMS's storage, reduced to what the sync needs. */
export interface OrderRepository {
  /** Inserts or replaces an order unless the stored copy is newer. */
  upsert(order: {
    id: string;
    status?: string | null | undefined;
    updated_at: string;
  }): Promise<void>;
  loadCheckpoint(): Promise<OrderCursor | undefined>;
  saveCheckpoint(cursor: OrderCursor): Promise<void>;
}

/**
 * Pulls every order changed since the saved checkpoint into the repository, saving the
 * checkpoint after each page. Returns how many orders it processed.
 */
export async function syncOrders(client: Client, repo: OrderRepository): Promise<number> {
  const pages = client.orders.pages({ limit: 200, ...(await repo.loadCheckpoint()) });
  let count = 0;
  for await (const page of pages) {
    for (const order of page.items) await repo.upsert(order);
    await repo.saveCheckpoint(pages.cursor);
    count += page.items.length;
  }
  return count;
}

/** Reports that an order left the warehouse; true when the service wrote `shipped`. */
export async function shipOrder(
  client: Client,
  orderId: string,
  shippedAt: Date,
): Promise<boolean> {
  const result = await client.fulfillment.notifyShipped(
    { inbound_order_id: orderId },
    { shipped_at: shippedAt },
  );
  return result.status !== 'skipped';
}

/** An in-memory repository, as a test double and for the example. */
export function memoryRepository() {
  const orders = new Map<
    string,
    { id: string; status?: string | null | undefined; updated_at: string }
  >();
  let checkpoint: OrderCursor | undefined;
  const repo: OrderRepository & { orders: typeof orders } = {
    orders,
    async upsert(order) {
      const stored = orders.get(order.id);
      // Not Date.parse alone: it drops the microseconds that can tell two versions apart.
      if (!stored || !isOlderVersion(order.updated_at, stored.updated_at)) {
        orders.set(order.id, { id: order.id, status: order.status, updated_at: order.updated_at });
      }
    },
    loadCheckpoint: async () => checkpoint,
    async saveCheckpoint(cursor) {
      checkpoint = cursor;
    },
  };
  return repo;
}
