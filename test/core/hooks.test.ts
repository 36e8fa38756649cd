// A caller's hook that awaits something slow (a token, a tracing exporter) holds ky, not the
// call: the call ends when its signal aborts or its totalTimeout runs out, and nothing is sent
// (or logged for it) once the hook returns. The per-attempt timeout starts when the attempt is
// sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockService, MOCK_API_KEY, MOCK_SIGNING_SECRET } from '../../mock/index.js';
import { AbortError, type ClientConfig, createClient, TimeoutError } from '../../src/index.js';
import { failure } from '../support/failure.js';
import { FAST_RETRY, fakeFetch, json } from '../support/fake-fetch.js';

/** A hook's wait: `hold` marks the hook entered and waits until the test calls `open`. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let enter = () => {};
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  const hold = () => {
    enter();
    return opened;
  };
  return { hold, entered, open, enter };
}

/**
 * The mock in-process, behind a fetch that counts what reaches it (as a fetch wrapper or
 * instrumentation would), with a beforeRequest hook that waits on `hook` and then returns
 * what `returns` makes of the request (a Request of its own, say). `settled` resolves once
 * ky has decided on the attempt the hook held: refused (retry.shouldRetry is asked) or sent.
 */
function heldClient(
  hook: ReturnType<typeof gate>,
  returns: (request: Request) => Request | undefined = () => undefined,
) {
  const mock = createMockService({ orders: 1 });
  const settled = gate();
  let sent = 0;
  const client = createClient({
    hostUrl: mock.hostUrl,
    apiKey: MOCK_API_KEY,
    signingSecret: MOCK_SIGNING_SECRET,
    fetch: (request, init) => {
      sent++;
      settled.enter();
      return mock.fetch(request, init);
    },
    retry: {
      shouldRetry: () => {
        settled.enter();
        return false;
      },
    },
    hooks: { beforeRequest: [(request) => hook.hold().then(() => returns(request))] },
  });
  return { mock, client, settled: settled.entered, sent: () => sent };
}

const CALLS = {
  'orders.list': (client: ReturnType<typeof createClient>, options: object) =>
    client.orders.list({}, options),
  'fulfillment.notifyShipped': (client: ReturnType<typeof createClient>, options: object) =>
    client.fulfillment.notifyShipped({ inbound_order_id: 'ord_none' }, options),
};

// A hook may hand ky a Request of its own (to change a header, say), built without the signal
// ky gave the one it saw: the call's end must hold for that Request too.
const rebuilt = (request: Request) =>
  new Request(request.url, { method: request.method, headers: request.headers });

const RETURNS = {
  'returns nothing': () => undefined,
  'returns a new Request without the signal': rebuilt,
};

describe.each(Object.entries(RETURNS))(
  'a beforeRequest hook that awaits past the call’s end and %s',
  (_, returns) => {
    describe.each(Object.entries(CALLS))('%s', (_, call) => {
      it('rejects with AbortError when the signal aborts, and sends nothing', async () => {
        const hook = gate();
        const { mock, client, settled, sent } = heldClient(hook, returns);
        const controller = new AbortController();
        const pending = call(client, { signal: controller.signal });
        await hook.entered;
        controller.abort(new Error('shutting down'));
        // Settled while the hook still waits: the call is not held by it.
        const error = await failure(pending);
        hook.open();
        expect(error).toBeInstanceOf(AbortError);
        expect(error.cause).toEqual(new Error('shutting down'));
        // The hook has returned, and ky has gone on to the fetch: it must not reach the service.
        await settled;
        expect(sent()).toBe(0);
        expect(mock.requests).toHaveLength(0);
      });

      it('rejects with TimeoutError when totalTimeout runs out, and sends nothing', async () => {
        const hook = gate();
        const { mock, client, settled, sent } = heldClient(hook, returns);
        const pending = call(client, { totalTimeout: 20 });
        await hook.entered;
        const error = await failure(pending);
        hook.open();
        expect(error).toBeInstanceOf(TimeoutError);
        expect(error).toMatchObject({ limit: 'total' });
        expect(error.message).toContain('totalTimeout');
        await settled;
        expect(sent()).toBe(0);
        expect(mock.requests).toHaveLength(0);
      });
    });
  },
);

/**
 * A products.list call, against a service that answers 503, with `config` (its hooks wait on
 * `hook`), aborted once the hook has entered; the hook is let go after the call rejected, and
 * ky is given a task to go on. Returns the call's error and the requests the service got.
 */
