// Unit tests of integrator code (order-sync.ts) against the mock, in-process through msw:
// no network, a fresh service per test, and the mock's clock to control timestamps.
// Run with `npm run example:unit-test`; from an install, with this folder as vitest's root:
// `npx vitest run --root node_modules/order-fulfillment-sdk/examples/unit-test`.
import { setupServer } from 'msw/node';
import {
  AuthenticationError,
  createClient,
  PermissionDeniedError,
  RateLimitError,
} from 'order-fulfillment-sdk';
import {
  createMockService,
  MOCK_API_KEY,
  MOCK_SIGNING_SECRET,
  type MockService,
  type MockServiceOptions,
} from 'order-fulfillment-sdk/mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryRepository, shipOrder, syncOrders } from './order-sync.js';

// One msw server for the file; each test installs the handlers of its own mock service.
const server = setupServer();
// msw 3 names it onUnhandledFrame, msw 2 onUnhandledRequest; a variable holding both suits both.
const strict = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const;
beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function start(options?: MockServiceOptions, apiKey = MOCK_API_KEY) {
  const mock: MockService = createMockService(options);
  server.use(...mock.handlers);
  const client = createClient({
    hostUrl: mock.hostUrl, // https://mock.order-service.test, answered in-process
    apiKey,
    signingSecret: MOCK_SIGNING_SECRET,
    retry: 0, // a test wants the first failure, not a wait for Retry-After
  });
  return { mock, client };
}

describe('syncOrders', () => {
  it('stores every order, then only what changed since the checkpoint', async () => {
    const { mock, client } = start({ orders: 120 });
    const repo = memoryRepository();

    expect(await syncOrders(client, repo)).toBe(120);
    expect(repo.orders.size).toBe(120);

    mock.orders.update('7', { status: 'Cancelled' });
    mock.orders.create({ platform: 'Web' });
    expect(await syncOrders(client, repo)).toBe(2);
    expect(repo.orders.get('7')?.status).toBe('Cancelled');
    expect(repo.orders.size).toBe(121);
  });

  it('loses no order when hundreds share one updated_at across page boundaries', async () => {
    const { mock, client } = start({ orders: 0 });
    mock.clock.set('2026-03-01T12:00:00Z'); // frozen: every order gets this updated_at
    for (let i = 0; i < 450; i++) mock.orders.create();
    const repo = memoryRepository();

    expect(await syncOrders(client, repo)).toBe(450);
    expect(repo.orders.size).toBe(450);
  });

  it('fails with a typed error when the key lacks orders:read', async () => {
    const { client } = start(
      { apiKeys: [{ key: 'wms-key', scopes: ['webhooks:manage'] }] },
      'wms-key',
    );

    await expect(syncOrders(client, memoryRepository())).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
  });

  it('surfaces a 429 with Retry-After and the cursor to resume from', async () => {
    const { mock, client } = start({ orders: 1000, rateLimit: { limit: 3, windowMs: 60_000 } });
    const repo = memoryRepository();

    const error = await syncOrders(client, repo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(60);
    // Three pages were stored and checkpointed; the error's cursor is that checkpoint.
    expect(repo.orders.size).toBe(600);
    expect((error as RateLimitError).cursor).toEqual(await repo.loadCheckpoint());

    mock.clock.advance(60_000); // the window ends without waiting a minute
    expect(await syncOrders(client, repo)).toBe(400);
    expect(repo.orders.size).toBe(1000);
  });
});

describe('memoryRepository', () => {
  it('keeps the newer of two versions a microsecond-writing service stamped in one millisecond', async () => {
    const repo = memoryRepository();
    await repo.upsert({ id: '7', status: 'Cancelled', updated_at: '2026-03-01T12:00:00.123900Z' });
    await repo.upsert({ id: '7', status: 'Processing', updated_at: '2026-03-01T12:00:00.123100Z' });
    expect(repo.orders.get('7')?.status).toBe('Cancelled');
  });
});

describe('shipOrder', () => {
  it('writes shipped onto the order', async () => {
    const { mock, client } = start({ orders: [{ id: 'A-1', status: 'Processing' }] });
    const shippedAt = new Date();

    expect(await shipOrder(client, 'A-1', shippedAt)).toBe(true);
    expect(mock.orders.get('A-1')).toMatchObject({
      status: 'shipped',
      shipped_at: shippedAt.toISOString(),
    });
  });

  it('is rejected when the signature is outside the service clock window', async () => {
    const { mock, client } = start({ orders: [{ id: 'A-1', status: 'Processing' }] });
    // This client signs by the system time (no `now` option); the service checks its own clock.
    mock.clock.set(Date.now() + 10 * 60_000);

    await expect(shipOrder(client, 'A-1', new Date())).rejects.toBeInstanceOf(AuthenticationError);
    expect(mock.orders.get('A-1')?.status).toBe('Processing');
  });
});
