// SDK overhead: 50,000 orders through orders.iterate() against a minimal fetch loop over the
// same server and the same pages, over real HTTP and in-process through MSW.
import { setupServer } from 'msw/node';
import { createMockService, MOCK_API_KEY } from '../mock/index.js';
import { createClient } from '../src/index.js';
import type { Benchmark, Result } from './report.js';
import { median, now, startServer } from './util.js';

const ORDERS = 50_000;
const LIMIT = 200;
const ROUNDS = 7;
const TARGET = { op: '<=', value: 1.1 } as const;

interface RawPage {
  items: unknown[];
  next_since: string;
  next_since_id: string;
  has_more: boolean;
}

// One page the way an integrator would fetch it without the SDK: the same request, no
// validation, no retry. Returns the next cursor, or undefined after the last page.
async function rawPage(url: string, cursor: Cursor, count: { n: number }) {
  const query = new URLSearchParams({ limit: String(LIMIT), ...cursor });
  const response = await fetch(`${url}?${query}`, { headers: { 'X-API-Key': MOCK_API_KEY } });
  if (!response.ok) throw new Error(`raw pull: HTTP ${response.status}`);
  const page = (await response.json()) as RawPage;
  for (const _order of page.items) count.n++;
  return page.has_more ? { since: page.next_since, since_id: page.next_since_id } : undefined;
}

interface Cursor {
  since: string;
  since_id: string;
}

// The cursor of every page, in order, from one plain pull.
async function pageCursors(url: string): Promise<Cursor[]> {
  const cursors: Cursor[] = [];
  let cursor: Cursor | undefined = { since: '1970-01-01T00:00:00Z', since_id: '0' };
  while (cursor) {
    cursors.push(cursor);
    cursor = await rawPage(url, cursor, { n: 0 });
  }
  return cursors;
}

// One full pull each way, interleaved page by page (the order alternating), each side's
// time summed. The two pulls cross the same stretch of the host's load together, so a
// burst of load from another process lands on both instead of skewing one pull. The fetch
// loop starts half-way through the pages and wraps around, so that the two never ask for
// the same page together: the second ask would find the page in the mock's bounded cache.
async function interleavedPull(
  hostUrl: string,
  cursors: Cursor[],
): Promise<{ sdk: number; raw: number }> {
  const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
  const orders = client.orders.iterate({ limit: LIMIT });
  const url = `${hostUrl}/api/v1/web-api/v1/orders`;
  const sdkCount = { n: 0 };
  const rawCount = { n: 0 };
  let sdkDone = false;
  let sdk = 0;
  let raw = 0;
  const sdkStep = async () => {
    const start = now();
    for (let i = 0; i < LIMIT; i++) {
      const result = await orders.next();
      if (result.done) {
        sdkDone = true;
        break;
      }
      sdkCount.n++;
    }
    sdk += now() - start;
  };
  const rawStep = async (page: number) => {
    const cursor = cursors[(page + (cursors.length >> 1)) % cursors.length] as Cursor;
    const start = now();
    await rawPage(url, cursor, rawCount);
    raw += now() - start;
  };
  for (let page = 0; !sdkDone || page < cursors.length; page++) {
    const rawTurn = page < cursors.length;
    if (page % 2 === 0) {
      await sdkStep();
      if (rawTurn) await rawStep(page);
    } else {
      if (rawTurn) await rawStep(page);
      await sdkStep();
    }
  }
  if (sdkCount.n !== ORDERS || rawCount.n !== ORDERS) {
    throw new Error(`pulled ${sdkCount.n} (SDK) and ${rawCount.n} (fetch) orders, not ${ORDERS}`);
  }
  return { sdk, raw };
}

async function compare(name: string, hostUrl: string): Promise<Result> {
  const cursors = await pageCursors(`${hostUrl}/api/v1/web-api/v1/orders`);
  await interleavedPull(hostUrl, cursors); // warm-up
  const pulls: { sdk: number; raw: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) pulls.push(await interleavedPull(hostUrl, cursors));
  const sdk = median(pulls.map((pull) => pull.sdk));
  const raw = median(pulls.map((pull) => pull.raw));
  return {
    name,
    value: median(pulls.map((pull) => pull.sdk / pull.raw)),
    target: TARGET,
    measured: `SDK ${(sdk / 1000).toFixed(2)} s vs fetch loop ${(raw / 1000).toFixed(2)} s (medians of ${ROUNDS})`,
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
    'the two pulls interleaved page by page (the order alternating; the loop starts half-way ' +
    "through and wraps around, so the two never share a page in the mock's cache) and each " +
    `side timed in total; ${ROUNDS} such pulls after one warm-up, the median of their ratios. ` +
    'HTTP: the ' +
    'mock runs `mock.listen()` in a child process. MSW: the mock in-process behind ' +
    '`setupServer(...mock.handlers)`.',
  async run() {
    return [await overHttp(), await throughMsw()];
  },
};