async function abortWhileHeld(
  hook: ReturnType<typeof gate>,
  config: Pick<ClientConfig, 'hooks' | 'logger' | 'logLevel'>,
) {
  const service = fakeFetch(() => json({ detail: 'down' }, 503));
  const client = createClient({
    hostUrl: 'https://shop.example.test',
    apiKey: MOCK_API_KEY,
    fetch: service.fetch,
    retry: { limit: 3, ...FAST_RETRY },
    ...config,
  });
  const controller = new AbortController();
  const pending = client.products.list({}, { signal: controller.signal });
  await hook.entered;
  controller.abort(new Error('SIGTERM'));
  const error = await failure(pending);
  hook.open();
  // ky goes on from the hook in microtasks: by the next task it has stopped, or decided on
  // the 503 and gone on.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { error, requests: service.requests };
}

describe('a beforeRetry hook that awaits past the abort', () => {
  it('ends the call, and no further attempt is made or seen by beforeRequest', async () => {
    const hook = gate();
    const attempts: number[] = [];
    const { error, requests } = await abortWhileHeld(hook, {
      logLevel: 'off',
      hooks: {
        beforeRequest: [(_request, _options, { retryCount }) => void attempts.push(retryCount)],
        beforeRetry: [hook.hold],
      },
    });
    expect(error).toBeInstanceOf(AbortError);
    expect(error.cause).toEqual(new Error('SIGTERM'));
    expect(requests).toHaveLength(1);
    expect(attempts).toEqual([0]);
  });
});

describe('an afterResponse hook that awaits past the abort', () => {
  it('logs nothing for the call once its end is logged: no retry of the answer it held', async () => {
    const hook = gate();
    const lines: string[] = [];
    const line = (text: string) => void lines.push(text);
    const { error, requests } = await abortWhileHeld(hook, {
      logger: { debug: line, info: line, warn: line, error: line },
      logLevel: 'info',
      hooks: { afterResponse: [hook.hold] },
    });
    expect(error).toBeInstanceOf(AbortError);
    expect(requests).toHaveLength(1);
    expect(lines).toEqual([
      expect.stringMatching(/GET \/products → AbortError in \d+ ms \(1 attempt\)$/),
    ]);
  });
});

describe('the info line of a call that ends while a hook holds an attempt', () => {
  // The call fails its first attempt with a 503, then a beforeRequest hook holds attempt
  // `held` until after the abort: that attempt is never sent, so the line must not count it.
  async function lineOf(held: number): Promise<string[]> {
    const hook = gate();
    const lines: string[] = [];
    const line = (text: string) => void lines.push(text);
    const { error, requests } = await abortWhileHeld(hook, {
      // The retry's warning is not what is counted here.
      logger: { debug: line, info: line, warn: () => {}, error: line },
      logLevel: 'info',
      hooks: {
        beforeRequest: [
          (_request, _options, { retryCount }) => (retryCount === held ? hook.hold() : undefined),
        ],
      },
    });
    expect(error).toBeInstanceOf(AbortError);
    expect(requests).toHaveLength(held);
    return lines;
  }

  it('counts no attempt when the first was never sent', async () => {
    expect(await lineOf(0)).toEqual([
      expect.stringMatching(/GET \/products → AbortError in \d+ ms \(0 attempts\)$/),
    ]);
  });

  it('counts only the attempt sent when its retry was never sent', async () => {
    expect(await lineOf(1)).toEqual([
      expect.stringMatching(/GET \/products → AbortError in \d+ ms \(1 attempt\)$/),
    ]);
  });
});

describe('the per-attempt timeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts from when the attempt is sent, not while a beforeRequest hook runs', async () => {
    vi.useFakeTimers();
    const hook = gate();
    const service = fakeFetch(() => json({ items: [], total: 0, page: 1, page_size: 50 }));
    const client = createClient({
      hostUrl: 'https://shop.example.test',
      apiKey: MOCK_API_KEY,
      fetch: service.fetch,
      timeout: 1_000,
      retry: 0,
      hooks: { beforeRequest: [hook.hold] },
    });
    const pending = client.products.list();
    await hook.entered;
    await vi.advanceTimersByTimeAsync(5_000);
    hook.open();
    await expect(pending).resolves.toMatchObject({ total: 0 });
    expect(service.requests).toHaveLength(1);
  });
});
