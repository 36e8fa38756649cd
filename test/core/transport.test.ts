// The transport under the resource clients: shared in plain sight, and what it hands the
// output schema.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ConfigurationError,
  OrdersClient,
  ProductsClient,
  ResponseValidationError,
  ServerError,
  Transport,
} from '../../src/index.js';
import { fakeFetch, HOST, json, KEY, productPage } from '../support/fake-fetch.js';

describe('Transport', () => {
  it('is checked once and serves every client it is given', async () => {
    const service = fakeFetch(() => json(productPage));
    const transport = new Transport({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    await new ProductsClient(transport).list();
    await new OrdersClient(transport).list().catch(() => undefined);
    expect(service.requests.map((request) => request.url.pathname)).toEqual([
      '/api/v1/web-api/v1/products',
      '/api/v1/web-api/v1/orders',
    ]);
    expect(service.requests.every((request) => request.headers.get('x-api-key') === KEY)).toBe(
      true,
    );
  });

  it('leaves a parameter given as undefined out of the query, as one not given', async () => {
    const service = fakeFetch(() => json({ items: [], total: 0, page: 1, page_size: 10 }));
    const transport = new Transport({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    await new OrdersClient(transport).list({ status: undefined, limit: 10 });
    expect(service.requests[0]?.url.search).toBe('?limit=10');
  });

  it('throws ConfigurationError at construction, naming the option', () => {
    expect(() => new Transport({ hostUrl: 'shop.example.test', apiKey: KEY })).toThrow(
      ConfigurationError,
    );
  });

  it('hands an empty 2xx body to the output schema as undefined', async () => {
    const service = fakeFetch(() => new Response(null, { status: 204 }));
    const transport = new Transport({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch });
    const request = { method: 'GET', target: 'api', path: '/ping' } as const;
    await expect(transport.send({ ...request, output: z.undefined() })).resolves.toBeUndefined();
    const refused = await transport
      .send({ ...request, output: z.looseObject({}) })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ResponseValidationError);
    expect((refused as ResponseValidationError).body).toBeUndefined();
    expect((refused as ResponseValidationError).message).not.toContain('not JSON');
  });

  it('records the cursor a request was made at on the error it ends with', async () => {
    const service = fakeFetch(() => json({ detail: 'down' }, 503));
    const transport = new Transport({ hostUrl: HOST, apiKey: KEY, fetch: service.fetch, retry: 0 });
    const cursor = { since: '2026-01-01T00:00:00Z', since_id: 'ord_1' };
    const error = await transport
      .send({ method: 'GET', target: 'api', path: '/orders', output: z.unknown(), cursor })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).cursor).toEqual(cursor);
    expect((error as ServerError).cursor).not.toBe(cursor);
  });
});
