// GET /products against a service that writes prices as pydantic v2 writes a Decimal: a
// string. The SDK reads money as a number whichever way it came (specification 2.1), and
// keeps a field of another type as received: it relies on none of a product's fields.

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

  it('fails a pull whose service answers another page than the one asked for, rather than loop', async () => {
    // A service that ignores `page` (it pages by other parameters) answers page 1 each time.
    const { client, sent } = foreignClient(() => ({
      items: [product(1, 1), product(2, 2)],
      page: 1,
      page_size: 2,
      total: 5,
    }));
    const pull = client.products.iterate({ page_size: 2, prefetch: 0 });
    const error = await collect(pull).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      { path: 'page', message: 'is 1, where page 2 was asked for' },
    ]);
    expect(sent).toHaveLength(2);
  });

  it('pages a service that pages products by limit and offset, as it pages orders', async () => {
    // A FastAPI route declaring `limit` (default 3) and `offset` ignores `page` and
    // `page_size`, and numbers its envelope's page from the offset, as 2.3 does for orders.
    const all = [1, 2, 3, 4, 5, 6, 7].map((id) => product(id, id));
    const { client, sent } = foreignClient((request) => {
      const limit = Number(request.url.searchParams.get('limit') ?? 3);
      const offset = Number(request.url.searchParams.get('offset') ?? 0);
      const items = all.slice(offset, offset + limit);
      return { items, page: Math.floor(offset / limit) + 1, page_size: limit, total: all.length };
    });
    const ids = async (pull: AsyncIterable<Product>) =>
      (await collect(pull)).map((item) => item.id);

    expect(await ids(client.products.iterate())).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The first page is the service's own; past it, the size it answered with places the next.
    expect(sent.map((request) => request.url.search)).toEqual([
      '',
      '?page=2&page_size=3&limit=3&offset=3',
      '?page=3&page_size=3&limit=3&offset=6',
    ]);
    expect(await ids(client.products.iterate({ page: 2, page_size: 2, prefetch: 0 }))).toEqual([
      3, 4, 5, 6, 7,
    ]);
    const third = await client.products.list({ page: 3, page_size: 2 });
    expect(third).toMatchObject({ page: 3, page_size: 2, total: 7 });
    expect(third.items.map((item) => item.id)).toEqual([5, 6]);
  });

  it("keeps one page size through a pull: the first answer's, a cap or a count of items alike", async () => {
    const all = [1, 2, 3, 4, 5, 6, 7].map((id) => product(id, id));
    // Pages by number, and writes as page_size the items the page holds: a short last page
    // says 1. Placing page 4 by that size would land inside the data read already.
    const counting = foreignClient((request) => {
      const page = Number(request.url.searchParams.get('page') ?? 1);
      const size = Number(request.url.searchParams.get('page_size') ?? 3);
      const items = all.slice((page - 1) * size, page * size);
      return { items, page, page_size: items.length, total: all.length };
    });
    const ids = async (pull: AsyncIterable<Product>) =>
      (await collect(pull)).map((item) => item.id);
    expect(await ids(counting.client.products.iterate({ prefetch: 0 }))).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    // Pages by offset, and caps limit at 3 whatever is asked: the pull goes on at the cap.
    const capping = foreignClient((request) => {
      const limit = Math.min(Number(request.url.searchParams.get('limit') ?? 3), 3);
      const offset = Number(request.url.searchParams.get('offset') ?? 0);
      const items = all.slice(offset, offset + limit);
      return { items, page: Math.floor(offset / limit) + 1, page_size: limit, total: all.length };
    });
    expect(await ids(capping.client.products.iterate({ page_size: 10 }))).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it('keeps fields of another type as received, such as a null barcode or a price in words', async () => {
    const odd = { ...product(1, 'twelve'), barcode: null, stock: '3', id: 'P-1' };
    const { client } = foreignClient(() => ({
      items: [odd, product(2, '2.50')],
      page: 1,
      page_size: 2,
      total: 2,
    }));
    const products: Product[] = await collect(client.products.iterate({ page_size: 2 }));
    expect(products).toEqual([odd, product(2, 2.5)]);
  });

  it('sends a page_size above 200, whose bound for products the specification does not show', async () => {
    // 8 bounds `limit` of GET /orders at 200; 4.1 shows no query parameters for products, so
    // a service may allow larger pages: the SDK sends the size and lets the service decide.
    const { client, sent } = foreignClient(() => ({
      items: [product(1, 1)],
      page: 1,
      page_size: 500,
      total: 1,
    }));
    const products: Product[] = await collect(client.products.iterate({ page_size: 500 }));
    expect(products).toHaveLength(1);
    await expect(client.products.list({ page_size: 1000 })).resolves.toMatchObject({ total: 1 });
    expect(sent.map((request) => request.url.searchParams.get('page_size'))).toEqual([
      '500',
      '1000',
    ]);
  });

  it('fails clearly on a page without its counters, which iterate pages by', async () => {
    const { client } = foreignClient(() => ({ items: [product(1, 1)] }));
    const error = await client.products.list({ page: 2 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toEqual([
      'page',
      'page_size',
      'total',
    ]);
  });
});
