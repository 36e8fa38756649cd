// A 2xx whose body breaks the schema is a ResponseValidationError; unknown fields are kept.
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
});
