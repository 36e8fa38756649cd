// Every X-WMS-Signature rejection of the inbound endpoint, each leaving the store untouched.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createMockService, MOCK_SIGNING_SECRET } from '../../../mock/index.js';
import { WMS_SIGNATURE_PATTERN } from '../../../mock/routes/fulfillment.js';
import { signWmsPayload } from '../../../src/signatures/index.js';
import { NOW, NOW_SECONDS, notification, postInbound, snapshot } from '../../support/inbound.js';
import { reach, TRANSPORTS, type Transport, useMswServer } from '../../support/mock.js';

const server = useMswServer();

async function setup(transport: Transport, signingSecret?: string | null) {
  const mock = createMockService({
    orders: 30,
    ...(signingSecret !== undefined ? { signingSecret } : {}),
  });
  mock.clock.set(NOW);
  const target = await reach(server, mock, transport);
  const raw = JSON.stringify(notification({ inbound_order_id: '3' }));
  return { mock, target, raw, before: snapshot(mock) };
}

describe.each(TRANSPORTS)('inbound signature (%s)', (transport) => {
  it.each([
    ['a tampered body', (raw: string) => ({ send: raw.replace('09:30', '09:31'), signed: raw })],
    [
      'a re-serialized body (same JSON, other whitespace)',
      (raw: string) => ({ send: JSON.stringify(JSON.parse(raw), null, 2), signed: raw }),
    ],
    ['another secret', (raw: string) => ({ send: raw, signed: raw, secret: 'not-the-secret' })],
  ])('rejects %s with 401 signature_mismatch', async (_name, make) => {
    const { mock, target, raw, before } = await setup(transport);
    const { send, signed, secret } = make(raw) as { send: string; signed: string; secret?: string };
    const res = await postInbound(target, send, { signed, ...(secret ? { secret } : {}) });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/^Signature rejected \(signature_mismatch\)/);
    expect(snapshot(mock)).toBe(before);
  });

  it('tells a mismatch nothing about the secret, padded with whitespace as it is', async () => {
    const { target, raw } = await setup(transport, ' padded-secret ');
    const res = await postInbound(target, raw, { signed: raw, secret: 'padded-secret' });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/^Signature rejected \(signature_mismatch\)/);
    expect(res.body.detail).not.toMatch(/whitespace|padded/);
  });

  it.each([
    ['before 1970', '1969-12-31T23:00:00Z', 'timestamp_in_future'],
    ['past the year 5138', '6000-01-01T00:00:00Z', 'timestamp_too_old'],
  ])(
    'refuses every signature with a 401 saying why while the clock stands %s',
    async (_, at, reason) => {
      const { mock, target, raw } = await setup(transport);
      mock.clock.set(at);
      const before = snapshot(mock);
      const res = await postInbound(target, raw, { t: 0 });
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe(
        `Signature rejected (${reason}): The mock clock (${new Date(at).toISOString()}) lies outside 1970 to the year 5138, where a signature's t is read as Unix seconds: no t is within the window. Set the clock inside it to test signatures.`,
      );
      expect(snapshot(mock)).toBe(before);
    },
  );

  it('rejects a t more than 5 minutes old (by the mock clock)', async () => {
    const { mock, target, raw, before } = await setup(transport);
    const res = await postInbound(target, raw, { t: NOW_SECONDS - 301 });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/timestamp_too_old/);
    expect(snapshot(mock)).toBe(before);
  });

  it('rejects a t more than 5 minutes in the future', async () => {
    const { mock, target, raw, before } = await setup(transport);
    const res = await postInbound(target, raw, { t: NOW_SECONDS + 301 });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/timestamp_in_future/);
    expect(snapshot(mock)).toBe(before);
  });

  it('accepts t at the edges of the window', async () => {
    const { target, raw } = await setup(transport);
    expect((await postInbound(target, raw, { t: NOW_SECONDS - 300 })).status).toBe(200);
    expect((await postInbound(target, raw, { t: NOW_SECONDS + 300 })).status).toBe(200);
  });

  it('rejects a missing header', async () => {
    const { mock, target, raw, before } = await setup(transport);
    const res = await postInbound(target, raw, { header: null });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/missing_header/);
    expect(snapshot(mock)).toBe(before);
  });

  it.each(['garbage', 't=abc,v1=00', 'v1=deadbeef', `t=${1781517600}`])(
    'rejects the malformed header %j',
    async (header) => {
      const { mock, target, raw, before } = await setup(transport);
      const res = await postInbound(target, raw, { header });
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/malformed_header/);
      expect(snapshot(mock)).toBe(before);
    },
  );

  // docs/openapi.json allows `t=<unix>,v1=<hex>` only (more v1 may follow): a hand-written
  // signer that orders or spaces its parts otherwise must fail here as on the service.
  it.each([
    ['v1 before t', (t: string, v1: string) => `${v1},${t}`],
    ['a space after the comma', (t: string, v1: string) => `${t}, ${v1}`],
    ['spaces around =', (t: string, v1: string) => `${t.replace('=', ' = ')},${v1}`],
    ['another scheme beside v1', (t: string, v1: string) => `${t},v0=00,${v1}`],
    ['a trailing comma', (t: string, v1: string) => `${t},${v1},`],
    ['a header given twice', (t: string, v1: string) => `${t},${v1}, ${t},${v1}`],
    ['upper-case hex', (t: string, v1: string) => `${t},${v1.toUpperCase().replace('V1', 'v1')}`],
  ])('rejects a correctly signed header with %s as malformed_header', async (_, form) => {
    const { mock, target, raw, before } = await setup(transport);
    const [t = '', v1 = ''] = signWmsPayload(raw, MOCK_SIGNING_SECRET, NOW_SECONDS).split(',');
    const res = await postInbound(target, raw, { header: form(t, v1) });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(
      /^Signature rejected \(malformed_header\): .*t=<unix seconds>,v1=<hex>/,
    );
    expect(snapshot(mock)).toBe(before);
    const signed = await postInbound(target, raw, { header: `${t},v1=00,${v1}` });
    expect(signed).toMatchObject({ status: 200, body: { status: 'applied', order_id: '3' } });
  });

  it('accepts nothing when no signing secret is configured', async () => {
    const { mock, target, raw, before } = await setup(transport, null);
    const res = await postInbound(target, raw);
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/No signing secret is configured/);
    expect(snapshot(mock)).toBe(before);
  });

  it('checks the signature before parsing the body', async () => {
    const { target } = await setup(transport);
    const res = await postInbound(target, '{not json', { header: null });
    expect(res.status).toBe(401);
  });

  it('verifies the exact bytes, including unusual whitespace and non-ASCII text', async () => {
    const { mock, target } = await setup(transport, 'another-secret');
    const raw = `{ "olay":"order.fulfilled",\n\t"inbound_order_id" : "3", "note": "İstanbul ✓",
      "status": "shipped", "shipped_at": "2026-06-15T09:30:00Z" }`;
    const res = await postInbound(target, raw, { secret: 'another-secret' });
    expect(res.status).toBe(200);
    expect(mock.orders.get('3')?.status).toBe('shipped');
  });
});

describe('the X-WMS-Signature form', () => {
  it('is the pattern docs/openapi.json gives the header, exactly', async () => {
    const document = JSON.parse(
      await readFile(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
    );
    const operation = document.paths['/api/v1/webhooks/wms/fulfillment'].post;
    const header = operation.parameters.find((p: { name: string }) => p.name === 'X-WMS-Signature');
    expect(header.schema.pattern).toBe(WMS_SIGNATURE_PATTERN.source);
    expect(WMS_SIGNATURE_PATTERN.flags).toBe('');
  });
});
