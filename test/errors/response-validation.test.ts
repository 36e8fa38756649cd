// A 2xx whose body breaks the schema is a ResponseValidationError; unknown fields are kept.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiError, createClient, ResponseValidationError } from '../../src/index.js';
import { failure } from '../support/failure.js';
import { fakeFetch, json, NO_RETRY } from '../support/fake-fetch.js';

describe('errors from responses', () => {
  it('raises ResponseValidationError naming the field when a 2xx breaks the schema', async () => {
    const order = {
      id: 42,
      status: 'Created',
      platform: 'web',
      order_date: '2026-01-01T00:00:00.000Z',
    };
    const service = fakeFetch(() => json({ items: [order], total: 1, page: 1, page_size: 50 }));
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(client.orders.list())) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.issues).toEqual([
      { path: 'items.0.id', message: 'expected string, received number' },
    ]);
    expect(error.message).toContain('items.0.id: expected string, received number');
  });

  it('keeps unknown fields of loose objects', async () => {
    const product = {
      id: 1,
      sku: 'S',
      name: 'N',
      barcode: 'B',
      stock: 1,
      price: 1.5,
      currency: 'EUR',
      warehouse: 'W1',
    };
    const service = fakeFetch(() =>
      json({ items: [product], page: 1, page_size: 50, total: 1, next: null }),
    );
    const page = await createClient({ ...NO_RETRY, fetch: service.fetch }).products.list();
    expect(page.items[0]).toEqual(product);
    expect(page).toHaveProperty('next', null);
  });

  it('rejects a non-JSON 2xx body as a ResponseValidationError', async () => {
    const service = fakeFetch(() => new Response('OK', { status: 200 }));
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = await failure(client.products.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('names the answer’s request id, in a call and in a pull', async () => {
    const page = { items: [], has_more: true, next_since: null, next_since_id: null };
    const service = fakeFetch((request) =>
      request.url.pathname.endsWith('/orders') && request.url.searchParams.has('since')
        ? json(page, 200, { 'x-request-id': 'req_pull' })
        : json({ items: 'none' }, 200, { 'x-request-id': 'req_call' }),
    );
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    await expect(client.products.list()).rejects.toMatchObject({
      name: 'ResponseValidationError',
      requestId: 'req_call',
    });
    const pulled = await failure(client.orders.pages().next());
    expect(pulled).toMatchObject({
      name: 'ResponseValidationError',
      requestId: 'req_pull',
      issues: [
        { path: 'next_since', message: 'required while has_more is true' },
        expect.anything(),
      ],
    });
  });

  it('keeps the body on the error, out of what serializes it (a page of customer names)', async () => {
    const orders = Array.from({ length: 200 }, (_, index) => ({
      id: index,
      customer_name: `Customer ${index}`,
    }));
    const service = fakeFetch(() => json({ items: orders, total: 200, page: 1, page_size: 200 }));
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const error = (await failure(client.orders.list())) as ResponseValidationError;
    expect(error.body).toEqual({ items: orders, total: 200, page: 1, page_size: 200 });
    for (const text of [JSON.stringify(error), inspect(error, { depth: 10 })]) {
      expect(text).not.toContain('Customer 1');
      expect(text).toContain('items.0.id');
    }
  });

  it('keeps an error answer’s body on the ApiError, out of what serializes it', async () => {
    const page = `<html>${'proxy '.repeat(10_000)}</html>`;
    const service = fakeFetch(() => new Response(page, { status: 502, statusText: 'Bad Gateway' }));
    const error = (await failure(
      createClient({ ...NO_RETRY, fetch: service.fetch }).products.list(),
    )) as ApiError;
    expect(error).toMatchObject({ status: 502, body: page });
    expect(JSON.stringify(error)).not.toContain('proxy');
    expect(inspect(error, { depth: 10 })).not.toContain('proxy');
  });
});
