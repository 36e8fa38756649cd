// `npm run example:incremental-pull`: runs pull.ts against one mock service twice. The first
// run is killed with SIGKILL mid-page; orders change while it is down; the second run resumes
// from the checkpoint file. Then every order of the service is checked against the local
// store: none may be missing or stale. Exits 1 if one is.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockService, MOCK_API_KEY } from 'order-fulfillment-sdk/mock';
import type { StoredOrder } from './pull.js';

const pullScript = join(import.meta.dirname, 'pull.ts');

/** Runs pull.ts in a child process (with this process's tsx loader) and returns how it ended. */
async function runPull(hostUrl: string, stateDir: string, extra: string[] = []) {
  console.log(`\n$ pull.ts --state ${stateDir} ${extra.join(' ')}`);
  const child = fork(pullScript, ['--state', stateDir, ...extra], {
    env: { ...process.env, ORDER_API_URL: hostUrl, ORDER_API_KEY: MOCK_API_KEY },
    stdio: 'inherit',
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return { code, signal };
}

async function main() {
  const mock = createMockService({ orders: 5000, seed: 1 });
  const server = await mock.listen();
  const stateDir = mkdtempSync(join(tmpdir(), 'ofs-incremental-pull-'));
  let failed = false;
  try {
    const first = await runPull(server.hostUrl, stateDir, ['--crash-after', '2345']);
    if (first.signal !== 'SIGKILL') throw new Error(`run 1 should be killed, ended ${first.code}`);
    console.log('run 1 was killed (SIGKILL)');

    // While the puller is down: orders it already stored change, and new orders arrive.
    for (const id of ['1', '2', '3']) mock.orders.update(id, { status: 'Cancelled' });
    const created = [mock.orders.create(), mock.orders.create()];
    console.log(
      `while it was down: orders 1, 2, 3 changed; orders ${created.map((o) => o.id).join(', ')} created`,
    );

    const second = await runPull(server.hostUrl, stateDir);
    if (second.code !== 0) throw new Error(`run 2 failed with exit code ${second.code}`);

    const store = JSON.parse(readFileSync(join(stateDir, 'orders.json'), 'utf8')) as Record<
      string,
      StoredOrder
    >;
    const orders = mock.orders.all();
    const wrong = orders.filter(
      (o) => store[o.id]?.updated_at !== o.updated_at || store[o.id]?.status !== o.status,
    );
    if (wrong.length > 0 || Object.keys(store).length !== orders.length) {
      failed = true;
      console.error(
        `\nFAILED: ${wrong.length} orders missing or stale (first: ${wrong[0]?.id}); ` +
          `store has ${Object.keys(store).length}, the service ${orders.length}`,
      );
    } else {
      console.log(
        `\nchecked: all ${orders.length} orders of the service are stored at their latest ` +
          'updated_at and status; none lost across the kill',
      );
    }
  } finally {
    await server.close();
    rmSync(stateDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
