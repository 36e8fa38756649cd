// unwrapWebhook: a delivery's raw body and headers in, a checked order event or a typed
// error with a reason out.
import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  OrderFulfillmentError,
  SignatureVerificationError,
  signWmsPayload,
  unwrapWebhook,
  WebhookPayloadError,
} from '../../src/index.js';

const secret = 'whsec_receiver_test';
const event = {
  id: 'evt_1',
  type: 'order.updated',
  created_at: '2026-11-22T10:15:02.331Z',
  data: {
    order: {
      id: '1042',
      updated_at: '2026-11-22T10:00:00Z',
      status: 'shipped',
      extra_field: { nested: true },
    },
  },
  delivered_by: 'a field the SDK does not know',
};
const raw = JSON.stringify(event);

async function failure(run: () => Promise<unknown>): Promise<OrderFulfillmentError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(OrderFulfillmentError);
    return error as OrderFulfillmentError;
  }
  throw new Error('expected a failure');
}

describe('unwrapWebhook', () => {
  const header = signWmsPayload(raw, secret);

  it('reads the signature from Headers, a plain object in any case, and node’s array form, sent once or twice', async () => {
    const [t, v1] = header.split(',') as [string, string];
    for (const headers of [
      new Headers({ 'X-Webhook-Signature': header }),
      { 'x-webhook-signature': header },
      { 'X-WEBHOOK-SIGNATURE': header, 'content-type': 'application/json' },
      { 'x-webhook-signature': [t, v1] },
      // Sent twice: both forms join the copies into one list.
      new Headers([
        ['X-Webhook-Signature', header],
        ['X-Webhook-Signature', header],
      ]),
      { 'x-webhook-signature': [header, header] },
    ]) {
      expect(await unwrapWebhook(raw, headers, secret)).toEqual(event);
    }
  });

  it('takes the body as a string, bytes or an ArrayBuffer, and keeps fields it does not check', async () => {
    const bytes = new TextEncoder().encode(raw);
    for (const body of [raw, bytes, bytes.buffer]) {
      const got = await unwrapWebhook(body, { 'x-webhook-signature': header }, secret);
      expect(got).toEqual(event);
      expect((got as unknown as typeof event).delivered_by).toBe(event.delivered_by);
    }
  });

  it('gives a body with a leading byte-order mark one outcome as a string or as bytes', async () => {
    for (const [marked, outcome] of [
      [`\ufeff${raw}`, 'event'],
      [`\ufeff\ufeff${raw}`, 'invalid_json'], // TextDecoder drops only the first, too
    ] as const) {
      const headers = { 'x-webhook-signature': signWmsPayload(marked, secret) };
      const bytes = new TextEncoder().encode(marked);
      for (const body of [marked, bytes, bytes.buffer]) {
        const got = await unwrapWebhook(body, headers, secret).catch((error) => error.reason);
        expect(got).toEqual(outcome === 'event' ? event : outcome);
      }
    }
  });

  it('accepts an event with only what a receiver relies on, and an event type it does not know', async () => {
    const minimal = JSON.stringify({
      id: 'evt_2',
      type: 'order.deleted',
      data: { order: { id: '7', updated_at: '2026-11-22T10:00:00Z' } },
    });
    const got = await unwrapWebhook(
      minimal,
      { 'x-webhook-signature': signWmsPayload(minimal, secret) },
      secret,
    );
    expect(got).toEqual({
      id: 'evt_2',
      type: 'order.deleted',
      data: { order: { id: '7', updated_at: '2026-11-22T10:00:00Z' } },
    });
  });

  it('names X-Webhook-Signature when the header is missing', async () => {
    for (const headers of [
      {},
      new Headers(),
      { 'x-webhook-signature': '' },
      { 'x-wms-signature': header },
    ]) {
      const error = await failure(() => unwrapWebhook(raw, headers, secret));
      expect(error).toBeInstanceOf(SignatureVerificationError);
      expect((error as SignatureVerificationError).reason).toBe('missing_header');
      expect(error.message).toContain('X-Webhook-Signature');
    }
  });

  it('reads the header named by headerName instead, and names it when it is missing', async () => {
    const options = { headerName: 'X-WMS-Signature' };
    await expect(
      unwrapWebhook(raw, { 'x-wms-signature': header }, secret, options),
    ).resolves.toEqual(event);
    const error = await failure(() =>
      unwrapWebhook(raw, { 'x-webhook-signature': header }, secret, options),
    );
    expect((error as SignatureVerificationError).reason).toBe('missing_header');
    expect(error.message).toContain('X-WMS-Signature');
  });

  it.each([
    ['signature_mismatch', raw.replace('1042', '1043'), header, secret],
    ['signature_mismatch', raw, header, 'whsec_other'],
    ['malformed_header', raw, 'v1=abc', secret],
    ['timestamp_too_old', raw, signWmsPayload(raw, secret, 1_000_000_000), secret],
    ['no_secret', raw, header, ''],
  ])('rejects with %s before reading the body', async (reason, body, value, key) => {
    const error = await failure(() => unwrapWebhook(body, { 'x-webhook-signature': value }, key));
    expect(error).toBeInstanceOf(SignatureVerificationError);
    expect((error as SignatureVerificationError).reason).toBe(reason);
  });

  it('rejects a parsed body as invalid_payload', async () => {
    const error = await failure(() =>
      unwrapWebhook(event as never, { 'x-webhook-signature': header }, secret),
    );
    expect((error as SignatureVerificationError).reason).toBe('invalid_payload');
  });

  it('turns a signed body that is not JSON into invalid_json, never a bare SyntaxError', async () => {
    for (const body of ['{"id":', '', 'not json']) {
      const error = await failure(() =>
        unwrapWebhook(body, { 'x-webhook-signature': signWmsPayload(body, secret) }, secret),
      );
      expect(error).toBeInstanceOf(WebhookPayloadError);
      expect((error as WebhookPayloadError).reason).toBe('invalid_json');
      // No field is at fault: a handler that lists the issues finds none, not undefined.
      expect((error as WebhookPayloadError).issues).toEqual([]);
    }
  });

  it.each([
    ['data.order.id', { id: 'evt_1', type: 'order.updated', data: { order: {} } }],
    ['data.order.id', { id: 'evt_1', type: 'order.updated', data: { order: { id: 42 } } }],
    ['data.order.updated_at', { id: 'evt_1', type: 'order.updated', data: { order: { id: '1' } } }],
    [
      'data.order.updated_at',
      { id: 'evt_1', type: 'order.updated', data: { order: { id: '1', updated_at: 17 } } },
    ],
    ['data', { id: 'evt_1', type: 'order.updated' }],
    ['id', { type: 'order.updated', data: { order: { id: '1' } } }],
    ['id', { id: '', type: 'order.updated', data: { order: { id: '1' } } }],
    ['type', { id: 'evt_1', data: { order: { id: '1' } } }],
    ['', ['an', 'array']],
    ['', null],
  ])('names %s when a signed event lacks what a receiver relies on', async (path, value) => {
    const body = JSON.stringify(value);
    const error = await failure(() =>
      unwrapWebhook(body, { 'x-webhook-signature': signWmsPayload(body, secret) }, secret),
    );
    expect(error).toBeInstanceOf(WebhookPayloadError);
    expect((error as WebhookPayloadError).reason).toBe('invalid_event');
    expect((error as WebhookPayloadError).issues.map((issue) => issue.path)).toContain(path);
  });

  it.each([
    ['toleranceSecond', { toleranceSecond: 600 }, '; did you mean `toleranceSeconds`?'],
    ['headername', { headername: 'X-Webhook-Signature' }, '; did you mean `headerName`?'],
    ['tolerence', { tolerence: 600 }, ' (toleranceSeconds, now, headerName).'],
  ])(
    'refuses a misspelt %s before it verifies or returns anything',
    async (typo, options, hint) => {
      const error = await failure(() =>
        unwrapWebhook(raw, { 'x-webhook-signature': header }, secret, options as never),
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe(typo);
      expect(error.message).toBe(
        `Invalid option \`${typo}\`: is not an option of unwrapWebhook${hint}`,
      );
      // Refused before the signature is looked at: without one it still names the option.
      const unsigned = await failure(() => unwrapWebhook(raw, {}, secret, options as never));
      expect(unsigned).toBeInstanceOf(ConfigurationError);
    },
  );

  it('words each issue as the SDK words every response issue', async () => {
    const cases: [unknown, string][] = [
      [['an', 'array'], 'expected object, received array'],
      [
        { id: '', type: 5 },
        'id: must be at least 1 character; type: expected string, received number; data: required, expected object',
      ],
      [{ id: 'e', type: 't', data: null }, 'data: expected object, received null'],
      [
        { id: 'e', type: 't', data: { order: { id: null, updated_at: [] } } },
        'data.order.id: expected string, received null; data.order.updated_at: expected string, received array',
      ],
    ];
    for (const [value, issues] of cases) {
      const body = JSON.stringify(value);
      const error = await failure(() =>
        unwrapWebhook(body, { 'x-webhook-signature': signWmsPayload(body, secret) }, secret),
      );
      expect((error as Error).message).toBe(`The webhook body is not an order event: ${issues}`);
    }
  });

  it('returns the event as sent: an empty updated_at is a string, and every other field is kept', async () => {
    const event = {
      extra: { a: 1 },
      type: 'order.updated',
      id: 'evt_1',
      data: { order: { id: '1', updated_at: '', status: 'new' }, more: [1] },
    };
    const body = JSON.stringify(event);
    const headers = { 'x-webhook-signature': signWmsPayload(body, secret) };
    expect(await unwrapWebhook(body, headers, secret)).toEqual(event);
  });

  it('names the type of an event it cannot check, so a receiver can acknowledge a new kind', async () => {
    const cases: [unknown, string | undefined][] = [
      [
        { id: 'evt_p', type: 'product.stock_changed', data: { product: { id: 5 } } },
        'product.stock_changed',
      ],
      [{ type: 'ping' }, 'ping'],
      [{ id: 'evt_1', type: 'order.updated', data: { order: {} } }, 'order.updated'],
      [{ id: 'evt_1', type: '' }, undefined],
      [{ id: 'evt_1', type: 5 }, undefined],
      [null, undefined],
    ];
    for (const [value, eventType] of cases) {
      const body = JSON.stringify(value);
      const error = await failure(() =>
        unwrapWebhook(body, { 'x-webhook-signature': signWmsPayload(body, secret) }, secret),
      );
      expect(error).toMatchObject({ reason: 'invalid_event', eventType });
    }
    const notJson = await failure(() =>
      unwrapWebhook('{', { 'x-webhook-signature': signWmsPayload('{', secret) }, secret),
    );
    expect(notJson).toMatchObject({ reason: 'invalid_json', eventType: undefined });
  });

  it('keeps the secret and the signature out of every message', async () => {
    const messages: string[] = [];
    for (const key of [secret, 'whsec_other']) {
      for (const value of [header, 'garbage', `${header},v1=${'0'.repeat(64)}`]) {
        try {
          await unwrapWebhook('{}', { 'x-webhook-signature': value }, key);
        } catch (error) {
          messages.push((error as Error).message);
        }
      }
    }
    expect(messages).toHaveLength(6);
    for (const message of messages) {
      expect(message).not.toContain(secret);
      expect(message).not.toContain(header.split('v1=')[1]);
    }
  });
});
