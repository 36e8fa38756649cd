// The signed inbound notification: body, signature, endpoint, retries, and what is refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOCK_API_KEY, MOCK_SIGNING_SECRET } from '../../mock/index.js';
import {
  AuthenticationError,
  ConfigurationError,
  ConflictError,
  createClient,
  FulfillmentClient,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  verifyWmsSignature,
} from '../../src/index.js';
import { FAST_RETRY, fakeFetch, HOST, json, KEY, SECRET } from '../support/fake-fetch.js';
import { TRANSPORTS, useMock } from '../support/mock.js';

const applied = { status: 'applied', order_id: 'ord_1' };
const INBOUND = `${HOST}/api/v1/webhooks/wms/fulfillment`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fulfillment.notifyShipped', () => {
  it('posts the signed notification to the inbound endpoint without the API key', async () => {
    const service = fakeFetch(() => json(applied));
    const client = createClient({
      hostUrl: `${HOST}/`,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
    });
    const result = await client.fulfillment.notifyShipped(
      { inbound_order_id: 'ord_1' },
      { shipped_at: '2026-11-22T01:55:45.123Z' },
    );
    expect(result).toEqual(applied);
    const [request] = service.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(INBOUND);
    expect(request?.headers.get('x-api-key')).toBeNull();
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toBe(
      '{"olay":"order.fulfilled","inbound_order_id":"ord_1","status":"shipped","shipped_at":"2026-11-22T01:55:45.123Z"}',
    );
    const header = request?.headers.get('x-wms-signature');
    expect(verifyWmsSignature(request?.body ?? '', header, SECRET).timestamp).toBeGreaterThan(0);
  });

  it('matches by source and external_ref, turns a Date into ISO UTC, and defaults shipped_at to now', async () => {
    const service = fakeFetch(() => json(applied));
    const fulfillment = new FulfillmentClient({
      hostUrl: HOST,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
    });
    await fulfillment.notifyShipped(
      { source: 'shopify', external_ref: '#1042' },
      { shipped_at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) },
    );
    expect(JSON.parse(service.requests[0]?.body ?? '')).toEqual({
      olay: 'order.fulfilled',
      source: 'shopify',
      external_ref: '#1042',
      status: 'shipped',
      shipped_at: '2026-01-02T03:04:05.000Z',
    });
    const before = Date.now();
    await fulfillment.notifyShipped({ inbound_order_id: 'ord_1' });
    const sent = Date.parse(JSON.parse(service.requests[1]?.body ?? '').shipped_at);
    expect(sent).toBeGreaterThanOrEqual(before - 1000);
  });

  it('signs each retry afresh, so a late retry stays inside the ±5 minute window', async () => {
    const start = Date.now();
    let clock = start;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const service = fakeFetch((_, index) => {
      // Ten minutes pass between the attempts.
      clock += 600_000;
      return index === 0 ? json({ detail: 'unavailable' }, 503) : json(applied);
    });
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
      retry: FAST_RETRY,
    });
    await client.fulfillment.notifyShipped(
      { inbound_order_id: 'ord_1' },
      { shipped_at: '2026-01-01T00:00:00Z' },
    );
    expect(service.requests).toHaveLength(2);
    const [first, second] = service.requests;
    expect(first?.body).toBe(second?.body);
    const firstHeader = first?.headers.get('x-wms-signature') ?? '';
    const secondHeader = second?.headers.get('x-wms-signature') ?? '';
    expect(secondHeader).not.toBe(firstHeader);
    const secondSentAt = Math.floor((start + 600_000) / 1000);
    expect(
      verifyWmsSignature(second?.body ?? '', secondHeader, SECRET, { now: secondSentAt }).timestamp,
    ).toBe(secondSentAt);
    expect(() =>
      verifyWmsSignature(first?.body ?? '', firstHeader, SECRET, { now: secondSentAt }),
    ).toThrow();
  });

  it('refuses to send without a signing secret', async () => {
    const service = fakeFetch(() => json(applied));
    const client = createClient({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    const error = await client.fulfillment
      .notifyShipped({ inbound_order_id: 'ord_1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('signingSecret');
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    ['no order key', {}, {}, 'body: name the order: inbound_order_id, or source with external_ref'],
    [
      'half a secondary key',
      { source: 'shopify' },
      {},
      'body.external_ref: source and external_ref must be given together',
    ],
    [
      'an empty id',
      { inbound_order_id: '' },
      {},
      'body.inbound_order_id: must be at least 1 character',
    ],
    [
      'an unknown key',
      { inbound_order_id: 'o', tracking_number: 'T' },
      {},
      'body.tracking_number: is not a parameter; expected one of olay, inbound_order_id, source, external_ref, status, shipped_at',
    ],
    [
      'a shipped_at without an offset',
      { inbound_order_id: 'o' },
      { shipped_at: '2026-01-01T00:00:00' },
      'body.shipped_at: must be an ISO 8601 date-time with Z or ±HH:MM',
    ],
    [
      'a shipped_at that is no date',
      { inbound_order_id: 'o' },
      { shipped_at: 'yesterday' },
      'body.shipped_at: must be an ISO 8601 date-time with Z or ±HH:MM',
    ],
    [
      'an invalid Date',
      { inbound_order_id: 'o' },
      { shipped_at: new Date(Number.NaN) },
      'body.shipped_at: is an invalid Date',
    ],
  ])('rejects %s before sending', async (_, target, options, message) => {
    const service = fakeFetch(() => json(applied));
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
    });
    const error = await client.fulfillment
      .notifyShipped(target as never, options)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      `POST /api/v1/webhooks/wms/fulfillment → not sent, the SDK refused the input: ${message}`,
    );
    expect((error as ValidationError).requestSent).toBe(false);
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    [404, NotFoundError],
    [409, ConflictError],
    [401, AuthenticationError],
  ])('maps the service’s %i', async (status, ErrorClass) => {
    const service = fakeFetch(() => json({ detail: 'no' }, status));
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
    });
    const error = await client.fulfillment
      .notifyShipped({ inbound_order_id: 'ord_1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as Error).message).toBe(`POST /api/v1/webhooks/wms/fulfillment → ${status}: no`);
    expect(service.requests).toHaveLength(1);
  });
});

