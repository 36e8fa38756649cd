// Flat memory: the heap of a process pulling 500,000 orders through orders.iterate() must not
// grow with the pull. The mock runs in a child process, so its store stays out of the figure.
import { MOCK_API_KEY } from '../mock/index.js';
import { createClient } from '../src/index.js';
import type { Benchmark } from './report.js';
import { mb, startServer } from './util.js';

const ORDERS = 500_000;
const LIMIT = 200;
const CHECKPOINTS = [0.1, 0.25, 0.5, 0.75, 1];
const TARGET_BYTES = 10 * 1024 * 1024;

function heapAfterGc(): number {
  const gc = globalThis.gc as () => void;
  // Twice: the first pass can leave objects whose finalizers free more on the second.
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** The flat-memory benchmark. */
export const memory: Benchmark = {
  name: 'memory',
  method:
    `${ORDERS.toLocaleString('en')} orders (limit ${LIMIT}) pulled with \`orders.iterate()\` from ` +
    '`mock.listen()` in a child process; in the pulling process, `heapUsed` after a forced GC ' +
    `(\`--expose-gc\`) is read inside the loop at ${CHECKPOINTS.map((c) => `${c * 100}%`).join(', ')} ` +
    'of the orders, with the iterator alive. The target compares 10% and 100%.',
  async run() {
    const server = await startServer({ mock: ORDERS });
    try {
      const client = createClient({ hostUrl: server.hostUrl, apiKey: MOCK_API_KEY });
      const marks = new Map(CHECKPOINTS.map((share) => [Math.round(share * ORDERS), share]));
      const heap = new Map<number, number>();
      let count = 0;
      // Keeps each order reachable until the next one, as a consumer's loop body would.
      let last: unknown;
      for await (const order of client.orders.iterate({ limit: LIMIT })) {
        last = order;
        count++;
        const share = marks.get(count);
        if (share !== undefined) heap.set(share, heapAfterGc());
      }
      if (count !== ORDERS || last === undefined) {
        throw new Error(`memory: pulled ${count} orders, expected ${ORDERS}`);
      }
      const atTenth = heap.get(0.1) as number;
      const atEnd = heap.get(1) as number;
      const mockMemory = await server.memory();
      const growth = atEnd - atTenth;
      return [
        {
          name: 'Heap growth, 10% to 100% of 500k',
          value: growth / 1024 / 1024,
          unit: 'MB',
          target: { op: '<', value: TARGET_BYTES / 1024 / 1024 },
          measured:
            `heap after GC ${CHECKPOINTS.map((share) => `${share * 100}%: ${mb(heap.get(share) as number)}`).join(', ')}; ` +
            `mock child (not counted): heap ${mb(mockMemory.heapUsed)}, rss ${mb(mockMemory.rss)}`,
        },
      ];
    } finally {
      await server.stop();
    }
  },
};
