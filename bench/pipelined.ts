// Pipelined pull: a consumer that spends time on each page (simulated I/O, as a database
// write would), fed by the SDK with its default prefetch and by a plain sequential fetch loop.
// With prefetch the next page loads while the consumer works, so the pull takes about the
// larger of fetching and consuming instead of their sum. Beside them, the same one-page-ahead
// pipeline written by hand over fetch and over ky: what a client on each reaches here.
import ky from 'ky';
import { MOCK_API_KEY } from '../mock/index.js';
import { createClient, DEFAULT_PREFETCH, DEFAULT_RETRY, DEFAULTS } from '../src/index.js';
import { type Cursor, LIMIT, ORDERS, type RawPage as Page, pageCursors } from './pulls.js';
import type { Benchmark, Result } from './report.js';
import { median, now, range, startServer } from './util.js';

const CONSUMER_MS = 2;
// A consumer slower than fetching: the pull then waits on it, and a row shows how soon a
// page fetched ahead reaches it.
const SLOW_CONSUMER_MS = 8;
const ROUNDS = 7;
// Pages per turn: the sides take turns through the pull, so that a burst of load from
// another process lands on all of them instead of skewing one.
const SEGMENT = 25;
const TARGET = { op: '>=', value: 1.4 } as const;
// A pause between turns, untimed: a pipelined side's turn ends by aborting the request it had
// in flight, and the server still builds that page. Without the pause, whichever side came
// next waited behind it.
const SETTLE_MS = 10;

/** One page at a cursor, fetched and parsed, no validation. */
type GetPage = (cursor: Cursor, signal?: AbortSignal) => Promise<Page>;

/** A side's turn: `SEGMENT` pages from a cursor, each consumed; its time in ms. */
type Turn = (start: Cursor, count: { n: number }) => Promise<number>;

/** The consumer's work on one page: simulated I/O, which leaves the CPU free. */
type Consume = () => Promise<unknown>;

const nextCursor = (page: Page): Cursor | undefined =>
  page.has_more ? { since: page.next_since, since_id: page.next_since_id } : undefined;

/** The SDK's turn, with a fresh iterator: its first page is not fetched ahead. */
const sdkTurn =
  (hostUrl: string, consume: Consume): Turn =>
  async (start, count) => {
    const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
    const begin = now();
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
  };

/**
 * The plain loop's turn: fetch a page, consume it, fetch the next. Adds the time spent
 * fetching to `fetching`, from which the ideal is worked out.
 */
const loopTurn =
  (getPage: GetPage, consume: Consume, fetching: { ms: number }): Turn =>
  async (start, count) => {
    const begin = now();
    let cursor: Cursor | undefined = start;
    for (let page = 0; page < SEGMENT && cursor; page++) {
      const asked = now();
      const body = await getPage(cursor);
      fetching.ms += now() - asked;
      count.n += body.items.length;
      await consume();
      cursor = nextCursor(body);
    }
    return now() - begin;
  };

/**
 * One page ahead, by hand: the next page is asked for as soon as a page is in hand, before
 * the consumer works on it; the turn's end aborts the one in flight.
 */
const handPipelinedTurn =
  (getPage: GetPage, consume: Consume): Turn =>
  async (start, count) => {
    const stop = new AbortController();
    const begin = now();
    let pending: Promise<Page> | undefined = getPage(start, stop.signal);
    for (let page = 0; page < SEGMENT && pending; page++) {
      const body: Page = await pending;
      const cursor = nextCursor(body);
      pending = cursor && getPage(cursor, stop.signal);
      count.n += body.items.length;
      await consume();
    }
    const time = now() - begin;
    pending?.catch(() => {});
    stop.abort();
    return time;
  };

function pageGetters(hostUrl: string): { fetch: GetPage; ky: GetPage } {
  const url = `${hostUrl}/api/v1/web-api/v1/orders`;
  const headers = { 'X-API-Key': MOCK_API_KEY };
  const query = (cursor: Cursor) => new URLSearchParams({ limit: String(LIMIT), ...cursor });
  // The SDK's timeout and retry policy (a copy: ky normalizes it in place, the defaults are
  // frozen); the query in the URL, as the SDK sends it.
  const api = ky.create({ timeout: DEFAULTS.timeout, retry: { ...DEFAULT_RETRY }, headers });
  return {
    async fetch(cursor, signal) {
      const response = await fetch(`${url}?${query(cursor)}`, { headers, signal });
      if (!response.ok) throw new Error(`pipelined: fetch got HTTP ${response.status}`);
      return (await response.json()) as Page;
    },
    async ky(cursor, signal) {
      const response = await api.get(`${url}?${query(cursor)}`, { signal });
      return JSON.parse(await response.text()) as Page;
    },
  };
}

type Side = 'sdk' | 'loop' | 'handFetch' | 'handKy';
type Times = Partial<Record<Side, number>> & { loop: number; fetching: number };

/**
 * One pull each way, in turns of `SEGMENT` pages, the order rotating. Each side starts its
 * share of the pull from the one before and wraps around, so that none reads pages another
 * just had cached by the mock.
 */
