// The pulls the SDK overhead benchmark compares: 50,000 orders through orders.iterate(), a
// minimal fetch loop and a bare ky loop over the same server and pages, interleaved page by
// page. Used in this process (Node 20) and in a child process on Node 22, over HTTP, through
// MSW, or from pages recorded in memory.
import ky, { type KyInstance } from 'ky';
import { MOCK_API_KEY } from '../mock/index.js';
import { createClient, DEFAULT_RETRY, DEFAULTS } from '../src/index.js';
import { now } from './util.js';

/** Orders in the mock the pulls read. */
export const ORDERS = 50_000;
/** Orders per page. */
export const LIMIT = 200;
/** Timed pulls after the warm-up. */
export const ROUNDS = 7;

/** A cursor page as the service sends it, read without validation. */
export interface RawPage {
  items: unknown[];
  next_since: string;
  next_since_id: string;
  has_more: boolean;
}

// One page the way an integrator would fetch it without the SDK: the same request, no
// validation, no retry. Returns the next cursor, or undefined after the last page.
async function rawPage(url: string, cursor: Cursor, count: { n: number }, fetch: Fetch) {
  const query = new URLSearchParams({ limit: String(LIMIT), ...cursor });
  const response = await fetch(`${url}?${query}`, { headers: { 'X-API-Key': MOCK_API_KEY } });
  if (!response.ok) throw new Error(`raw pull: HTTP ${response.status}`);
  const page = (await response.json()) as RawPage;
  for (const _order of page.items) count.n++;
  return page.has_more ? { since: page.next_since, since_id: page.next_since_id } : undefined;
}

/** What every side of a pull sends its requests with. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A cursor page's position: what a request sends as `since` and `since_id`. */
export interface Cursor {
  since: string;
  since_id: string;
}

/**
 * The cursor of every page, in order, from one plain pull.
 *
 * @param url - The orders endpoint.
 * @param fetch - What to fetch the pages with.
 */
export async function pageCursors(url: string, fetch: Fetch = globalThis.fetch): Promise<Cursor[]> {
  const cursors: Cursor[] = [];
  let cursor: Cursor | undefined = { since: '1970-01-01T00:00:00Z', since_id: '0' };
  while (cursor) {
    cursors.push(cursor);
    cursor = await rawPage(url, cursor, { n: 0 }, fetch);
  }
  return cursors;
}

/**
 * Every page of a pull, recorded once as the server sent it: a fetch that answers each
 * cursor request from memory, whatever the order of the query's parameters.
 *
 * @param hostUrl - The mock's URL, holding `ORDERS` orders.
 */
export async function recordedPages(hostUrl: string): Promise<Fetch> {
  const pages = new Map<string, ArrayBuffer>();
  const keyOf = (input: string | URL | Request) => {
    const { searchParams } = new URL(input instanceof Request ? input.url : input);
    return `${searchParams.get('since')} ${searchParams.get('since_id')}`;
  };
  // One plain pull, keeping each page's bytes as it goes.
  await pageCursors(`${hostUrl}/api/v1/web-api/v1/orders`, async (input, init) => {
    const response = await fetch(input, init);
    pages.set(keyOf(input), await response.clone().arrayBuffer());
    return response;
  });
  return async (input) => {
    const page = pages.get(keyOf(input));
    if (!page) throw new Error(`recorded pages: no page for ${keyOf(input)}`);
    return new Response(page, { headers: { 'content-type': 'application/json' } });
  };
}

// The same page through a bare ky instance with the SDK's timeout and retry policy, read as
// text and parsed like the SDK does, no validation: what ky itself costs per request, apart
// from the SDK's own work on top of it.
async function kyPage(api: KyInstance, cursor: Cursor, count: { n: number }) {
  // The query in the URL, as the SDK sends it: ky's searchParams would build the Request twice.
  const query = new URLSearchParams({ limit: String(LIMIT), ...cursor });
  const response = await api.get(`orders?${query}`, { headers: { 'X-API-Key': MOCK_API_KEY } });
  const page = JSON.parse(await response.text()) as RawPage;
  for (const _order of page.items) count.n++;
}

