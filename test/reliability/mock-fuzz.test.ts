// Bad input to every endpoint of the mock (fast-check): random paths, ids, query strings,
// headers, bodies and signatures, in-process through the handlers and over real HTTP. Never a
// 5xx, every non-2xx a JSON body with `detail`, and no write unless a writing endpoint said 2xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type MockServer, type MockService } from '../../mock/index.js';
import { FUZZ_NOW, type FuzzRequest, requestArb, toRequest } from '../support/fuzz-requests.js';
import { handlerFetch } from '../support/mock.js';
import { SEED } from '../support/reliability.js';

/** The methods of the writing routes; no GET route may change anything. */
const WRITING_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Everything the mock stores and exposes, to compare before and after a request. */
function snapshot(mock: MockService): string {
  return JSON.stringify({
    orders: mock.orders.all(),
    products: mock.products.all(),
    subscriptions: mock.subscriptions,
    deliveries: mock.deliveries,
    clock: mock.clock.now().toISOString(),
  });
}

function newMock(): MockService {
  // A delivery retry that gives up at once: a random subscription URL is never reached.
  const mock = createMockService({
    orders: 30,
    products: 5,
    deliveryRetry: { attempts: 1, timeoutMs: 50 },
  });
  mock.clock.set(FUZZ_NOW);
  return mock;
}

/** Sends one fuzzed request and checks the answer and the state afterwards. */
async function check(
  mock: MockService,
  send: (request: Request) => Promise<Response>,
  hostUrl: string,
  fuzz: FuzzRequest,
): Promise<void> {
  const before = snapshot(mock);
  const request = toRequest(hostUrl, fuzz);
  const response = await send(request);
  const text = await response.text();
  const context = `${request.method} ${request.url} → ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, context).toBeLessThan(500);
  const ok = response.status >= 200 && response.status < 300;
  if (!ok) {
    expect(response.headers.get('content-type'), context).toMatch(/^application\/json/);
    const body = JSON.parse(text);
    expect(body, context).toHaveProperty('detail');
  }
  const wrote = snapshot(mock) !== before;
  if (wrote) {
    // Every route other than a GET writes (an empty id can turn PATCH /orders/{id} into
    // POST /orders and the like, so the route is judged by the request, not the template).
    expect(ok && WRITING_METHODS.has(request.method), context).toBe(true);
    // Back to a known state, so later runs start from the same store.
    mock.reset();
    mock.clock.set(FUZZ_NOW);
  }
}

describe('fuzzing the mock in-process', () => {
  it('answers every random request with a non-5xx JSON error or a 2xx, writing only on a valid write', async () => {
    const mock = newMock();
    const send = handlerFetch(mock);
    await fc.assert(
      fc.asyncProperty(requestArb, (fuzz) => check(mock, send, mock.hostUrl, fuzz)),
      { seed: SEED, numRuns: 800 },
    );
  });
});

describe('fuzzing the mock over real HTTP', () => {
  let running: MockServer;
  const mock = newMock();
  beforeAll(async () => {
    running = await mock.listen();
  });
  afterAll(() => running.close());

  it('answers every random request with a non-5xx JSON error or a 2xx, writing only on a valid write', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, (fuzz) => check(mock, fetch, running.hostUrl, fuzz)),
      { seed: SEED + 1, numRuns: 300 },
    );
  });
});
