// Pipelined pull: a consumer that spends time on each page (simulated I/O, as a database
// write would), fed by the SDK with its default prefetch and by a plain sequential fetch loop.
// With prefetch the next page loads while the consumer works, so the pull takes about the
// larger of fetching and consuming instead of their sum.
import { MOCK_API_KEY } from '../mock/index.js';
import { createClient, DEFAULT_PREFETCH } from '../src/index.js';
import { type Cursor, LIMIT, ORDERS, pageCursors } from './pulls.js';
import type { Benchmark, Result } from './report.js';
import { median, now, range, startServer } from './util.js';

const CONSUMER_MS = 2;
const ROUNDS = 7;
// Pages per turn: the two sides take turns through the pull, so that a burst of load from
// another process lands on both instead of skewing one.
const SEGMENT = 25;
const TARGET = { op: '>=', value: 1.4 } as const;

interface Page {
  items: unknown[];
  next_since: string;
  next_since_id: string;
  has_more: boolean;
}

// The consumer's work on one page: simulated I/O, which leaves the CPU free.
const consume = () => new Promise((resolve) => setTimeout(resolve, CONSUMER_MS));

/** One turn of the SDK: `SEGMENT` pages from `start`, each consumed; its time in ms. */
async function sdkTurn(hostUrl: string, start: Cursor, count: { n: number }): Promise<number> {
  const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
  const begin = now();
  // A fresh iterator per turn: its first page is not fetched ahead, which the SDK pays for.
  const pages = client.orders.pages({ limit: LIMIT, ...start });
  for (let page = 0; page < SEGMENT; page++) {
    const next = await pages.next();
    if (next.done) break;
    count.n += next.value.items.length;
    await consume();
  }
  const time = now() - begin;
  await pages.return();
  return time;
}

/** One turn of the loop: its time, and the part spent fetching, in ms. */
async function loopTurn(hostUrl: string, start: Cursor, count: { n: number }) {
  const url = `${hostUrl}/api/v1/web-api/v1/orders`;
  const begin = now();
  let fetching = 0;
  let cursor: Cursor | undefined = start;
  for (let page = 0; page < SEGMENT && cursor; page++) {
    const asked = now();
    const query = new URLSearchParams({ limit: String(LIMIT), ...cursor });
    const response = await fetch(`${url}?${query}`, { headers: { 'X-API-Key': MOCK_API_KEY } });
    if (!response.ok) throw new Error(`pipelined: the loop got HTTP ${response.status}`);
    const body = (await response.json()) as Page;
    fetching += now() - asked;
    count.n += body.items.length;
    await consume();
    cursor = body.has_more ? { since: body.next_since, since_id: body.next_since_id } : undefined;
  }
  return { total: now() - begin, fetching };
}

/** One pull each way, in turns of `SEGMENT` pages, the order alternating. */
async function round(hostUrl: string, cursors: Cursor[], first: 'sdk' | 'loop') {
  const turns = Math.ceil(cursors.length / SEGMENT);
  const counts = { sdk: { n: 0 }, loop: { n: 0 } };
  let sdk = 0;
  let loop = 0;
  let fetching = 0;
  for (let turn = 0; turn < turns; turn++) {
    // The loop reads the pages half a pull away, so that neither side finds the other's
    // pages in the mock's bounded cache.
    const sdkStart = cursors[turn * SEGMENT] as Cursor;
    const loopStart = cursors[((turn + Math.floor(turns / 2)) % turns) * SEGMENT] as Cursor;
    const sides = [
      async () => {
        sdk += await sdkTurn(hostUrl, sdkStart, counts.sdk);
      },
      async () => {
        const times = await loopTurn(hostUrl, loopStart, counts.loop);
        loop += times.total;
        fetching += times.fetching;
      },
    ];
    if ((turn % 2 === 0) === (first === 'loop')) sides.reverse();
    for (const side of sides) await side();
  }
  for (const [side, count] of Object.entries(counts)) {
    if (count.n !== ORDERS) throw new Error(`pipelined: ${side} pulled ${count.n}, not ${ORDERS}`);
  }
  return { sdk, loop, fetching };
}

/** The pipelined-pull benchmark. */
export const pipelined: Benchmark = {
  name: 'pipelined',
  method:
    `${ORDERS.toLocaleString('en')} orders (limit ${LIMIT}) from \`mock.listen()\` in a child ` +
    `process, each page handed to a consumer that awaits ${CONSUMER_MS} ms of simulated I/O: ` +
    `\`orders.pages()\` with the default prefetch (${DEFAULT_PREFETCH}) against a plain ` +
    'sequential `fetch` loop (`response.json()`, no validation) with the same consumer. The ' +
    `two take turns of ${SEGMENT} pages through the pull (the SDK with a fresh iterator each ` +
    'turn, so it pays for filling its pipeline every time; the loop half a pull away, so ' +
    `neither reads pages the other just had cached), each side timed in total. ${ROUNDS} ` +
    'such pulls after one warm-up; the figure is the median of their throughput ratios (loop ' +
    'time over SDK time), with the lowest and highest round beside it. The ideal is (fetch + ' +
    'consume) / max(fetch, consume), from the loop’s own split of its time; beside it, the ' +
    'median of the rounds’ ratio over their ideal.',
  async run(): Promise<Result[]> {
    const server = await startServer({ mock: ORDERS });
    try {
      const cursors = await pageCursors(`${server.hostUrl}/api/v1/web-api/v1/orders`);
      await round(server.hostUrl, cursors, 'sdk');
      const rounds: Awaited<ReturnType<typeof round>>[] = [];
      for (let index = 0; index < ROUNDS; index++) {
        rounds.push(await round(server.hostUrl, cursors, index % 2 === 0 ? 'loop' : 'sdk'));
      }
      const ratios = rounds.map((times) => times.loop / times.sdk);
      const ideals = rounds.map(
        (times) => times.loop / Math.max(times.fetching, times.loop - times.fetching),
      );
      // The ideal moves with the machine (the consumer's 2 ms is fixed, fetching is not), so
      // the SDK's share of it says whether a miss is the pipeline's or the host's.
      const shares = ratios.map((ratio, index) => ratio / (ideals[index] as number));
      const seconds = (side: 'sdk' | 'loop') =>
        `${(median(rounds.map((times) => times[side])) / 1000).toFixed(2)} s`;
      return [
        {
          name: `Pipelined pull / fetch loop, consumer ${CONSUMER_MS} ms per page`,
          value: median(ratios),
          target: TARGET,
          measured:
            `SDK ${seconds('sdk')}, fetch loop ${seconds('loop')} (medians of ${ROUNDS}); ` +
            `rounds ${range(ratios)}; ideal ${median(ideals).toFixed(3)} (rounds ${range(ideals)}), ` +
            `the SDK at ${Math.round(100 * median(shares))}% of it`,
        },
      ];
    } finally {
      await server.stop();
    }
  },
};
