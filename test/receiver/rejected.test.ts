// createWebhookHandler's onRejected: each delivery answered 400 is reported with its error,
// so that a receiver set up wrong (its secret, its clock, the payload it expects) is seen at
// the first delivery; the report never changes the answer and carries no secret.
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import {
  createWebhookHandler,
  SignatureVerificationError,
  signWmsPayload,
  toNodeListener,
  WebhookPayloadError,
} from '../../src/index.js';
import { eachFailingCallback } from '../support/failing-callbacks.js';
import { spiedHandler } from '../support/signed-delivery.js';

const secret = 'whsec_rejected_test';
const order = { id: '1042', updated_at: '2026-11-22T10:00:00Z' };
const event = JSON.stringify({ id: 'evt_1', type: 'order.updated', data: { order } });

function delivery(body: string, signature: string | undefined): Request {
  const headers: Record<string, string> = signature ? { 'X-Webhook-Signature': signature } : {};
  return new Request('https://wms.example.com/hooks/orders', { method: 'POST', headers, body });
}

describe('createWebhookHandler onRejected', () => {
  it('is told why each delivery was answered 400, and of nothing else', async () => {
    const { handler, handled, onRejected, onError } = spiedHandler(secret);
    const noOrder = JSON.stringify({ id: 'evt_2', type: 'order.updated', data: {} });
    const newKind = JSON.stringify({ id: 'evt_3', type: 'order.archived', data: {} });
    const cases: [Request, number, string | undefined][] = [
      // The receiver's secret is not the subscription's: every genuine delivery fails so.
      [
        delivery(event, signWmsPayload(event, 'whsec_another_subscription')),
        400,
        'signature_mismatch',
      ],
      [
        delivery(event, signWmsPayload(event, secret, Math.floor(Date.now() / 1000) - 900)),
        400,
        'timestamp_too_old',
      ],
      [delivery(event, undefined), 400, 'missing_header'],
      [delivery(noOrder, signWmsPayload(noOrder, secret)), 400, 'invalid_event'],
      // Acknowledged, not rejected: a kind of event added since, and a handled one.
      [delivery(newKind, signWmsPayload(newKind, secret)), 200, undefined],
      [delivery(event, signWmsPayload(event, secret)), 200, undefined],
    ];
    for (const [request, status, reason] of cases) {
      onRejected.mockClear();
      const response = await handler(request);
      expect([response.status, await response.text()]).toEqual([status, reason ?? 'ok']);
      expect(onRejected.mock.calls.map(([error]) => error.reason)).toEqual(reason ? [reason] : []);
    }
    expect(handled).toHaveBeenCalledOnce();
    expect(onError).not.toHaveBeenCalled();
  });

  it('hands over the typed error, which names the likely cause but no secret or signature', async () => {
    const received: unknown[] = [];
    const handler = createWebhookHandler({
      secret,
      on: { 'order.updated': () => {} },
      onRejected: (error) => received.push(error),
    });
    const otherSecret = 'whsec_another_subscription';
    const signature = signWmsPayload(event, otherSecret);
    await handler(delivery(event, signature));
    const bad = JSON.stringify({ id: 'evt_2', type: 'order.updated', data: {} });
    const badSignature = signWmsPayload(bad, secret);
    await handler(delivery(bad, badSignature));

    const [mismatch, payload] = received;
    expect(mismatch).toBeInstanceOf(SignatureVerificationError);
    expect((mismatch as Error).message).toMatch(/or is the secret wrong\?$/);
    expect(payload).toBeInstanceOf(WebhookPayloadError);
    expect((payload as WebhookPayloadError).issues.map((issue) => issue.path)).toEqual([
      'data.order',
    ]);
    const v1 = (header: string) => header.split('v1=')[1] as string;
    for (const error of received as Error[]) {
      const everything = JSON.stringify({ ...error, message: error.message, stack: error.stack });
      for (const hidden of [secret, otherSecret, v1(signature), v1(badSignature)]) {
        expect(everything).not.toContain(hidden);
      }
    }
  });

  it('keeps the 400 when it throws or rejects, and the server up', async () => {
    await eachFailingCallback(async (onRejected) => {
      const handler = createWebhookHandler({
        secret,
        on: { 'order.updated': () => {} },
        onRejected,
      });
      const wrong = signWmsPayload(event, 'whsec_another_subscription');
      const response = await handler(delivery(event, wrong));
      expect([response.status, await response.text()]).toEqual([400, 'signature_mismatch']);

      // On node:http too: the listener answers 400, neither 500 nor a crash.
      const req = Object.assign(Readable.from([Buffer.from(event)]), {
        method: 'POST',
        url: '/hooks/orders',
        headers: { 'x-webhook-signature': wrong },
      });
      const res = { statusCode: 0, setHeader: () => {}, end: vi.fn() };
      const next = vi.fn();
      await toNodeListener(handler)(req, res, next);
      expect(res.statusCode).toBe(400);
      expect(next).not.toHaveBeenCalled();
    });
  });
});
