// SDK overhead: 50,000 orders through orders.iterate() against a minimal fetch loop over the
// same server and the same pages, over real HTTP and in-process through MSW.
import { setupServer } from 'msw/node';
import { createMockService, MOCK_API_KEY } from '../mock/index.js';
import { createClient } from '../src/index.js';
import type { Benchmark, Result } from './report.js';
import { alternate, startServer } from './util.js';

const ORDERS = 50_000;
const LIMIT = 200;
const ROUNDS = 11;
const TARGET = { op: '<=', value: 1.1 } as const;

interface RawPage {
  items: unknown[];
  next_since: string;
  next_since_id: string;
  has_more: boolean;
}

// What an integrator would write without the SDK: the same requests, no validation, no retry.
async function rawPull(hostUrl: string): Promise<number> {
  const url = `${hostUrl}/api/v1/web-api/v1/orders`;
  let since = '1970-01-01T00:00:00Z';
  let sinceId = '0';
  let count = 0;
  while (true) {
    const query = new URLSearchParams({ limit: String(LIMIT), since, since_id: sinceId });
    const response = await fetch(`${url}?${query}`, { headers: { 'X-API-Key': MOCK_API_KEY } });
    if (!response.ok) throw new Error(`raw pull: HTTP ${response.status}`);
    const page = (await response.json()) as RawPage;
    for (const _order of page.items) count++;
    if (!page.has_more) return count;
    since = page.next_since;
    sinceId = page.next_since_id;
  }
}

async function sdkPull(hostUrl: string): Promise<number> {
  const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
  let count = 0;
  for await (const _order of client.orders.iterate({ limit: LIMIT })) count++;
  return count;
}

async function compare(name: string, hostUrl: string): Promise<Result> {
  const check = async (pull: (host: string) => Promise<number>) => {
    const count = await pull(hostUrl);
    if (count !== ORDERS) throw new Error(`${name}: pulled ${count} orders, expected ${ORDERS}`);
  };
  const { a, b, ratio } = await alternate(
    () => check(sdkPull),
    () => check(rawPull),
    ROUNDS,
  );
  return {
    name,
    value: ratio,
    target: TARGET,
    measured: `SDK ${(a / 1000).toFixed(2)} s vs fetch loop ${(b / 1000).toFixed(2)} s (medians of ${ROUNDS})`,
  };
}

async function overHttp(): Promise<Result> {
  const server = await startServer({ mock: ORDERS });
  try {
    return await compare('SDK overhead, HTTP', server.hostUrl);
  } finally {
    await server.stop();
  }
}

async function throughMsw(): Promise<Result> {
  const mock = createMockService({ orders: ORDERS });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    return await compare('SDK overhead, MSW', mock.hostUrl);
  } finally {
    server.close();
  }
}

/** The SDK overhead benchmark. */
export const sdkOverhead: Benchmark = {
  name: 'sdk-overhead',
  method:
    `${ORDERS.toLocaleString('en')} orders (limit ${LIMIT}) pulled with \`orders.iterate()\` and ` +
    'with a minimal `fetch` loop (same URLs and pages, `response.json()`, no validation), ' +
    `alternating, ${ROUNDS} timed pulls each after one warm-up; the median of the ${ROUNDS} ` +
    'ratios of neighbouring pulls. HTTP: the ' +
    'mock runs `mock.listen()` in a child process. MSW: the mock in-process behind ' +
    '`setupServer(...mock.handlers)`.',
  async run() {
    return [await overHttp(), await throughMsw()];
  },
};
