// Requests anyone on the internet can send a receiver without the secret, and bodies only the
// signer can: a target that URL refuses, a sender that goes away mid-body, bytes that are no
// UTF-8. Each is answered (never a hang, a crash passed on, or a report on the failure
// channel), and none reaches the handler.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  signWmsPayload,
  toNodeListener,
  unwrapWebhook,
  WebhookPayloadError,
} from '../../src/index.js';
import { rawExchange } from '../support/raw-http.js';
import { orderEventDelivery, RECEIVER_SECRET, spiedHandler } from '../support/signed-delivery.js';

const servers: Array<{ close(): unknown; closeAllConnections(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function listen(listener: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(listener);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

describe('a request target that URL refuses', () => {
  const targets = ['//a:99999/', 'http://[/'];

  it('is answered as any other, and its connection is not left hanging', async () => {
    const { handler, handled, onError } = spiedHandler();
    const port = await listen(toNodeListener(handler));
    for (const target of targets) {
      const answer = await rawExchange(
        port,
        `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect([target, answer.match(/^HTTP\/1\.1 \d+/gm)]).toEqual([target, ['HTTP/1.1 405']]);
    }
    const delivery = orderEventDelivery('evt_target');
    const body = await delivery.text();
    const signature = delivery.headers.get('x-webhook-signature');
    const answer = await rawExchange(
      port,
      `POST ${targets[0]} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n`,
      `X-Webhook-Signature: ${signature}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(handled).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('is answered under Express’s app.use, where it would reach next as a crash', async () => {
    const { handler } = spiedHandler();
    const next = vi.fn();
    const res = { statusCode: 0, setHeader: vi.fn(), end: vi.fn() };
    const req = Object.assign((async function* () {})(), {
      method: 'GET',
      url: targets[0],
      headers: {},
    });
    await toNodeListener(handler)(req, res, next);
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(405);
  });
});

describe('a crash before the body was read', () => {
  it('answers 500 and closes the connection, whose unread rest would hold up the next request', async () => {
    const port = await listen(toNodeListener(() => Promise.reject(new Error('boom'))));
    const answer = await rawExchange(
      port,
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{"partial":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 500/);
    expect(answer).toMatch(/^connection: close\r$/im);
  });
});

describe('a sender that goes away mid-body', () => {
  it('is answered 400 incomplete_body, and neither onError nor onRejected hears of it', async () => {
    const { handler, handled, onError, onRejected } = spiedHandler();
    const body = await orderEventDelivery('evt_cut').text();
    let sent = 0;
    const request = new Request('https://wms.example.com/hooks', {
      method: 'POST',
      headers: { 'X-Webhook-Signature': signWmsPayload(body, RECEIVER_SECRET) },
      body: new ReadableStream({
        pull(controller) {
          if (sent++ === 0) controller.enqueue(new TextEncoder().encode(body.slice(0, 20)));
          else controller.error(new TypeError('the connection closed'));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    const answer = await handler(request);
    expect([answer.status, await answer.text()]).toEqual([400, 'incomplete_body']);
    expect(handled).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(onRejected).not.toHaveBeenCalled();
  });

  it('over node:http, where the request stream fails with aborted', async () => {
    const { handler, onError, onRejected } = spiedHandler();
    const listener = toNodeListener(handler);
    const answered = new Promise<number>((resolve) => {
      void listen(async (req, res) => {
        await listener(req, res);
        resolve(res.statusCode);
      }).then((port) => {
        const body = '{"id":"evt_gone"}';
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n' +
              `X-Webhook-Signature: ${signWmsPayload(body, RECEIVER_SECRET)}\r\n\r\n${body}`,
          );
          setTimeout(() => socket.destroy(), 50);
        });
        socket.on('error', () => {});
      });
    });
    expect(await answered).toBe(400);
    expect(onError).not.toHaveBeenCalled();
    expect(onRejected).not.toHaveBeenCalled();
  });
});

describe('a signed body that is no UTF-8', () => {
  it('is refused as invalid_json, where its replaced bytes would read as another event’s id', async () => {
    const { handler, handled, onRejected } = spiedHandler();
    const json = (byte: number) => [
      ...new TextEncoder().encode('{"id":"evt_a'),
      byte,
      ...new TextEncoder().encode(
        '","type":"order.updated","data":{"order":{"id":"1","updated_at":"2026-11-22T10:00:00Z"}}}',
      ),
    ];
    for (const byte of [0xff, 0xfe]) {
      const body = new Uint8Array(json(byte));
      const headers = { 'X-Webhook-Signature': signWmsPayload(body, RECEIVER_SECRET) };
      const error = await unwrapWebhook(body, headers, RECEIVER_SECRET).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebhookPayloadError);
      expect((error as WebhookPayloadError).reason).toBe('invalid_json');
      const answer = await handler(
        new Request('https://wms.example.com/hooks', { method: 'POST', headers, body }),
      );
      expect([answer.status, await answer.text()]).toEqual([400, 'invalid_json']);
    }
    expect(handled).not.toHaveBeenCalled();
    expect(onRejected).toHaveBeenCalledTimes(2);
  });
});
