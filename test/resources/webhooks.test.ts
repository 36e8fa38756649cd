// POST /webhooks against the mock, in-process (msw) and over real HTTP, and the signed
// deliveries that follow.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { MOCK_API_KEY, WEBHOOK_SIGNATURE_HEADER } from '../../mock/index.js';
import {
  createClient,
  OrderEventSchema,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  ValidationError,
  verifyWmsSignature,
  WebhookSubscriptionCreateSchema,
  WebhooksClient,
} from '../../src/index.js';
import { TRANSPORTS, useMock } from '../support/mock.js';

interface Delivery {
  body: string;
  signature: string | null;
}

/** A receiving endpoint: msw in-process, a real socket over HTTP. */
async function receiver(
  transport: string,
  server: ReturnType<typeof useMock>['server'],
): Promise<{ url: string; received: Delivery[]; close(): Promise<void> }> {
  const received: Delivery[] = [];
  if (server) {
    const url = 'https://wms.example.test/hooks/orders';
    server.use(
      http.post(url, async ({ request }) => {
        received.push({
          body: await request.text(),
          signature: request.headers.get(WEBHOOK_SIGNATURE_HEADER),
        });
        return HttpResponse.json({ ok: true });
      }),
    );
    return { url, received, close: async () => undefined };
  }
  const listener = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string | null,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  expect(transport).toBe('http');
  return {
    url: `http://127.0.0.1:${port}/hooks/orders`,
    received,
    close: () => new Promise((resolve) => listener.close(() => resolve())),
  };
}

describe.each(TRANSPORTS)('webhooks over %s', (transport) => {
  const { start, server } = useMock(transport);

  it('creates a subscription whose deliveries are signed with its secret', async () => {
    const { mock, hostUrl } = await start({ orders: 3 });
    const endpoint = await receiver(transport, server);
    try {
      const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
      const subscription = await client.webhooks.create({
        url: endpoint.url,
        events: ['order.updated'],
      });
      expect(subscription).toMatchObject({ url: endpoint.url, events: ['order.updated'] });
      expect(mock.subscriptions.map((stored) => stored.id)).toEqual([subscription.id]);
      const [order] = mock.orders.all();
      mock.orders.update(order?.id ?? '', { status: 'Packed' });
      mock.orders.create();
      await mock.flushDeliveries();
      expect(endpoint.received).toHaveLength(1);
      const [delivery] = endpoint.received;
      verifyWmsSignature(delivery?.body ?? '', delivery?.signature, subscription.secret ?? '', {
        now: mock.clock.now(),
      });
      const event = OrderEventSchema.parse(JSON.parse(delivery?.body ?? ''));
      expect(event.type).toBe('order.updated');
      expect(event.data.order).toMatchObject({ id: order?.id, status: 'Packed' });
    } finally {
      await endpoint.close();
    }
  });

  it('needs the webhooks:manage scope', async () => {
    const { mock, hostUrl } = await start({
      apiKeys: [{ key: 'k_read', scopes: ['orders:read'] }],
    });
    const webhooks = new WebhooksClient({ hostUrl, apiKey: 'k_read' });
    await expect(
      webhooks.create({ url: 'https://wms.example.test/h', events: ['order.created'] }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(mock.subscriptions).toHaveLength(0);
  });

  it('checks the subscription before sending it', async () => {
    const { mock, hostUrl } = await start();
    const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
    await expect(
      client.webhooks.create({ url: '/relative', events: ['order.created'] }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      client.webhooks.create({ url: 'https://wms.example.test/h', events: [] }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(mock.subscriptions).toHaveLength(0);
  });

  // A 429 is a refusal (specification 7): waiting it out cannot subscribe twice. A 503 gives
  // no such promise, so it ends the call as a lost answer would.
  it('waits out a 429 and subscribes once; ends on a 503 without retrying', async () => {
    const { mock, hostUrl } = await start();
    const path = '/api/v1/web-api/v1/webhooks';
    const retry = { limit: 3, delay: () => 0 };
    const client = createClient({ hostUrl, apiKey: MOCK_API_KEY, retry, logLevel: 'off' });
    const create = { url: 'https://wms.example.test/h', events: ['order.created' as const] };
    mock.faults.add({ path, status: 429, headers: { 'Retry-After': '0' }, times: 2 });
    const subscription = await client.webhooks.create(create);
    expect(mock.subscriptions.map((stored) => stored.id)).toEqual([subscription.id]);
    expect(mock.requests.map((entry) => entry.status)).toEqual([429, 429, 201]);

    mock.requests.clear();
    mock.faults.add({ path, status: 503, headers: { 'Retry-After': '0' }, times: 1 });
    await expect(client.webhooks.create(create)).rejects.toBeInstanceOf(ServerError);
    mock.faults.add({ path, status: 429, headers: { 'Retry-After': '0' } });
    await expect(client.webhooks.create(create)).rejects.toBeInstanceOf(RateLimitError);
    expect(mock.requests.map((entry) => entry.status)).toEqual([503, 429, 429, 429, 429]);
    expect(mock.subscriptions).toHaveLength(1);
  });
});

describe('the subscription URL check', () => {
  // What WHATWG URL parsing reads as an absolute http(s) URL, as a browser or fetch would.
  it.each([
    'https://wms.example.com/hooks',
    'http://localhost:3000/h',
    'http://127.0.0.1:8080/h?x=1#y',
    'https://[::1]/h',
    'http://[2001:db8::7]:9000/hooks',
    'https://xn--bcher-kva.example/h',
    'https://bücher.example/',
    'https://under_score.example.com/',
    'https://user:pass@example.com/',
    'HTTPS://EXAMPLE.COM/',
  ])('accepts %s', (url) => {
    expect(
      WebhookSubscriptionCreateSchema.safeParse({ url, events: ['order.created'] }).success,
    ).toBe(true);
  });

  it.each([
    'ftp://example.com/',
    'mailto:someone@example.com',
    'example.com/hooks',
    '/relative',
    'https://',
    'https://exa mple.com/',
    'https://[::1/h',
    '',
  ])('rejects %j as z.url would, with its issue', (url) => {
    const result = WebhookSubscriptionCreateSchema.safeParse({ url, events: ['order.created'] });
    expect(result.error?.issues).toMatchObject([
      { code: 'invalid_format', format: 'url', path: ['url'] },
    ]);
  });
});
