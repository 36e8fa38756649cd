// The two writes whose answer the specification does not show (4.5, 4.6) succeed on any 2xx
// body of a foreign service: the SDK must not report a failure for work the service did.

import {
  createClient,
  ResponseValidationError,
  verifyWmsSignature,
  WMS_SIGNATURE_HEADER,
} from 'order-fulfillment-sdk';
import { describe, expect, it } from 'vitest';
import { foreignClient, HOST, json, SECRET } from './service.js';

// Each body a FastAPI service could plausibly answer with, and what the SDK returns for it.
const fulfillmentAnswers: [string, () => Response, unknown][] = [
  [
    'a 200 with the mock’s shape',
    () => json({ status: 'applied', order_id: '7' }),
    { status: 'applied', order_id: '7' },
  ],
  ['a 200 with {}', () => json({}), {}],
  ['a 200 with {"ok": true}', () => json({ ok: true }), { ok: true }],
  [
    'a 202 with {"status": "accepted"}',
    () => json({ status: 'accepted' }, 202),
    { status: 'accepted' },
  ],
  [
    'a numeric order_id',
    () => json({ status: 'applied', order_id: 7 }),
    { status: 'applied', order_id: 7 },
  ],
  [
    'a numeric status and a message',
    () => json({ status: 200, order_id: 'o1', message: 'updated' }),
    { status: 200, order_id: 'o1', message: 'updated' },
  ],
  ['a JSON null', () => json(null), {}],
  ['a JSON string', () => json('OK'), {}],
  ['a 200 with an empty body', () => new Response('', { status: 200 }), {}],
];

describe('fulfillment.notifyShipped against a foreign service', () => {
  it.each(fulfillmentAnswers)('succeeds on %s', async (_, answer, expected) => {
    const { client, sent } = foreignClient(answer);
    const result = await client.fulfillment.notifyShipped({ inbound_order_id: '7' });
    expect(result).toEqual(expected);
    expect(sent).toHaveLength(1);
  });

  it('sends a shipped_at with any offset as the same instant in UTC, and signs what it sent', async () => {
    const cases: [string, string][] = [
      ['2026-06-15T11:30:00+02:00', '2026-06-15T09:30:00Z'],
      ['2026-06-15T09:30:00.123456+00:00', '2026-06-15T09:30:00.123456Z'],
      ['2026-06-15T09:30:00Z', '2026-06-15T09:30:00Z'],
      ['2026-06-15T00:15:00.5-03:30', '2026-06-15T03:45:00.5Z'],
      ['2026-01-01T01:00:00+02:00', '2025-12-31T23:00:00Z'],
    ];
    for (const [given, wire] of cases) {
      const { client, sent } = foreignClient(() => json({}));
      await client.fulfillment.notifyShipped({ inbound_order_id: '7' }, { shipped_at: given });
      const [request] = sent;
      expect(JSON.parse(request?.body ?? '').shipped_at, given).toBe(wire);
      const header = request?.headers.get(WMS_SIGNATURE_HEADER) ?? '';
      expect(() => verifyWmsSignature(request?.body ?? '', header, SECRET)).not.toThrow();
    }
  });
});

const subscriptionAnswers: [string, () => Response, unknown][] = [
  [
    'the mock’s stored record',
    () =>
      json({ id: 'wh_1', url: 'https://wms.test/h', events: ['order.created'], secret: 's' }, 201),
    { id: 'wh_1', url: 'https://wms.test/h', events: ['order.created'], secret: 's' },
  ],
  [
    'a numeric id',
    () => json({ id: 12, url: 'https://wms.test/h' }, 201),
    { id: 12, url: 'https://wms.test/h' },
  ],
  ['{}', () => json({}, 201), {}],
  [
    'an event kind the SDK does not know',
    () => json({ events: ['order.deleted'] }),
    { events: ['order.deleted'] },
  ],
  [
    'nulls',
    () => json({ id: 'w', secret: null, created_at: null }),
    { id: 'w', secret: null, created_at: null },
  ],
  ['a 201 with an empty body', () => new Response('', { status: 201 }), {}],
  [
    'fields of other types, keeping the secret',
    () =>
      json({ id: 9, secret: 'whsec_abc', created_at: 1767225600, events: 'order.created' }, 201),
    { id: 9, secret: 'whsec_abc', created_at: 1767225600, events: 'order.created' },
  ],
];

describe('webhooks.create against a foreign service', () => {
  it.each(subscriptionAnswers)('succeeds on %s, sending once', async (_, answer, expected) => {
    const { client, sent } = foreignClient(answer);
    const subscription = await client.webhooks.create({
      url: 'https://wms.test/h',
      events: ['order.created'],
    });
    expect(subscription).toEqual(expected);
    expect(sent).toHaveLength(1);
  });
});

describe('a 2xx HTML page in place of the service’s answer', () => {
  // A proxy's maintenance page or a web app's catch-all route answering the POST with 200:
  // the service never saw the request, so reporting a success would lose the notification.
  const pages: [string, () => Response][] = [
    [
      'text/html',
      () =>
        new Response('<!doctype html><title>Down</title>', {
          headers: { 'content-type': 'text/html' },
        }),
    ],
    ['markup without a content type', () => new Response('<html><body>maintenance</body></html>')],
  ];

  it.each(pages)('fails notifyShipped and webhooks.create on %s', async (_, answer) => {
    const { client } = foreignClient(answer);
    const calls = [
      client.fulfillment.notifyShipped({ inbound_order_id: '7' }),
      client.webhooks.create({ url: 'https://wms.test/h', events: ['order.created'] }),
    ];
    for (const call of calls) {
      const error = await call.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).message).toMatch(
        /→ 200: .*the body is an HTML page, not the service's answer: is hostUrl the service's address/,
      );
    }
  });
});

describe('a foreign service’s error', () => {
  it('is still an error after a write: a 2xx is the only success', async () => {
    const client = createClient({
      hostUrl: HOST,
      apiKey: 'k',
      retry: 0,
      fetch: async () => json({ detail: 'nope' }, 409),
    });
    await expect(
      client.webhooks.create({ url: 'https://wms.test/h', events: ['order.updated'] }),
    ).rejects.toMatchObject({ status: 409 });
  });
});
