// createWebhookHandler: the answers the service's retry rule needs (duplicates are in
// handler-seen.test.ts).
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  createWebhookHandler,
  type OrderEvent,
  signWmsPayload,
  WebhookBodyConsumedError,
  type WebhookEventHandlers,
} from '../../src/index.js';
import {
  orderEventDelivery as delivery,
  RECEIVER_SECRET as secret,
} from '../support/signed-delivery.js';

describe('createWebhookHandler', () => {
  it('answers 200 after the handler for the event’s type resolved', async () => {
    const handled: string[] = [];
    let finished = false;
    const handler = createWebhookHandler({
      secret,
      on: {
        'order.updated': async (event) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          handled.push(`${event.type} ${event.data.order.id}`);
          finished = true;
        },
      },
    });
    const response = await handler(delivery('evt_1'));
    expect(finished).toBe(true);
    expect(response.status).toBe(200);
    expect(handled).toEqual(['order.updated 1042']);
  });

  it('answers 400 with the reason for a bad signature or body, calling nothing', async () => {
    const called = vi.fn();
    const handler = createWebhookHandler({
      secret,
      on: { 'order.updated': called, 'order.created': called },
    });
    const unsigned = new Request('https://x.example/hooks', { method: 'POST', body: '{}' });
    const notJson = new Request('https://x.example/hooks', {
      method: 'POST',
      headers: { 'x-webhook-signature': signWmsPayload('nope', secret) },
      body: 'nope',
    });
    const noOrder = new Request('https://x.example/hooks', {
      method: 'POST',
      headers: {
        'x-webhook-signature': signWmsPayload('{"id":"e","type":"order.updated"}', secret),
      },
      body: '{"id":"e","type":"order.updated"}',
    });
    const answers = [];
    for (const request of [
      delivery('evt_1', 'order.updated', '1', 'whsec_forged'),
      unsigned,
      notJson,
      noOrder,
    ]) {
      const response = await handler(request);
      answers.push([response.status, await response.text()]);
    }
    expect(answers).toEqual([
      [400, 'signature_mismatch'],
      [400, 'missing_header'],
      [400, 'invalid_json'],
      [400, 'invalid_event'],
    ]);
    expect(called).not.toHaveBeenCalled();
  });

  it('answers 5xx when the handler throws, and runs it again on the retry', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const handler = createWebhookHandler({
      secret,
      on: {
        'order.updated': () => {
          calls++;
          if (calls === 1) throw new Error('database down');
        },
      },
      onError: (error) => errors.push(error),
    });
    expect((await handler(delivery('evt_1'))).status).toBe(500);
    expect((await handler(delivery('evt_1'))).status).toBe(200);
    expect((await handler(delivery('evt_1'))).status).toBe(200);
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('database down')]);
  });

  it('acknowledges an event type without a handler, and never calls inherited properties', async () => {
    const called = vi.fn();
    const handler = createWebhookHandler({ secret, on: { 'order.created': called } });
    for (const type of [
      'order.updated',
      'order.refunded',
      'constructor',
      '__proto__',
      'toString',
    ]) {
      expect((await handler(delivery(`evt_${type}`, type))).status).toBe(200);
    }
    expect(called).not.toHaveBeenCalled();
  });

  it('acknowledges an event type added since whatever it carries, and refuses one it handles', async () => {
    const called = vi.fn();
    const handler = createWebhookHandler({ secret, on: { 'order.created': called } });
    const signed = (event: object) => {
      const body = JSON.stringify(event);
      const headers = { 'X-Webhook-Signature': signWmsPayload(body, secret) };
      return new Request('https://wms.example.com/hooks', { method: 'POST', headers, body });
    };
    // Kinds without an order, or with one the receiver could not upsert: nothing reads them.
    for (const event of [
      { id: 'evt_p', type: 'product.stock_changed', data: { product: { id: 5, stock: 0 } } },
      { id: 'evt_d', type: 'order.deleted', data: { order: { id: '7' } } },
      { type: 'ping' },
      // A name Object.prototype has is no handler of this receiver either.
      { id: 'evt_s', type: 'toString' },
    ]) {
      const response = await handler(signed(event));
      expect([response.status, await response.text()]).toEqual([200, 'ok']);
    }
    const broken = signed({ id: 'evt_c', type: 'order.created', data: { order: { id: '7' } } });
    const refused = await handler(broken);
    expect([refused.status, await refused.text()]).toEqual([400, 'invalid_event']);
    for (const event of [{ id: 'evt_n', type: 5 }, { id: 'evt_e', type: '' }, [], null]) {
      expect((await handler(signed(event as object))).status).toBe(400);
    }
    expect(called).not.toHaveBeenCalled();
  });

  it('names a body read before it (a middleware awaited request.json()) in its 500 and to onError', async () => {
    const handled = vi.fn();
    const onError = vi.fn();
    const handler = createWebhookHandler({ secret, on: { 'order.updated': handled }, onError });
    const request = delivery('evt_1');
    await request.json(); // what a framework's body-reading middleware does first
    const response = await handler(request);
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/read before the webhook receiver/);
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(WebhookBodyConsumedError);
    expect(handled).not.toHaveBeenCalled();
    // A forger learns nothing from it: a request without a valid signature still gets its 400.
    const unsigned = new Request('https://wms.example.com/hooks/orders', {
      method: 'POST',
      body: '{}',
    });
    await unsigned.text();
    expect((await handler(unsigned)).status).toBe(400);
  });

  it('answers 405 to anything but POST', async () => {
    const handler = createWebhookHandler({ secret, on: { 'order.created': () => {} } });
    const response = await handler(new Request('https://x.example/hooks'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('types each handler’s event by its key (checked by tsc)', () => {
    type CreatedEvent = Parameters<NonNullable<WebhookEventHandlers['order.created']>>[0];
    expectTypeOf<CreatedEvent['type']>().toEqualTypeOf<'order.created'>();
    expectTypeOf<CreatedEvent>().toExtend<OrderEvent>();
    expectTypeOf(createWebhookHandler).returns.toEqualTypeOf<
      (request: Request) => Promise<Response>
    >();
  });
});
