// An integrator's own tests with fake timers (vitest's here; jest's fake process.nextTick
// too): calls through the in-process mock still answer, every wait follows the faked clock,
// the total timeout included, and the journal's real elapsed time stays real.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setImmediate as realTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockService, MOCK_API_KEY } from '../../mock/index.js';
import { createClient, TimeoutError } from '../../src/index.js';
import { useMswServer } from '../support/mock.js';

const ORDERS = '/api/v1/web-api/v1/orders';
const { version: MSW_VERSION } = createRequire(import.meta.url)('msw/package.json') as {
  version: string;
};
const MSW_MAJOR = Number(MSW_VERSION.split('.')[0]);

describe('with fake timers in the test', () => {
  const server = useMswServer();
  afterEach(() => vi.useRealTimers());

  function started() {
    const mock = createMockService({ orders: 10 });
    server.use(...mock.handlers);
    const client = createClient({ hostUrl: mock.hostUrl, apiKey: MOCK_API_KEY, retry: 0 });
    return { mock, client };
  }

  // msw 3 itself waits on process.nextTick to connect an intercepted fetch, so there no call
  // answers with it faked, the mock's or any other handler's (docs/mock.md says so for jest).
  it.skipIf(MSW_MAJOR >= 3)(
    'answers in-process calls with process.nextTick faked, as jest fakes it by default',
    async () => {
      const { client } = started();
      // What jest's fake nextTick does until the test advances it: nothing (vitest can fake
      // nextTick only in its threads pool).
      const nextTick = vi.spyOn(process, 'nextTick').mockImplementation(() => {});
      try {
        const page = await client.orders.list({ limit: 5 });
        expect(page.items).toHaveLength(5);
      } finally {
        nextTick.mockRestore();
      }
    },
  );

  it('ends a call at totalTimeout when the test advances the faked clock', async () => {
    const { mock, client } = started();
    mock.faults.add({ path: `${ORDERS}*`, delayMs: 60_000 });
    vi.useFakeTimers();
    const call = client.orders.list({ limit: 5 }, { timeout: false, totalTimeout: 5_000 });
    const outcome = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    const settled = await Promise.race([outcome, Promise.resolve('still pending')]);
    expect(settled).toBeInstanceOf(TimeoutError);
    expect(settled).toMatchObject({ limit: 'total' });
  });

  it('journals real elapsed time, not the faked clock’s', async () => {
    const { mock, client } = started();
    // The faked performance clock starts behind the real one the journal began on.
    await new Promise((resolve) => setTimeout(resolve, 30));
    vi.useFakeTimers();
    await client.orders.list({ limit: 5 });
    const [entry] = mock.requests;
    expect(entry?.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(entry?.elapsedMs).toBeLessThan(5_000);
  });

  it('waits out retries in code that does real I/O first, advanced in steps until it settles', async () => {
    const { mock } = started();
    const client = createClient({ hostUrl: mock.hostUrl, apiKey: MOCK_API_KEY });
    mock.faults.add({ path: `${ORDERS}*`, status: 503, times: 2 });
    vi.useFakeTimers();
    // The integrator's code: it reads a file (a checkpoint) before it calls.
    const sync = async () => {
      await readFile(new URL(import.meta.url));
      return client.orders.list({ limit: 5 });
    };
    // The recipe of docs/mock.md: one advance would run before the retry's timer exists.
    async function settle<T>(work: Promise<T>): Promise<T> {
      let done = false;
      const finish = () => {
        done = true;
      };
      work.then(finish, finish);
      while (!done) {
        await realTurn(); // lets the real I/O finish; node:timers/promises is not faked
        await vi.advanceTimersByTimeAsync(100);
      }
      return work;
    }
    expect((await settle(sync())).items).toHaveLength(5);
    expect(mock.requests.map((entry) => entry.status)).toEqual([503, 503, 200]);
    // And one that fails after its retries: settled, with no rejection left unhandled.
    mock.faults.add({ path: `${ORDERS}*`, status: 503, times: 4 });
    await expect(settle(sync())).rejects.toMatchObject({ name: 'ServerError', status: 503 });
  });
});
