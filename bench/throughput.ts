// The mock's HTTP throughput under autocannon against a bare node:http server that answers
// with the same bytes, computed once. Both servers run in child processes, so autocannon
// does not share their event loop.
import autocannon from 'autocannon';
import { MOCK_API_KEY } from '../mock/index.js';
import type { Benchmark } from './report.js';
import { type ChildServer, median, range, startServer } from './util.js';

const PATH = '/api/v1/web-api/v1/orders?limit=50';
const CONNECTIONS = 50;
const SECONDS = 2;
const ROUNDS = 7;

async function requestsPerSecond(server: ChildServer, seconds: number): Promise<number> {
  const result = await autocannon({
    url: `${server.hostUrl}${PATH}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'X-API-Key': MOCK_API_KEY },
  });
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
    throw new Error(
      `throughput: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`,
    );
  }
  return result.requests.total / result.duration;
}

/** The throughput benchmark. */
export const throughput: Benchmark = {
  name: 'throughput',
  method:
    `autocannon, ${CONNECTIONS} connections, \`GET ${PATH}\` with the API key, ${SECONDS} s per run ` +
    `after a 1 s warm-up, ${ROUNDS} rounds of one run each, the order alternating; the mock (\`mock.listen()\`, 100 ` +
    'generated orders) and a bare `node:http` server returning the bytes the mock returned ' +
    "for that request, each in its own child process; the median of the rounds' ratios, with " +
    'the lowest and highest beside it.',
  async run() {
    const mock = await startServer({ mock: 100 });
    let bare: ChildServer | undefined;
    try {
      const response = await fetch(`${mock.hostUrl}${PATH}`, {
        headers: { 'X-API-Key': MOCK_API_KEY },
      });
      if (!response.ok) throw new Error(`throughput: mock answered ${response.status}`);
      bare = await startServer({ bare: await response.text() });
      await requestsPerSecond(mock, 1);
      await requestsPerSecond(bare, 1);
      // Paired rounds, the order alternating, and the median of their ratios, as the other
      // ratios are taken: a drift in the host's load lands on both sides of a pair.
      const mockRuns: number[] = [];
      const bareRuns: number[] = [];
      const ratios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const mockFirst = round % 2 === 0;
        const first = await requestsPerSecond(mockFirst ? mock : bare, SECONDS);
        const second = await requestsPerSecond(mockFirst ? bare : mock, SECONDS);
        const [mockRate, bareRate] = mockFirst ? [first, second] : [second, first];
        mockRuns.push(mockRate);
        bareRuns.push(bareRate);
        ratios.push(mockRate / bareRate);
      }
      const mockRate = median(mockRuns);
      const bareRate = median(bareRuns);
      return [
        {
          name: 'Mock HTTP throughput / bare node:http',
          value: median(ratios),
          target: { op: '>=', value: 0.5 },
          measured: `mock ${Math.round(mockRate)} req/s vs bare ${Math.round(bareRate)} req/s (medians of ${ROUNDS}; ratios ${range(ratios)})`,
        },
      ];
    } finally {
      await mock.stop();
      await bare?.stop();
    }
  },
};
