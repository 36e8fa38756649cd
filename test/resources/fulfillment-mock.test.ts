// notifyShipped against the mock, in-process through MSW and over real HTTP: the write, the
// matching, the clock, and the refusals of a wrong secret or window.
import { describe, expect, it } from 'vitest';
import { MOCK_API_KEY, MOCK_SIGNING_SECRET } from '../../mock/index.js';
import {
  AuthenticationError,
  ConflictError,
  createClient,
  FulfillmentClient,
  NotFoundError,
  PermissionDeniedError,
} from '../../src/index.js';
import { TRANSPORTS, useMock } from '../support/mock.js';

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
    // A WMS that always sends its channel: inbound_order_id alone decides (4.6 rule 1).
    const two = mock.orders.create({ source: 'shopify', external_ref: 'R-3' });
    await expect(
      fulfillment.notifyShipped({ inbound_order_id: two.id, source: 'shopify' }),
    ).resolves.toEqual({ status: 'applied', order_id: two.id });
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

  it('signs with any secret a panel may hold: spaces and non-ASCII text included', async () => {
    const secret = ' my wms sécret ';
    const { mock, hostUrl } = await start({ orders: 1, signingSecret: secret });
    const id = mock.orders.all()[0]?.id ?? '';
    const client = createClient({ hostUrl, apiKey: MOCK_API_KEY, signingSecret: secret });
    await expect(client.fulfillment.notifyShipped({ inbound_order_id: id })).resolves.toEqual({
      status: 'applied',
      order_id: id,
    });
    expect(mock.orders.get(id)?.status).toBe('shipped');
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
