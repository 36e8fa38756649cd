// Webhook deliveries to a receiver slower than the events sent to it: past
// MAX_DELIVERIES_IN_FLIGHT attempts in flight and MAX_DELIVERIES_WAITING waiting for a place, a
// delivery is not queued but recorded at once as a failed attempt, neither sent nor retried, so
// the mock's memory stays bounded and the record shows which events were dropped.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
// The two bounds from the package's entry, where a user's test reads them.
import {
  createMockService,
  MAX_DELIVERIES_IN_FLIGHT,
  MAX_DELIVERIES_WAITING,
  MOCK_API_KEY,
} from '../../../mock/index.js';
import {
  DEFAULT_DELIVERY_RETRY,
  DeliveryQueue,
  type DeliveryRetry,
} from '../../../mock/rules/deliveries.js';
import type { DeliveryAttempt } from '../../../mock/rules/delivery-log.js';

describe('a mock service with a receiver that never answers', () => {
  it('drops the events past MAX_DELIVERIES_WAITING waiting, and its record shows which', async () => {
    const mock = createMockService({ orders: 0 });
    const subscribed = await mock.fetch(`${mock.baseUrl}/webhooks`, {
      method: 'POST',
      headers: { 'X-API-Key': MOCK_API_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://slow.test/hooks', events: ['order.created'] }),
    });
    expect(subscribed.status).toBe(201);
    // A receiver that never answers; its POSTs end when the reset below aborts them.
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    for (let i = 0; i < MAX_DELIVERIES_IN_FLIGHT + MAX_DELIVERIES_WAITING; i++) {
      mock.orders.create();
    }
    const last = [mock.orders.create().id, mock.orders.create().id];
    await vi.waitFor(() => expect(mock.deliveries).toHaveLength(2));
    const listed = await mock.fetch(`${mock.hostUrl}/__mock/deliveries`);
    const { items } = (await listed.json()) as { items: DeliveryAttempt[] };
    expect(items).toEqual(mock.deliveries);
    expect(items.map((attempt) => JSON.parse(attempt.body).data.order.id)).toEqual(last);
    for (const attempt of items) {
      expect(attempt).toMatchObject({
        ok: false,
        attempt: 1,
        error: `delivery queue full (${MAX_DELIVERIES_WAITING} waiting): not sent`,
      });
      expect(attempt).not.toHaveProperty('status');
    }
    mock.reset();
    await mock.flushDeliveries();
    expect(mock.deliveries).toEqual([]);
  });
});

describe('a full waiting line', () => {
  // Small, so that the line fills without thousands of events.
  const WAITING = 8;
  const QUEUE_FULL = `delivery queue full (${WAITING} waiting): not sent`;
  const RECEIVER = 'https://slow.test/hooks';

  // A queue with one subscription to a receiver that holds every POST until the test answers
  // it (204) or its signal aborts, as a real fetch does; the POSTs of the orders in `failing`
  // it answers 500 at once.
  function slowReceiver(retry: DeliveryRetry = DEFAULT_DELIVERY_RETRY, failing: string[] = []) {
    const queue = new DeliveryQueue(1, retry, Date.now, 10_000, WAITING);
    queue.subscribe(RECEIVER, ['order.created']);
    const held: (() => void)[] = [];
    const posted: string[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      const order: string = JSON.parse(String(init.body)).data.order.id;
      posted.push(order);
      if (failing.includes(order)) return Promise.resolve(new Response(null, { status: 500 }));
      return new Promise<Response>((resolve, reject) => {
        held.push(() => resolve(new Response(null, { status: 204 })));
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    });
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const emit = (ids: string[]) => {
      for (const id of ids) queue.emit('order.created', { id });
    };
    // Answers the POSTs held, round after round, until the deliveries end.
    const answerAll = async () => {
      const flushed = queue.flush();
      for (let round = 0; held.length > 0 && round < 100; round++) {
        for (const answer of held.splice(0)) answer();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await flushed;
    };
    return { queue, posted, emit, answerAll };
  }

  const orderIds = (count: number) => Array.from({ length: count }, (_, i) => `o${i + 1}`);
  const orderOf = (body: string): string => JSON.parse(body).data.order.id;
  const dropped = (queue: DeliveryQueue) =>
    queue.deliveries.filter((attempt) => attempt.error === QUEUE_FULL);

  it('records the deliveries past the bound as failed and unsent, and sends the others in order', async () => {
    const { queue, posted, emit, answerAll } = slowReceiver();
    const ids = orderIds(MAX_DELIVERIES_IN_FLIGHT + WAITING + 5);
    const sent = ids.slice(0, MAX_DELIVERIES_IN_FLIGHT + WAITING);
    emit(ids);
    await vi.waitFor(() => expect(posted).toHaveLength(MAX_DELIVERIES_IN_FLIGHT));
    // Every place in flight taken and WAITING waiting: the last five were recorded at once,
    // and are so far the only attempts recorded.
    const early = dropped(queue);
    expect(queue.deliveries).toEqual(early);
    expect(early.map((attempt) => orderOf(attempt.body))).toEqual(ids.slice(sent.length));
    expect(ids.length - posted.length - early.length).toBe(WAITING);
    for (const attempt of early) {
      expect(attempt).toStrictEqual({
        id: expect.stringMatching(/^dlv_\d+$/),
        event_id: expect.stringMatching(/^evt_/),
        subscription_id: 'wh_1',
        url: RECEIVER,
        type: 'order.created',
        attempt: 1,
        ok: false,
        at: expect.any(String),
        body: expect.any(String),
        error: QUEUE_FULL,
      });
      expect(JSON.parse(attempt.body).id).toBe(attempt.event_id);
    }

    await answerAll();
    // The waiting ones went out once places freed, in the order of their events; the dropped
    // ones never did, and were not retried.
    expect(posted).toEqual(sent);
    expect(dropped(queue)).toEqual(early);
    const delivered = queue.deliveries.filter((attempt) => attempt.ok);
    expect(delivered.map((attempt) => orderOf(attempt.body))).toEqual(sent);
    expect(delivered.every((attempt) => attempt.status === 204 && attempt.attempt === 1)).toBe(
      true,
    );

    // The bound is on the line, not a total: with places free, the next event goes out.
    emit(['o-after']);
    await vi.waitFor(() => expect(posted.at(-1)).toBe('o-after'));
    await answerAll();
    expect(queue.deliveries.at(-1)).toMatchObject({ ok: true, status: 204 });
  });

  // A receiver that fails at once, with a long backoff: each retry holds its event's body
  // while it waits, so it holds a waiting place too, or the mock grew by a body and a timer
  // per event.
  it('holds a waiting place for each retry in its backoff; one that finds none is recorded with its attempt number', async () => {
    const retry = { attempts: 3, baseDelayMs: 60_000, timeoutMs: 60_000 };
    const failing = orderIds(WAITING + 2);
    const { queue, posted, emit } = slowReceiver(retry, failing);
    emit(failing);
    await vi.waitFor(() => expect(queue.deliveries).toHaveLength(failing.length + 2));
    expect(posted).toEqual(failing);
    const failed = queue.deliveries.filter((attempt) => attempt.status === 500);
    expect(failed.map((attempt) => [orderOf(attempt.body), attempt.attempt])).toEqual(
      failing.map((order) => [order, 1]),
    );
    // The first WAITING wait out their backoff; the last two found every place held.
    const late = dropped(queue);
    expect(late.map((attempt) => [orderOf(attempt.body), attempt.attempt])).toEqual(
      failing.slice(WAITING).map((order) => [order, 2]),
    );
    expect(late.every((attempt) => !('status' in attempt))).toBe(true);
    // Every place is held: a new event that would have to wait is dropped as well.
    emit(orderIds(MAX_DELIVERIES_IN_FLIGHT + 1).map((id) => `new-${id}`));
    await vi.waitFor(() => expect(dropped(queue)).toHaveLength(3));
    expect(dropped(queue).at(-1)).toMatchObject({ attempt: 1 });
    expect(orderOf(dropped(queue).at(-1)?.body ?? '{}')).toBe(
      `new-o${MAX_DELIVERIES_IN_FLIGHT + 1}`,
    );
    queue.reset();
    await queue.flush();
  });

  // docs/mock.md: a reset cancels pending retries. A backoff left to run kept the process
  // alive and the next test's flush() waiting, here for a minute.
  it('ends the retries waiting out their backoff on reset(), so flush() resolves at once', async () => {
    const retry = { attempts: 4, baseDelayMs: 60_000, timeoutMs: 60_000 };
    const { queue, posted, emit } = slowReceiver(retry, ['o1']);
    emit(['o1']);
    await vi.waitFor(() => expect(queue.deliveries).toHaveLength(1));
    queue.reset();
    const flushed = queue.flush().then(() => 'flushed');
    const waited = new Promise((resolve) => setTimeout(resolve, 2_000, 'still waiting'));
    await expect(Promise.race([flushed, waited])).resolves.toBe('flushed');
    expect(posted).toEqual(['o1']);
    expect(queue.deliveries).toEqual([]);
  });

  it('gives a retry due after reset() no place in the line', async () => {
    // Each old event fails at once and waits out its backoff across the reset.
    const retry = { attempts: 3, baseDelayMs: 300, timeoutMs: 60_000 };
    const old = orderIds(WAITING).map((id) => `old-${id}`);
    const { queue, posted, emit, answerAll } = slowReceiver(retry, old);
    emit(old);
    await vi.waitFor(() => expect(queue.deliveries).toHaveLength(WAITING));
    queue.reset(); // the next test begins
    queue.subscribe(RECEIVER, ['order.created']);
    const fresh = orderIds(MAX_DELIVERIES_IN_FLIGHT);
    emit(fresh);
    await vi.waitFor(() => expect(posted).toHaveLength(WAITING + fresh.length));
    await new Promise((resolve) => setTimeout(resolve, 2 * retry.baseDelayMs)); // retries due
    // Every place in flight is taken: the new event waits its turn, behind no old retry.
    emit(['o-after']);
    await new Promise((resolve) => setTimeout(resolve, 20)); // its attempt starts, on a timer
    await answerAll();
    expect(dropped(queue)).toEqual([]);
    expect(posted).toEqual([...old, ...fresh, 'o-after']);
  });

  it('ends cleanly on reset() and flush() with the line full', async () => {
    const { queue, posted, emit } = slowReceiver();
    emit(orderIds(MAX_DELIVERIES_IN_FLIGHT + WAITING + 5));
    await vi.waitFor(() => expect(posted).toHaveLength(MAX_DELIVERIES_IN_FLIGHT));
    expect(dropped(queue)).toHaveLength(5);
    queue.reset();
    await queue.flush();
    // The attempts in flight stopped, the waiting ones went unsent, and nothing was recorded.
    expect(posted).toHaveLength(MAX_DELIVERIES_IN_FLIGHT);
    expect(queue.deliveries).toEqual([]);
    // The line is empty again: a new subscription's event goes out, not dropped.
    queue.subscribe(RECEIVER, ['order.created']);
    emit(['o-after']);
    await vi.waitFor(() => expect(posted.at(-1)).toBe('o-after'));
    expect(dropped(queue)).toEqual([]);
    queue.reset();
    await queue.flush();
  });
});
