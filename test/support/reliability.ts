// Shared plumbing of the reliability suites: an SDK client that reaches a mock over the 'msw'
// transport with no global interception (handlerFetch), fast-check settings, and the set of
// orders a filtered pull must have delivered.
import { MOCK_API_KEY, type MockOrder, type MockService } from '../../mock/index.js';
import { type Client, type ClientConfig, createClient } from '../../src/index.js';
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
