// The mock's cursor cost as its store grows: one cursor page (limit 200) at random positions
// in a store of 10,000 and of 1,000,000 orders, through the handlers in-process.
import { getResponse } from 'msw';
import { createMockService, MOCK_API_KEY, type MockService } from '../mock/index.js';
import type { Benchmark } from './report.js';
import { median, now } from './util.js';

const SMALL = 10_000;
const LARGE = 1_000_000;
const LIMIT = 200;
const WARMUP = 100;
const SAMPLES = 400;

// One random position: the (updated_at, id) of a random stored order, as a client would
// have saved it.
function randomCursorUrl(mock: MockService, size: number): string {
  const id = String(1 + Math.floor(Math.random() * size));
  const order = mock.orders.get(id);
  if (!order) throw new Error(`cursor-cost: no order ${id}`);
  const query = new URLSearchParams({
    limit: String(LIMIT),
    since: order.updated_at,
    since_id: order.id,
  });
  return `${mock.baseUrl}/orders?${query}`;
}

// The latency of one page, read to the last byte; undefined for a short page near the end
// of the order, which would not compare like with like.
async function onePage(mock: MockService, size: number): Promise<number | undefined> {
  const request = new Request(randomCursorUrl(mock, size), {
    headers: { 'X-API-Key': MOCK_API_KEY },
  });
  const start = now();
  const response = await getResponse(mock.handlers, request);
  const text = await response?.text();
  const elapsed = now() - start;
  if (response?.status !== 200 || text === undefined) {
    throw new Error(`cursor-cost: HTTP ${response?.status}`);
  }
  const page = JSON.parse(text) as { items: unknown[] };
  return page.items.length === LIMIT ? elapsed : undefined;
}

/** The cursor-cost benchmark. */
export const cursorCost: Benchmark = {
  name: 'cursor-cost',
  method:
    `Two mocks in-process, ${SMALL.toLocaleString('en')} and ${LARGE.toLocaleString('en')} ` +
    `generated orders; one cursor page (limit ${LIMIT}) from a random stored order's ` +
    '`(updated_at, id)`, through `getResponse(mock.handlers, request)` with the body read as ' +
    `text; the two stores alternate, ${WARMUP} warm-up and ${SAMPLES} timed full pages each; ` +
    'ratio of the median latencies (large / small).',
  async run() {
    const buildStart = now();
    const small = createMockService({ orders: SMALL });
    const large = createMockService({ orders: LARGE });
    const buildMs = now() - buildStart;
    const samples = { small: [] as number[], large: [] as number[] };
    for (let i = 0; samples.small.length < SAMPLES || samples.large.length < SAMPLES; i++) {
      const smallMs = await onePage(small, SMALL);
      const largeMs = await onePage(large, LARGE);
      if (i < WARMUP) continue;
      if (smallMs !== undefined && samples.small.length < SAMPLES) samples.small.push(smallMs);
      if (largeMs !== undefined && samples.large.length < SAMPLES) samples.large.push(largeMs);
    }
    const smallMedian = median(samples.small);
    const largeMedian = median(samples.large);
    return [
      {
        name: 'Mock cursor page, 1M / 10k orders',
        value: largeMedian / smallMedian,
        target: { op: '<=', value: 1.5 },
        measured:
          `median ${largeMedian.toFixed(2)} ms at 1M vs ${smallMedian.toFixed(2)} ms at 10k ` +
          `(${SAMPLES} pages each; both stores built in ${(buildMs / 1000).toFixed(1)} s)`,
      },
    ];
  },
};
