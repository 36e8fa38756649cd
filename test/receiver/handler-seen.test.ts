// createWebhookHandler's duplicates: an event handled once however often, and however
// concurrently, it arrives, remembered in the built-in set or a pluggable store; an id is
// marked seen only after its handler succeeded.
import { describe, expect, it, vi } from 'vitest';
import { createWebhookHandler, type SeenStore } from '../../src/index.js';
import { eachFailingCallback } from '../support/failing-callbacks.js';
import {
  orderEventDelivery as delivery,
  RECEIVER_SECRET as secret,
} from '../support/signed-delivery.js';

describe('createWebhookHandler duplicates', () => {
  it('acknowledges an event id already handled without calling the handler again', async () => {
    const handled: string[] = [];
    const handler = createWebhookHandler({
      secret,
      on: { 'order.updated': (event) => void handled.push(event.id) },
    });
    for (const id of ['evt_1', 'evt_2', 'evt_1', 'evt_2', 'evt_1']) {
      expect((await handler(delivery(id))).status).toBe(200);
    }
    expect(handled).toEqual(['evt_1', 'evt_2']);
  });

  it('runs the handler once when a duplicate arrives while the first copy is being handled', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handled = vi.fn(() => gate);
    const handler = createWebhookHandler({ secret, on: { 'order.updated': handled } });
    const first = handler(delivery('evt_9'));
    const second = handler(delivery('evt_9'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(handled).toHaveBeenCalledTimes(1);
  });

  it('gives a concurrent duplicate the first copy’s failure, so both are retried', async () => {
    let calls = 0;
    const handler = createWebhookHandler({
      secret,
      on: {
        'order.updated': async () => {
          calls++;
          await new Promise((resolve) => setTimeout(resolve, 5));
          throw new Error('fails');
        },
      },
    });
    const answers = await Promise.all([handler(delivery('evt_3')), handler(delivery('evt_3'))]);
    expect(answers.map((response) => response.status)).toEqual([500, 500]);
    expect(calls).toBe(1);
  });

  it('uses a pluggable async store, marking an id seen only after its handler succeeded', async () => {
    const ids = new Set<string>();
    const log: string[] = [];
    const seen: SeenStore = {
      has: async (id) => {
        log.push(`has ${id}`);
        return ids.has(id);
      },
      add: async (id) => {
        log.push(`add ${id}`);
        ids.add(id);
      },
    };
    let fail = true;
    const handler = createWebhookHandler({
      secret,
      seen,
      on: {
        'order.created': () => {
          log.push('handle');
          if (fail) throw new Error('first try fails');
        },
      },
    });
    expect((await handler(delivery('evt_5', 'order.created'))).status).toBe(500);
    fail = false;
    expect((await handler(delivery('evt_5', 'order.created'))).status).toBe(200);
    expect((await handler(delivery('evt_5', 'order.created'))).status).toBe(200);
    expect(log).toEqual(['has evt_5', 'handle', 'has evt_5', 'handle', 'add evt_5', 'has evt_5']);
  });

  it('answers 200 when the store fails to record a handled id, telling onError', async () => {
    const handled = vi.fn();
    const onError = vi.fn();
    const failure = new Error('redis down');
    const handler = createWebhookHandler({
      secret,
      seen: { has: () => false, add: () => Promise.reject(failure) },
      on: { 'order.updated': handled },
      onError,
    });
    // Handled: a 5xx now would have it handled again on the retry.
    expect((await handler(delivery('evt_9'))).status).toBe(200);
    expect(handled).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledWith(failure, expect.objectContaining({ id: 'evt_9' }));
    // And without an onError to tell.
    const quiet = createWebhookHandler({
      secret,
      seen: { has: () => false, add: () => Promise.reject(failure) },
      on: { 'order.updated': handled },
    });
    expect((await quiet(delivery('evt_10'))).status).toBe(200);
  });

  it('keeps its answer when onError throws or rejects: 200 for a handled event, 500 for a failed one', async () => {
    await eachFailingCallback(async (onError) => {
      const handled = vi.fn();
      const failure = new Error('redis down');
      const handler = createWebhookHandler({
        secret,
        seen: { has: () => false, add: () => Promise.reject(failure) },
        on: { 'order.updated': handled, 'order.created': () => Promise.reject(failure) },
        onError,
      });
      // Handled, and recorded by no store: still a 200, or the retry would handle it again.
      expect((await handler(delivery('evt_11'))).status).toBe(200);
      expect(handled).toHaveBeenCalledOnce();
      // A handler that failed: still the 500 that asks for the retry.
      const failed = await handler(delivery('evt_12', 'order.created'));
      expect([failed.status, await failed.text()]).toEqual([500, 'handler failed']);
    });
  });

  it('answers 5xx when the store cannot say whether an id was seen', async () => {
    const handled = vi.fn();
    const handler = createWebhookHandler({
      secret,
      seen: { has: () => Promise.reject(new Error('redis down')), add: () => {} },
      on: { 'order.updated': handled },
    });
    expect((await handler(delivery('evt_1'))).status).toBe(500);
    expect(handled).not.toHaveBeenCalled();
  });
});
