// What a product pull makes of numbered pages the service answers: it walks them until
// `total`, lazily with prefetch 0; an answer for another page than the one asked for fails
// instead of repeating a page for ever; and an empty page ends the pull even when `total`
// says there are more.
import { describe, expect, it } from 'vitest';
import { ResponseValidationError } from '../../src/index.js';
import { json } from '../support/fake-fetch.js';
import { productService, scriptedClient as setup } from '../support/scripted-service.js';

describe('products.iterate', () => {
  it('walks the pages until total, lazily with prefetch 0', async () => {
    const { service, client } = setup(productService(5));
    const skus: string[] = [];
    for await (const product of client.products.iterate({ page_size: 2, prefetch: 0 }))
      skus.push(product.sku);
    expect(skus).toEqual(['SKU-1', 'SKU-2', 'SKU-3', 'SKU-4', 'SKU-5']);
    expect(service.requests).toHaveLength(3);
    for await (const _ of client.products.iterate({ page_size: 2, prefetch: 0 })) break;
    expect(service.requests).toHaveLength(4);
  });

  it('asks for the first page without a number, and counts on as the service numbered it', async () => {
    for (const first of [0, 1]) {
      const { service, client } = setup(productService(5, first));
      const skus = (await client.products.iterate({ page_size: 2 }).toArray({ limit: 9 })).map(
        (product) => product.sku,
      );
      expect([first, skus]).toEqual([first, ['SKU-1', 'SKU-2', 'SKU-3', 'SKU-4', 'SKU-5']]);
      const asked = service.requests.map(({ url }) => [
        url.searchParams.get('page'),
        url.searchParams.get('offset'),
      ]);
      expect(asked).toEqual([
        [null, '0'],
        [String(first + 1), '2'],
        [String(first + 2), '4'],
      ]);
    }
  });

  it('fails with ResponseValidationError when the first page is numbered other than 0 or 1', async () => {
    const { client } = setup(productService(5, 3));
    const error = await client.products
      .iterate()
      .toArray({ limit: 9 })
      .catch((caught: unknown) => caught);
    expect((error as ResponseValidationError).issues).toEqual([
      { path: 'page', message: 'is 3, where the first page (no page number) was asked for' },
    ]);
  });

  it('fails with ResponseValidationError when the service answers another page', async () => {
    const firstPage = productService(10);
    // A service that pages by other parameters answers page 1 whatever was asked.
    const { service, client } = setup((request, index) => {
      request.url.searchParams.set('page', '1');
      return firstPage(request, index);
    });
    const error = await client.products
      .iterate({ page_size: 2 })
      .toArray({ limit: 10 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      { path: 'page', message: 'is 1, where page 2 was asked for' },
    ]);
    expect(service.requests).toHaveLength(2);
  });

  it('ends at an empty page, even one short of total', async () => {
    const { service, client } = setup((request) =>
      json({
        items: [],
        page: Number(request.url.searchParams.get('page')),
        page_size: 2,
        total: 10,
      }),
    );
    expect(await client.products.iterate({ page_size: 2 }).toArray({ limit: 10 })).toEqual([]);
    expect(service.requests).toHaveLength(1);
  });
});
