// The runtime matrix (issue 14): the built SDK entry on Node 20, 22, 24 and 26, Bun, Deno,
// workerd (with and without nodejs_compat) and Vercel's edge runtime, against the mock
// running here on Node; and the mock itself on Node, Bun and Deno. Each runtime comes from
// the npm registry, cached under .ci/. Prints a row per runtime x check and exits non-zero
// when any check fails. Needs `npm run build` first (CI has built by then).
//   npm run test:runtimes [-- name ...]   (names: node 20, bun, workerd, ... ; default all)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SdkSmokeConfig } from '../test/runtimes/checks/config.js';
import { MOCK_CHECKS, SDK_CHECKS } from '../test/runtimes/checks/names.js';
import type { CheckRow } from '../test/runtimes/checks/report.js';
import { bundleAll } from '../test/runtimes/matrix/bundle.js';
import { ensureInstalled, locator } from '../test/runtimes/matrix/install.js';
import { firstLine, runProgram } from '../test/runtimes/matrix/program.js';
import { startRecorder } from '../test/runtimes/matrix/recorder.js';
import { type Bundles, RUNTIMES, type Runtime } from '../test/runtimes/matrix/runtimes.js';
import { printRuntime, printSummary, type RuntimeResult } from '../test/runtimes/matrix/table.js';
import { closedPort } from '../test/support/closed-port.js';

type MockModule = typeof import('order-fulfillment-sdk/mock');

/** Enough orders for several cursor pages of 7. */
const ORDER_COUNT = 30;

const root = fileURLToPath(new URL('..', import.meta.url));
const locate = locator(root);

/**
 * One row per expected check, in order. A check the program did not report fails, with the
 * program's own failure (a crash, a hang) as the reason; a program that failed after
 * reporting every check keeps that failure as a row of its own.
 */
function complete(rows: CheckRow[], names: readonly string[], program: string): CheckRow[] {
  const crash = rows.find((row) => row.check === program);
  const because = crash ? `${program} failed: ${crash.detail}` : `${program} did not report it`;
  const reported = names.map((check) => rows.find((row) => row.check === check));
  const ordered = reported.map(
    (row, index): CheckRow =>
      row ?? { check: names[index] as string, status: 'fail', detail: because },
  );
  return crash && reported.every(Boolean) ? [...ordered, crash] : ordered;
}

async function sdkRows(runtime: Runtime, bundles: Bundles, mockModule: MockModule) {
  const mock = mockModule.createMockService({ orders: ORDER_COUNT });
  const server = await mock.listen();
  const recorder = await startRecorder();
  const config: SdkSmokeConfig = {
    hostUrl: server.hostUrl,
    apiKey: mockModule.MOCK_API_KEY,
    signingSecret: mockModule.MOCK_SIGNING_SECRET,
    recorderUrl: recorder.url,
    orderCount: ORDER_COUNT,
    closedUrl: `http://127.0.0.1:${await closedPort()}`,
    userAgent: runtime.userAgent,
    nodeCrypto: runtime.nodeCrypto,
    nodeHttp: runtime.nodeHttp,
  };
  try {
    const argv = [...runtime.sdk(locate, bundles), JSON.stringify(config)];
    return complete(
      await runProgram(argv, root, 'SDK smoke program'),
      SDK_CHECKS,
      'SDK smoke program',
    );
  } finally {
    await recorder.close();
    await server.close();
  }
}

async function mockRows(runtime: Runtime, bundles: Bundles): Promise<CheckRow[]> {
  if (typeof runtime.mock !== 'function') {
    const { reason } = runtime.mock;
    return MOCK_CHECKS.map((check) => ({ check, status: 'n/a', detail: reason }));
  }
  const argv = [...runtime.mock(locate, bundles), JSON.stringify({ orderCount: ORDER_COUNT })];
  return complete(
    await runProgram(argv, root, 'mock smoke program'),
    MOCK_CHECKS,
    'mock smoke program',
  );
}

async function main() {
  const started = performance.now();
  if (!existsSync(join(root, 'dist/index.js')) || !existsSync(join(root, 'dist/mock/index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  const wanted = process.argv.slice(2);
  const runtimes = wanted.length ? RUNTIMES.filter((r) => wanted.includes(r.name)) : RUNTIMES;
  if (!runtimes.length) throw new Error(`no runtime named ${wanted.join(', ')}`);
  for (const install of new Set(runtimes.flatMap((runtime) => runtime.needs))) {
    console.log(ensureInstalled(locate, install));
  }
  const bundles = await bundleAll(root);
  const mockUrl = pathToFileURL(join(root, 'dist/mock/index.js')).href;
  const mockModule = (await import(mockUrl)) as MockModule;
  const results: RuntimeResult[] = [];
  for (const runtime of runtimes) {
    const runtimeStarted = performance.now();
    const version = await firstLine(runtime.version(locate), root);
    const rows = [
      ...(await sdkRows(runtime, bundles, mockModule)),
      ...(await mockRows(runtime, bundles)),
    ];
    const seconds = (performance.now() - runtimeStarted) / 1000;
    const result = { runtime: runtime.name, version, seconds, rows };
    printRuntime(result);
    results.push(result);
  }
  const failed = printSummary(results, (performance.now() - started) / 1000);
  process.exitCode = failed ? 1 : 0;
}

await main();