describe.each(TRANSPORTS)('fulfillment against the mock over %s', (transport) => {
  const { start } = useMock(transport);

  it('writes shipped onto the order, which the order endpoints then show', async () => {
    const { mock, hostUrl } = await start({ orders: 5 });
    const client = createClient({
      hostUrl,
      apiKey: MOCK_API_KEY,
      signingSecret: MOCK_SIGNING_SECRET,
    });
    const [order] = mock.orders.all();
    const id = order?.id ?? '';
    const shippedAt = new Date('2026-11-20T10:00:00.000Z');
    await expect(
      client.fulfillment.notifyShipped({ inbound_order_id: id }, { shipped_at: shippedAt }),
    ).resolves.toEqual({ status: 'applied', order_id: id });
    expect(mock.orders.get(id)).toMatchObject({
      status: 'shipped',
      shipped_at: shippedAt.toISOString(),
    });
    const detail = await client.orders.get(id);
    expect(detail).toMatchObject({ status: 'shipped', shipped_at: shippedAt.toISOString() });
    const updatedAt = detail.updated_at;
    await expect(
      client.fulfillment.notifyShipped({ inbound_order_id: id }, { shipped_at: shippedAt }),
    ).resolves.toEqual({ status: 'unchanged', order_id: id });
    expect(mock.orders.get(id)?.updated_at).toBe(updatedAt);
    const pulled = [];
    for await (const changed of client.orders.iterate({ status: 'shipped' }))
      pulled.push(changed.id);
    expect(pulled).toContain(id);
  });

  it('matches by source and external_ref, and refuses an ambiguous or unknown match', async () => {
    const { mock, hostUrl } = await start({ orders: 0 });
    const one = mock.orders.create({ source: 'shopify', external_ref: 'R-1' });
    mock.orders.create({ source: 'amazon', external_ref: 'R-2', business_id: 'b1' });
    mock.orders.create({ source: 'amazon', external_ref: 'R-2', business_id: 'b2' });
    const fulfillment = new FulfillmentClient({
      hostUrl,
      apiKey: MOCK_API_KEY,
      signingSecret: MOCK_SIGNING_SECRET,
    });
    await expect(
      fulfillment.notifyShipped({ source: 'shopify', external_ref: 'R-1' }),
    ).resolves.toEqual({ status: 'applied', order_id: one.id });
    const before = mock.orders.all();
    await expect(
      fulfillment.notifyShipped({ source: 'amazon', external_ref: 'R-2' }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(fulfillment.notifyShipped({ inbound_order_id: 'nope' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(mock.orders.all().filter((order) => order.source === 'amazon')).toEqual(
      before.filter((order) => order.source === 'amazon'),
    );
  });

  it('signs and dates by the configured clock, so a mock with a moved clock accepts it', async () => {
    const { mock, hostUrl } = await start({ orders: 1 });
    const id = mock.orders.all()[0]?.id ?? '';
    mock.clock.set('2026-06-01T08:00:00.000Z');
    const config = { hostUrl, apiKey: MOCK_API_KEY, signingSecret: MOCK_SIGNING_SECRET };
    const systemClock = createClient(config);
    await expect(
      systemClock.fulfillment.notifyShipped({ inbound_order_id: id }),
    ).rejects.toBeInstanceOf(AuthenticationError);
    expect(mock.orders.get(id)?.status).not.toBe('shipped');

    const mockClock = createClient({ ...config, now: () => mock.clock.now() });
    const result = await mockClock.fulfillment.notifyShipped({ inbound_order_id: id });
    expect(result).toEqual({ status: 'applied', order_id: id });
    expect(mock.orders.get(id)).toMatchObject({
      status: 'shipped',
      shipped_at: '2026-06-01T08:00:00.000Z',
    });
  });

  it('rejects a clock that returns no valid time, naming the option, before sending', async () => {
    const service = fakeFetch(() => json(applied));
    const client = createClient({
      hostUrl: HOST,
      apiKey: KEY,
      signingSecret: SECRET,
      fetch: service.fetch,
      now: () => new Date('not a date'),
    });
    await expect(client.fulfillment.notifyShipped({ inbound_order_id: 'ord_1' })).rejects.toThrow(
      ConfigurationError,
    );
    expect(service.requests).toHaveLength(0);
  });

  it('is refused with a wrong secret, a clock outside the window, or no secret on the service', async () => {
    const { mock, hostUrl } = await start({ orders: 1 });
    const id = mock.orders.all()[0]?.id ?? '';
    const wrong = createClient({ hostUrl, apiKey: MOCK_API_KEY, signingSecret: 'not_the_secret' });
    const mismatch = await wrong.fulfillment
      .notifyShipped({ inbound_order_id: id })
      .catch((caught: unknown) => caught);
    expect(mismatch).toBeInstanceOf(AuthenticationError);
    expect((mismatch as AuthenticationError).detail).toContain('signature_mismatch');

    const right = createClient({
      hostUrl,
      apiKey: MOCK_API_KEY,
      signingSecret: MOCK_SIGNING_SECRET,
    });
    mock.clock.set(Date.now() + 10 * 60_000);
    const stale = await right.fulfillment
      .notifyShipped({ inbound_order_id: id })
      .catch((caught: unknown) => caught);
    expect(stale).toBeInstanceOf(AuthenticationError);
    expect((stale as AuthenticationError).detail).toContain('timestamp_too_old');
    expect(mock.orders.get(id)?.status).not.toBe('shipped');

    const closed = await start({ orders: 1, signingSecret: null });
    const client = createClient({
      hostUrl: closed.hostUrl,
      apiKey: MOCK_API_KEY,
      signingSecret: MOCK_SIGNING_SECRET,
    });
    await expect(
      client.fulfillment.notifyShipped({ inbound_order_id: closed.mock.orders.all()[0]?.id ?? '' }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
  });
});
