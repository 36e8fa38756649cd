// Shared plumbing of the reliability suites: an SDK client that reaches a mock over the 'msw'
// transport with no global interception (handlerFetch), fast-check settings, the set of
// orders a filtered pull must have delivered, and a pull that resumes after each failure.
import { expect } from 'vitest';
import { MOCK_API_KEY, type MockOrder, type MockService } from '../../mock/index.js';
import {
  type Client,
  type ClientConfig,
  createClient,
  type OrderCursor,
  OrderFulfillmentError,
} from '../../src/index.js';
import { handlerFetch } from './mock.js';

/** The fixed seed of every property in these suites; fast-check prints it on failure too. */
export const SEED = 20261122;

/** An SDK client for a mock, reaching its handlers in-process. */
export function clientFor(mock: MockService, config: Partial<ClientConfig> = {}): Client {
  return createClient({
    hostUrl: mock.hostUrl,
    apiKey: MOCK_API_KEY,
    fetch: handlerFetch(mock),
    retry: { delay: () => 0, jitter: false },
    ...config,
  });
}

/** Status and platform filters of a pull. */
export interface Filters {
  status?: string | undefined;
  platform?: string | undefined;
}

/** Whether an order matches the filters of a pull. */
export function matches(
  order: { status?: string | null; platform?: string | null },
  filters: Filters,
): boolean {
  return (
    (filters.status === undefined || order.status === filters.status) &&
    (filters.platform === undefined || order.platform === filters.platform)
  );
}

/** `id@updated_at` of every stored order that matches the filters: what a pull must see. */
export function finalVersions(mock: MockService, filters: Filters = {}): Set<string> {
  return new Set(
    mock.orders
      .all()
      .filter((order: MockOrder) => matches(order, filters))
      .map((order) => `${order.id}@${order.updated_at}`),
  );
}

/** What {@link pullResuming} saw: the ids, how many orders it was handed, the failures. */
export interface PullResult {
  ids: Set<string>;
  deliveries: number;
  errors: OrderFulfillmentError[];
}

/**
 * Pulls everything with `iterate`, resuming from `error.cursor` after each typed failure,
 * as an integrator's job would after a crash.
 */
export async function pullResuming(
  client: Client,
  limit = 40,
  maxResumes = 10,
): Promise<PullResult> {
  const ids = new Set<string>();
  const errors: OrderFulfillmentError[] = [];
  let deliveries = 0;
  let from: OrderCursor | undefined;
  for (;;) {
    try {
      for await (const order of client.orders.iterate({ limit, ...from })) {
        ids.add(order.id);
        deliveries++;
      }
      return { ids, deliveries, errors };
    } catch (error) {
      expect(error).toBeInstanceOf(OrderFulfillmentError);
      const cursor = (error as { cursor?: OrderCursor }).cursor;
      expect(cursor).toBeDefined();
      errors.push(error as OrderFulfillmentError);
      if (errors.length > maxResumes) throw error;
      from = cursor;
    }
  }
}

/** The ids of every stored order: what a whole pull must have seen. */
export function storeIds(mock: MockService): Set<string> {
  return new Set(mock.orders.all().map((order) => order.id));
}