/** One pull each way: the summed time of each side, in ms. */
export interface PullTimes {
  sdk: number;
  raw: number;
  ky: number;
}

// One full pull each way, interleaved page by page (the order rotating), each side's time
// summed. The pulls cross the same stretch of the host's load together, so a burst of load
// from another process lands on all of them instead of skewing one. The fetch loop starts a
// third of the way through the pages and the ky loop two thirds, each wrapping around, so
// that no two ask for the same page together: the second ask would find the page in the
// mock's bounded cache.
async function interleavedPull(
  hostUrl: string,
  cursors: Cursor[],
  fetch: Fetch,
): Promise<PullTimes> {
  const client = createClient({ hostUrl, apiKey: MOCK_API_KEY, fetch });
  // Page by page on demand, as the loops beside it: fetching ahead would overlap the SDK's
  // requests with the loops' turns and credit the SDK with their time (bench/pipelined.ts
  // measures prefetch, against a consumer that gives it something to overlap).
  const orders = client.orders.iterate({ limit: LIMIT, prefetch: 0 });
  const url = `${hostUrl}/api/v1/web-api/v1/orders`;
  const api = ky.create({
    prefixUrl: `${hostUrl}/api/v1/web-api/v1`,
    timeout: DEFAULTS.timeout,
    // A copy: ky normalizes the retry options in place, and the defaults are frozen.
    retry: { ...DEFAULT_RETRY },
    fetch,
  });
  const counts = { sdk: { n: 0 }, raw: { n: 0 }, ky: { n: 0 } };
  const times: PullTimes = { sdk: 0, raw: 0, ky: 0 };
  let sdkDone = false;
  const third = Math.floor(cursors.length / 3);
  // One page of a plain loop, `offset` pages ahead of the SDK's, timed into its side; the
  // loops pull each page once, so they sit out the turns after their last one.
  const loopStep =
    (
      side: 'raw' | 'ky',
      offset: number,
      pull: (cursor: Cursor, count: { n: number }) => Promise<unknown>,
    ) =>
    async (page: number) => {
      if (page >= cursors.length) return;
      const start = now();
      await pull(cursors[(page + offset) % cursors.length] as Cursor, counts[side]);
      times[side] += now() - start;
    };
  const steps: ((page: number) => Promise<void>)[] = [
    async () => {
      const start = now();
      for (let i = 0; i < LIMIT; i++) {
        const result = await orders.next();
        if (result.done) {
          sdkDone = true;
          break;
        }
        counts.sdk.n++;
      }
      times.sdk += now() - start;
    },
    loopStep('raw', third, (cursor, count) => rawPage(url, cursor, count, fetch)),
    loopStep('ky', 2 * third, (cursor, count) => kyPage(api, cursor, count)),
  ];
  for (let page = 0; !sdkDone || page < cursors.length; page++) {
    for (let turn = 0; turn < steps.length; turn++) {
      await (steps[(page + turn) % steps.length] as (page: number) => Promise<void>)(page);
    }
  }
  for (const [side, count] of Object.entries(counts)) {
    if (count.n !== ORDERS) throw new Error(`pulled ${count.n} orders (${side}), not ${ORDERS}`);
  }
  return times;
}

/**
 * One warm-up pull, then `ROUNDS` pulls, each side timed.
 *
 * @param hostUrl - The mock's URL, holding `ORDERS` orders.
 * @param fetch - What every side sends its requests with; default the global fetch.
 */
export async function measurePulls(
  hostUrl: string,
  fetch: Fetch = globalThis.fetch,
): Promise<PullTimes[]> {
  const cursors = await pageCursors(`${hostUrl}/api/v1/web-api/v1/orders`, fetch);
  await interleavedPull(hostUrl, cursors, fetch); // warm-up
  const pulls: PullTimes[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    pulls.push(await interleavedPull(hostUrl, cursors, fetch));
  }
  return pulls;
}
