// What notifyShipped refuses before sending (no secret, bad input, a broken clock), and the
// service's refusals as typed errors.
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConfigurationError,
  ConflictError,
  createClient,
  NotFoundError,
  ValidationError,
} from '../../src/index.js';
import { clientOver, fakeFetch, HOST, json, KEY, SECRET } from '../support/fake-fetch.js';

const applied = { status: 'applied', order_id: 'ord_1' };
const SIGNED = { hostUrl: HOST, apiKey: KEY, signingSecret: SECRET } as const;

describe('fulfillment.notifyShipped', () => {
  it('refuses to send without a signing secret', async () => {
    const service = fakeFetch(() => json(applied));
    const client = clientOver(service);
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
      'a shipped_at in Unix seconds',
      { inbound_order_id: 'o' },
      { shipped_at: 1_767_225_600 },
      'body.shipped_at: must be a Date or an ISO 8601 date-time with Z or ±HH:MM; got number (for Unix seconds, pass new Date(seconds * 1000))',
    ],
    [
      'an invalid Date',
      { inbound_order_id: 'o' },
      { shipped_at: new Date(Number.NaN) },
      'body.shipped_at: is an invalid Date',
    ],
    // The body is built from own properties: a key the check could read but the body would
    // leave out sent a notification naming no order, which the service answers `skipped`.
    [
      'a key behind a getter',
      new (class {
        get inbound_order_id() {
          return 'o';
        }
      })(),
      {},
      'body: name the order: inbound_order_id, or source with external_ref',
    ],
    [
      'a key on the prototype',
      Object.create({ source: 'shopify', external_ref: '#1' }),
      {},
      'body: name the order: inbound_order_id, or source with external_ref',
    ],
  ])('rejects %s before sending', async (_, target, options, message) => {
    const service = fakeFetch(() => json(applied));
    const client = createClient({ ...SIGNED, fetch: service.fetch });
    const error = await client.fulfillment
      .notifyShipped(target as never, options as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      `POST /api/v1/webhooks/wms/fulfillment → not sent, the SDK refused the input: ${message}`,
    );
    expect((error as ValidationError).requestSent).toBe(false);
    expect(service.requests).toHaveLength(0);
  });

  it('names shipped_at when it is misspelt among the call options', async () => {
    const service = fakeFetch(() => json(applied));
    const client = createClient({ ...SIGNED, fetch: service.fetch });
    const error = await client.fulfillment
      .notifyShipped({ inbound_order_id: 'o' }, { shippedAt: new Date() } as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).message).toBe(
      'Invalid option `shippedAt`: is not an option of notifyShipped; did you mean `shipped_at`?',
    );
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    [404, NotFoundError],
    [409, ConflictError],
    [401, AuthenticationError],
  ])('maps the service’s %i', async (status, ErrorClass) => {
    const service = fakeFetch(() => json({ detail: 'no' }, status));
    const client = createClient({ ...SIGNED, fetch: service.fetch });
    const error = await client.fulfillment
      .notifyShipped({ inbound_order_id: 'ord_1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as Error).message).toBe(`POST /api/v1/webhooks/wms/fulfillment → ${status}: no`);
    expect(service.requests).toHaveLength(1);
  });

  it('hides the signature it sent when the service echoes it back in a refusal', async () => {
    const service = fakeFetch((request) =>
      json({ detail: `bad signature ${request.headers.get('x-wms-signature')}` }, 401),
    );
    const client = createClient({ ...SIGNED, fetch: service.fetch });
    const error = await client.fulfillment
      .notifyShipped({ inbound_order_id: 'ord_1' })
      .catch((caught: unknown) => caught);
    const sent = service.requests[0]?.headers.get('x-wms-signature') ?? '';
    const value = sent.split('v1=')[1] ?? '';
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toMatch(/→ 401: bad signature t=\d+,v1=\[redacted\]$/);
    expect(JSON.stringify(error)).not.toContain(value);
  });

  it('rejects a clock that returns no valid time, naming the option, before sending', async () => {
    const service = fakeFetch(() => json(applied));
    const configured = () =>
      createClient({ ...SIGNED, fetch: service.fetch, now: () => new Date('not a date') });
    expect(configured).toThrow(ConfigurationError);
    expect(configured).toThrow(/`now`/);
    // A clock that goes wrong after construction fails the call that reads it.
    let reads = 0;
    const client = createClient({
      ...SIGNED,
      fetch: service.fetch,
      now: () => (reads++ === 0 ? new Date() : new Date('not a date')),
    });
    await expect(client.fulfillment.notifyShipped({ inbound_order_id: 'ord_1' })).rejects.toThrow(
      ConfigurationError,
    );
    expect(service.requests).toHaveLength(0);
  });
});
