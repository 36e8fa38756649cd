// GET /products against a service that writes prices as pydantic v2 writes a Decimal: a
// string. The SDK reads money as a number whichever way it came (specification 2.1).

import { type Product, ResponseValidationError } from 'order-fulfillment-sdk';
import { describe, expect, it } from 'vitest';
import { collect, foreignClient } from './service.js';

function product(id: number, price: unknown) {
  return { id, sku: `S-${id}`, name: 'Mug', barcode: '869', stock: 3, price, currency: 'TRY' };
}

describe('products from a foreign service', () => {
  it('reads a decimal-string price as a number, a numeric one as it is', async () => {
    const { client } = foreignClient(() => ({
      items: [product(1, '12.50'), product(2, 7), product(3, '-0.5'), product(4, '1E+2')],
      page: 1,
      page_size: 50,
      total: 4,
      facets: {},
    }));
    const page = await client.products.list();
    expect(page.items.map((item) => item.price)).toEqual([12.5, 7, -0.5, 100]);
    // The conversion copies the body; the fields the SDK does not name are still there.
    expect((page as typeof page & { facets?: unknown }).facets).toEqual({});
  });

  it('converts prices on every page of iterate', async () => {
    const { client } = foreignClient((request) => {
      const page = Number(request.url.searchParams.get('page') ?? 1);
      return { items: [product(page, `${page}.25`)], page, page_size: 1, total: 2 };
    });
    const products: Product[] = await collect(client.products.iterate({ page_size: 1 }));
    expect(products.map((item) => [item.id, item.price])).toEqual([
      [1, 1.25],
      [2, 2.25],
    ]);
  });

  it('fails clearly on a price that is no amount, and on a page without its counters', async () => {
    const { client } = foreignClient((request) =>
      request.url.searchParams.get('page') === '2'
        ? { items: [product(1, 1)] }
        : { items: [product(1, 'twelve')], page: 1, page_size: 1, total: 1 },
    );
    const first = await client.products.list().catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ResponseValidationError);
    expect((first as ResponseValidationError).issues).toEqual([
      { path: 'items.0.price', message: 'expected a number or a decimal string' },
    ]);
    const second = await client.products.list({ page: 2 }).catch((error: unknown) => error);
    expect((second as ResponseValidationError).issues.map((issue) => issue.path)).toEqual([
      'page',
      'page_size',
      'total',
    ]);
  });
});
