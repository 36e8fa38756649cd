// Foreign-service cases of issue 13 that need the transport, the configuration or the cursor
// handling to change, beyond the schemas: written against the public API, to pass once those
// land.

import { type ClientConfig, ConfigurationError, createClient } from 'order-fulfillment-sdk';
import { describe, expect, it } from 'vitest';
import { bareOrder, collect, foreignClient, HOST, json, SECRET } from './service.js';

describe('a cursor the service wrote, saved and passed back', () => {
  it('resumes from a next_since in the service’s own format, sent back unchanged', async () => {
    // Python's str() of an aware datetime: a space, and +00:00 (specification 4.2, rule 2).
    const since = '2026-01-01 00:00:00+00:00';
    const { client, sent } = foreignClient(() => ({
      items: [bareOrder('10', 1)],
      next_since: '2026-01-01 00:00:01+00:00',
      next_since_id: '10',
      has_more: false,
    }));
    const pages = client.orders.pages({ since, since_id: '9' });
    await collect(pages);
    expect(sent[0]?.url.searchParams.get('since')).toBe(since);
    expect(sent[0]?.url.searchParams.get('since_id')).toBe('9');
  });
});

// No apiKey: issue 13 makes it optional for a client that only notifies. Until then the
// type requires it, hence the cast.
function withoutKey(fetch: ClientConfig['fetch']) {
  return createClient({ hostUrl: HOST, signingSecret: SECRET, fetch } as unknown as ClientConfig);
}

describe('a client for fulfillment notifications only (specification 5.5)', () => {
  it('sends a notification without an API key', async () => {
    const requests: Request[] = [];
    const client = withoutKey(async (request) => {
      requests.push(request);
      return json({ status: 'applied', order_id: '1' });
    });
    await expect(client.fulfillment.notifyShipped({ inbound_order_id: '1' })).resolves.toEqual({
      status: 'applied',
      order_id: '1',
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.has('x-api-key')).toBe(false);
  });

  it('refuses an API call naming apiKey, before anything is sent', async () => {
    let sent = 0;
    const client = withoutKey(async () => {
      sent++;
      return json({ items: [], page: 1, page_size: 50, total: 0 });
    });
    const error = await client.products.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('apiKey');
    expect(sent).toBe(0);
  });
});

describe('a 2xx answer without a JSON body', () => {
  it('is a success for notifyShipped: a 204', async () => {
    const { client } = foreignClient(() => new Response(null, { status: 204 }));
    await expect(client.fulfillment.notifyShipped({ inbound_order_id: '1' })).resolves.toEqual({});
  });

  it('is a success for webhooks.create: a 204', async () => {
    const { client } = foreignClient(() => new Response(null, { status: 204 }));
    await expect(
      client.webhooks.create({ url: 'https://wms.test/h', events: ['order.created'] }),
    ).resolves.toEqual({});
  });

  it('is a success for notifyShipped: a 200 with a text body', async () => {
    const { client } = foreignClient(
      () => new Response('OK', { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    await expect(client.fulfillment.notifyShipped({ inbound_order_id: '1' })).resolves.toEqual({});
  });
});
