// Pipelined pull: a consumer that spends time on each page (simulated I/O, as a database
// write would), fed by the SDK with its default prefetch and by a plain sequential fetch loop.
// With prefetch the next page loads while the consumer works, so the pull takes about the
// larger of fetching and consuming instead of their sum.
import { MOCK_API_KEY } from '../mock/index.js';
import { createClient, DEFAULT_PREFETCH, ORIGIN_CURSOR } from '../src/index.js';
import type { Benchmark, Result } from './report.js';
import { median, now, range, startServer } from './util.js';

const ORDERS = 50_000;
const LIMIT = 200;
const CONSUMER_MS = 2;
const ROUNDS = 7;
const TARGET = { op: '>=', value: 1.4 } as const;

interface Page {
  items: unknown[];
  next_since: string;
  next_since_id: string;
  has_more: boolean;
}

// The consumer's work on one page: simulated I/O, which leaves the CPU free.
const consume = () => new Promise((resolve) => setTimeout(resolve, CONSUMER_MS));

/** One pull through the SDK with the default prefetch; its time in ms. */
async function sdkPull(hostUrl: string): Promise<number> {
  const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
  const start = now();
  let count = 0;
  for await (const page of client.orders.pages({ limit: LIMIT })) {
    count += page.items.length;
    await consume();
  }
  if (count !== ORDERS) throw new Error(`pipelined: the SDK pulled ${count} orders, not ${ORDERS}`);
  return now() - start;
}

/** One pull by a plain sequential fetch loop: its time, and the part spent fetching, in ms. */
async function loopPull(hostUrl: string): Promise<{ total: number; fetching: number }> {
  const url = `${hostUrl}/api/v1/web-api/v1/orders`;
  const start = now();
  let fetching = 0;
  let count = 0;
  let cursor: { since: string; since_id: string } | undefined = { ...ORIGIN_CURSOR };
  while (cursor) {
    const asked = now();
    const query = new URLSearchParams({ limit: String(LIMIT), ...cursor });
    const response = await fetch(`${url}?${query}`, { headers: { 'X-API-Key': MOCK_API_KEY } });
    if (!response.ok) throw new Error(`pipelined: the loop got HTTP ${response.status}`);
    const page = (await response.json()) as Page;
    fetching += now() - asked;
    count += page.items.length;
    await consume();
    cursor = page.has_more ? { since: page.next_since, since_id: page.next_since_id } : undefined;
  }
  if (count !== ORDERS)
    throw new Error(`pipelined: the loop pulled ${count} orders, not ${ORDERS}`);
  return { total: now() - start, fetching };
}

/** The pipelined-pull benchmark. */
export const pipelined: Benchmark = {
  name: 'pipelined',
  method:
    `${ORDERS.toLocaleString('en')} orders (limit ${LIMIT}) from \`mock.listen()\` in a child ` +
    `process, each page handed to a consumer that awaits ${CONSUMER_MS} ms of simulated I/O: ` +
    `\`orders.pages()\` with the default prefetch (${DEFAULT_PREFETCH}) against a plain ` +
    'sequential `fetch` loop (`response.json()`, no validation) with the same consumer. ' +
    `One warm-up of each, then ${ROUNDS} rounds of one pull each way, the order alternating; ` +
    'the figure is the median of the rounds’ throughput ratios (loop time over SDK time), with ' +
    'the lowest and highest round beside it. The ideal is (fetch + consume) / max(fetch, ' +
    'consume), from the loop’s own split of its time.',
  async run(): Promise<Result[]> {
    const server = await startServer({ mock: ORDERS });
    try {
      await sdkPull(server.hostUrl);
      await loopPull(server.hostUrl);
      const ratios: number[] = [];
      const ideals: number[] = [];
      const sdkTimes: number[] = [];
      const loopTimes: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        let sdk: number;
        let loop: { total: number; fetching: number };
        if (round % 2 === 0) {
          sdk = await sdkPull(server.hostUrl);
          loop = await loopPull(server.hostUrl);
        } else {
          loop = await loopPull(server.hostUrl);
          sdk = await sdkPull(server.hostUrl);
        }
        const consuming = loop.total - loop.fetching;
        ratios.push(loop.total / sdk);
        ideals.push(loop.total / Math.max(loop.fetching, consuming));
        sdkTimes.push(sdk);
        loopTimes.push(loop.total);
      }
      const seconds = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`;
      return [
        {
          name: 'Pipelined pull / fetch loop, consumer 2 ms per page',
          value: median(ratios),
          target: TARGET,
          measured:
            `SDK ${seconds(sdkTimes)}, fetch loop ${seconds(loopTimes)} (medians of ${ROUNDS}); ` +
            `rounds ${range(ratios)}; ideal ${median(ideals).toFixed(3)} (rounds ${range(ideals)})`,
        },
      ];
    } finally {
      await server.stop();
    }
  },
};
