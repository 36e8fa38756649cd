// createWebhookHandler's options: the tolerance and clock a delivery's timestamp is checked
// against, the header the signature is read from, and the options refused at creation.
import { describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  createWebhookHandler,
  type OrderEvent,
  signWmsPayload,
  type UnixTime,
} from '../../src/index.js';
import { creationError } from '../support/creation-error.js';

const secret = 'whsec_handler_test';
// A receiver's `on` that handles another type than the deliveries below: each is acknowledged.
const onCreated = { 'order.created': () => {} };
const body = JSON.stringify({
  id: 'e',
  type: 'order.updated',
  data: { order: { id: '1', updated_at: '2026-11-22T10:00:00Z' } },
});

/** A delivery of `body` signed at `signedAt` (default now), in the header named. */
function delivery(signedAt?: UnixTime, header = 'X-Webhook-Signature'): Request {
  return new Request('https://x.example/hooks', {
    method: 'POST',
    headers: { [header]: signWmsPayload(body, secret, signedAt) },
    body,
  });
}

describe('createWebhookHandler options', () => {
  it('checks the signed timestamp against its tolerance', async () => {
    const old = Math.floor(Date.now() / 1000) - 600;
    const strict = createWebhookHandler({ secret, on: onCreated });
    const lenient = createWebhookHandler({ secret, on: onCreated, tolerance: 900 });
    expect(await (await strict(delivery(old))).text()).toBe('timestamp_too_old');
    expect((await lenient(delivery(old))).status).toBe(200);
  });

  it('checks the timestamp against its own clock, now, read at each delivery', async () => {
    // Signed by a service whose clock reads a year ago, as a mock with a moved clock signs.
    const signedAt = new Date('2025-11-01T10:00:00Z');
    const called = vi.fn();
    let clock = new Date(signedAt.getTime() + 10_000);
    const handler = createWebhookHandler({
      secret,
      on: { 'order.updated': called },
      now: () => clock,
    });
    expect((await handler(delivery(signedAt))).status).toBe(200);
    expect(called).toHaveBeenCalledOnce();
    clock = new Date(signedAt.getTime() + 301_000);
    const late = await handler(delivery(signedAt));
    expect([late.status, await late.text()]).toEqual([400, 'timestamp_too_old']);
    const system = await createWebhookHandler({ secret, on: onCreated })(delivery(signedAt));
    expect(await system.text()).toBe('timestamp_too_old');
  });

  it('refuses a clock in milliseconds at creation, and accepts one that cannot be read yet', async () => {
    const refused = creationError({ secret, on: onCreated, now: () => Date.now() });
    expect(refused).toBeInstanceOf(ConfigurationError);
    expect((refused as ConfigurationError).option).toBe('now');
    expect((refused as Error).message).toMatch(
      /Unix seconds, not milliseconds: return new Date\(\), or Math\.floor\(Date\.now\(\) \/ 1000\)\.$/,
    );

    // As `now: () => mock.clock.now()` with the mock made later, in beforeEach.
    let mockClock: { now(): number } | undefined;
    const called = vi.fn();
    const handler = createWebhookHandler({
      secret,
      on: { 'order.updated': called },
      now: () => (mockClock as { now(): number }).now(),
    });
    mockClock = { now: () => Math.floor(Date.now() / 1000) };
    expect((await handler(delivery())).status).toBe(200);
    expect(called).toHaveBeenCalledOnce();
  });

  it('reads the signature from signatureHeader, for a service that signs in another header', async () => {
    const called = vi.fn();
    const usual = createWebhookHandler({ secret, on: { 'order.updated': called } });
    const named = createWebhookHandler({
      secret,
      on: { 'order.updated': called },
      signatureHeader: 'X-WMS-Signature',
    });
    const refused = await usual(delivery(undefined, 'X-WMS-Signature'));
    expect([refused.status, await refused.text()]).toEqual([400, 'missing_header']);
    expect(called).not.toHaveBeenCalled();
    expect((await named(delivery(undefined, 'X-WMS-Signature'))).status).toBe(200);
    expect(called).toHaveBeenCalledOnce();
  });

  it.each([
    ['secret', { secret: '', on: onCreated }],
    // From JavaScript: no options at all, or a secret that is not a string.
    ['secret', undefined],
    ['secret', { secret: 42, on: onCreated }],
    ['signatureHeader', { secret, on: onCreated, signatureHeader: 'X-Sig: 1' }],
    ['on', { secret, on: null }],
    ['on', { secret, on: () => {} }],
    ['on.order.updated', { secret, on: { 'order.updated': 'not a function' } }],
    ['tolerance', { secret, on: onCreated, tolerance: -1 }],
    ['tolerance', { secret, on: onCreated, tolerance: 5 * 60 * 1000 }],
    ['maxBodyBytes', { secret, on: onCreated, maxBodyBytes: 0 }],
    ['maxBodyBytes', { secret, on: onCreated, maxBodyBytes: 1.5 }],
    ['now', { secret, on: onCreated, now: Date.now() }],
    ['seen', { secret, on: onCreated, seen: { has: () => false } }],
    ['seen', { secret, on: onCreated, seen: { add: () => {} } }],
    ['seen', { secret, on: onCreated, seen: null }],
    ['onError', { secret, on: onCreated, onError: 'console.error' }],
    ['onRejected', { secret, on: onCreated, onRejected: { warn: () => {} } }],
  ])('refuses a bad %s at creation', (option, options) => {
    const caught = creationError(options);
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as ConfigurationError).option).toBe(option);
  });

  it.each([
    ['tolerence', { secret, on: onCreated, tolerence: 60 }, 'tolerance'],
    // The misspelt option is named, not the `secret` it leaves missing.
    ['Secret', { Secret: secret, on: onCreated }, 'secret'],
  ])('refuses a misspelt %s at creation, saying which option was meant', (typo, options, meant) => {
    const now = vi.fn(() => Math.floor(Date.now() / 1000));
    const caught = creationError({ ...options, now });
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as ConfigurationError).option).toBe(typo);
    expect((caught as Error).message).toBe(
      `Invalid option \`${typo}\`: is not an option of createWebhookHandler; did you mean \`${meant}\`?`,
    );
    // Refused before anything else is read: the clock is read once at creation otherwise.
    expect(now).not.toHaveBeenCalled();
  });

  it('lists its options for an unknown one too far from any to guess', () => {
    expect((creationError({ secret, on: onCreated, store: new Set() }) as Error).message).toBe(
      'Invalid option `store`: is not an option of createWebhookHandler (secret, on, seen, tolerance, maxBodyBytes, now, signatureHeader, onError, onRejected).',
    );
  });

  it('takes an undefined handler as none, as it takes every optional option', () => {
    const maybe: (() => void) | undefined = undefined;
    const on = { 'order.created': maybe, 'order.updated': () => {} };
    expect(creationError({ secret, on })).toBeUndefined();
  });

  it.each([
    ['order.update', 'order.updated'],
    ['ORDER.UPDATED', 'order.updated'],
    ['orders.created', 'order.created'],
  ])('refuses an on key %s that no delivery has, saying which type was meant', (typo, meant) => {
    // Beside a valid key too: the misspelt one alone would lose its events.
    const caught = creationError({ secret, on: { 'order.created': () => {}, [typo]: () => {} } });
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as ConfigurationError).option).toBe(`on.${typo}`);
    expect((caught as Error).message).toBe(
      `Invalid option \`on.${typo}\`: is not an event type (order.created, order.updated), so no delivery would reach it; did you mean \`${meant}\`?`,
    );
    expect((creationError({ secret, on: { 'shipment.created': () => {} } }) as Error).message).toBe(
      'Invalid option `on.shipment.created`: is not an event type (order.created, order.updated), so no delivery would reach it.',
    );
  });

  it('refuses an on that handles no event type, which would acknowledge and drop every one', () => {
    for (const on of [{}, { 'order.created': undefined }, new (class Empty {})()]) {
      const caught = creationError({ secret, on });
      expect(caught).toBeInstanceOf(ConfigurationError);
      expect((caught as Error).message).toBe(
        'Invalid option `on`: has no handler for order.created or order.updated, so every delivery would be acknowledged and dropped',
      );
    }
  });

  it('calls the methods of a class instance given as on, with it as this', async () => {
    class OrderEvents {
      readonly upserted: string[] = [];
      async 'order.updated'(event: OrderEvent) {
        this.upserted.push(event.data.order.id);
      }
    }
    const on = new OrderEvents();
    const handler = createWebhookHandler({ secret, on });
    expect((await handler(delivery())).status).toBe(200);
    expect(on.upserted).toEqual(['1']);
    // A type it has a method for is checked as any handled type is.
    const broken = JSON.stringify({ id: 'b', type: 'order.updated', data: { order: { id: '1' } } });
    const headers = { 'X-Webhook-Signature': signWmsPayload(broken, secret) };
    const refused = await handler(
      new Request('https://x.example/hooks', { method: 'POST', headers, body: broken }),
    );
    expect([refused.status, await refused.text()]).toEqual([400, 'invalid_event']);
    expect(on.upserted).toEqual(['1']);
  });

  it('acknowledges a type without a handler without asking a seen store that is down', async () => {
    const down = () => Promise.reject(new Error('redis down'));
    const handler = createWebhookHandler({ secret, on: onCreated, seen: { has: down, add: down } });
    expect((await handler(delivery())).status).toBe(200);
  });

  it('says a tolerance in milliseconds is out of range, which would switch replay protection off', () => {
    expect((creationError({ secret, on: onCreated, tolerance: 300_000 }) as Error).message).toBe(
      'Invalid option `tolerance`: must be 0 to 86400 seconds, got 300000 (milliseconds?)',
    );
  });

  it('answers 413 to a body over maxBodyBytes, before its handler or its signature', async () => {
    const called = vi.fn();
    const handler = createWebhookHandler({
      secret,
      on: { 'order.updated': called },
      maxBodyBytes: body.length - 1,
    });
    const refused = await handler(delivery());
    expect([refused.status, await refused.text()]).toEqual([413, 'payload too large']);
    const fits = createWebhookHandler({ secret, on: { 'order.updated': called } });
    expect((await fits(delivery())).status).toBe(200);
    expect(called).toHaveBeenCalledOnce();
  });

  it('stops reading a streamed body at maxBodyBytes, however long the sender goes on', async () => {
    let pulled = 0;
    // 4 MB in 1 KB chunks: long enough to tell, short enough to end if read whole.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
        if (pulled === 4096) controller.close();
      },
    });
    const handler = createWebhookHandler({ secret, on: onCreated, maxBodyBytes: 10 * 1024 });
    const request = new Request('https://x.example/hooks', {
      method: 'POST',
      headers: { 'X-Webhook-Signature': signWmsPayload(body, secret) },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect((await handler(request)).status).toBe(413);
    expect(pulled).toBeLessThan(20);
  });

  it('refuses a request without a timely signature before reading its body', async () => {
    let pulled = 0;
    // No read ahead (highWaterMark 0): a pull is a read the handler asked for.
    const stream = () =>
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulled++;
            controller.enqueue(new TextEncoder().encode(body));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
    const handler = createWebhookHandler({ secret, on: onCreated });
    for (const headers of [{}, { 'X-Webhook-Signature': signWmsPayload(body, secret, 1) }]) {
      const request = new Request('https://x.example/hooks', {
        method: 'POST',
        headers,
        body: stream(),
        duplex: 'half',
      } as RequestInit);
      expect((await handler(request)).status).toBe(400);
    }
    expect(pulled).toBe(0);
  });
});