async function round(
  hostUrl: string,
  cursors: Cursor[],
  first: number,
  sides: readonly Side[],
  consumerMs: number,
): Promise<Times> {
  const consume = () => new Promise((resolve) => setTimeout(resolve, consumerMs));
  const getters = pageGetters(hostUrl);
  const fetching = { ms: 0 };
  const turns: Record<Side, Turn> = {
    sdk: sdkTurn(hostUrl, consume),
    loop: loopTurn(getters.fetch, consume, fetching),
    handFetch: handPipelinedTurn(getters.fetch, consume),
    handKy: handPipelinedTurn(getters.ky, consume),
  };
  const count = Math.ceil(cursors.length / SEGMENT);
  const times: Partial<Record<Side, number>> = {};
  const counts = new Map(sides.map((side) => [side, { n: 0 }]));
  for (let turn = 0; turn < count; turn++) {
    for (let step = 0; step < sides.length; step++) {
      const index = (first + turn + step) % sides.length;
      const side = sides[index] as Side;
      const offset = Math.floor((index * count) / sides.length);
      const start = cursors[((turn + offset) % count) * SEGMENT] as Cursor;
      times[side] = (times[side] ?? 0) + (await turns[side](start, counts.get(side) ?? { n: 0 }));
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
  }
  for (const [side, { n }] of counts) {
    if (n !== ORDERS) throw new Error(`pipelined: ${side} pulled ${n}, not ${ORDERS}`);
  }
  return { ...times, loop: times.loop ?? 0, fetching: fetching.ms };
}

/** One warm-up round, then `ROUNDS` rounds, the order of the sides rotating. */
async function measure(
  hostUrl: string,
  cursors: Cursor[],
  sides: readonly Side[],
  consumerMs: number,
): Promise<Times[]> {
  await round(hostUrl, cursors, 0, sides, consumerMs);
  const rounds: Times[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    rounds.push(await round(hostUrl, cursors, index % sides.length, sides, consumerMs));
  }
  return rounds;
}

/** A side's row: the loop's time over the side's, and its share of the ideal. */
function row(rounds: Times[], side: Side, name: string, target?: typeof TARGET): Result {
  const ideals = rounds.map(
    (times) => times.loop / Math.max(times.fetching, times.loop - times.fetching),
  );
  const ratios = rounds.map((times) => times.loop / (times[side] as number));
  // The ideal moves with the machine (the consumer's time is fixed, fetching is not), so a
  // side's share of it says whether a miss is the pipeline's or the host's.
  const shares = ratios.map((ratio, index) => ratio / (ideals[index] as number));
  const seconds = (of: Side) =>
    `${(median(rounds.map((times) => times[of] as number)) / 1000).toFixed(2)} s`;
  return {
    name,
    value: median(ratios),
    ...(target && { target }),
    measured:
      `${seconds(side)} against the fetch loop's ${seconds('loop')} (medians of ${ROUNDS}); ` +
      `rounds ${range(ratios)}; ${Math.round(100 * median(shares))}% of the ideal ` +
      `${median(ideals).toFixed(3)} (rounds ${range(ideals)})`,
  };
}

/** The pipelined-pull benchmark. */
export const pipelined: Benchmark = {
  name: 'pipelined',
  method:
    `${ORDERS.toLocaleString('en')} orders (limit ${LIMIT}) from \`mock.listen()\` in a child ` +
    `process, each page handed to a consumer that awaits ${CONSUMER_MS} ms of simulated I/O: ` +
    `\`orders.pages()\` with the default prefetch (${DEFAULT_PREFETCH}) against a plain ` +
    'sequential `fetch` loop (`response.json()`, no validation) with the same consumer. Beside ' +
    'them, the same pipeline by hand (the next page asked for as soon as one is in hand), over ' +
    '`fetch` and over a bare ky instance with the SDK’s timeout and retry policy: what a client ' +
    `on each reaches on this host. The sides take turns of ${SEGMENT} pages through the pull ` +
    '(the pipelined ones starting afresh each turn, so they pay for filling the pipeline every ' +
    'time; each side a share of the pull away from the next, so none reads pages another just ' +
    `had cached; ${SETTLE_MS} ms untimed between turns, for the server to finish the request a ` +
    'pipelined turn ended by aborting), each side timed in total. ' +
    `${ROUNDS} such pulls after one warm-up; each ` +
    'figure is the median of the rounds’ throughput ratios (the loop’s time over the side’s), ' +
    'with the lowest and highest round beside it. The ideal is (fetch + consume) / max(fetch, ' +
    'consume), from the loop’s own split of its time; beside it, the median of the rounds’ ' +
    `ratio over their ideal. Then the SDK and the loop alone with a ${SLOW_CONSUMER_MS} ms ` +
    'consumer, which the pull waits on: how soon a page fetched ahead reaches the consumer.',
  async run(): Promise<Result[]> {
    const server = await startServer({ mock: ORDERS });
    try {
      const { hostUrl } = server;
      const cursors = await pageCursors(`${hostUrl}/api/v1/web-api/v1/orders`);
      const all = ['sdk', 'loop', 'handFetch', 'handKy'] as const;
      const rounds = await measure(hostUrl, cursors, all, CONSUMER_MS);
      const slow = await measure(hostUrl, cursors, ['sdk', 'loop'], SLOW_CONSUMER_MS);
      return [
        row(
          rounds,
          'sdk',
          `Pipelined pull / fetch loop, consumer ${CONSUMER_MS} ms per page`,
          TARGET,
        ),
        row(rounds, 'handKy', 'Pipelined by hand over ky / fetch loop, the same consumer'),
        row(rounds, 'handFetch', 'Pipelined by hand over fetch / fetch loop, the same consumer'),
        row(slow, 'sdk', `Pipelined pull / fetch loop, consumer ${SLOW_CONSUMER_MS} ms per page`),
      ];
    } finally {
      await server.stop();
    }
  },
};
