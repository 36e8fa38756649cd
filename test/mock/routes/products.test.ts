// GET /products: the 2.2 envelope, paged by page and page_size.
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock/index.js';
import { reach, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

describe.each(TRANSPORTS)('products (%s)', (transport) => {
  it('pages products with the 2.2 envelope, page_size 50 by default', async () => {
    const mock = createMockService({ products: 120 });
    const target = await reach(server, mock, transport);
    const first = await target.call('/products');
    expect(first.body).toMatchObject({ page: 1, page_size: 50, total: 120 });
    expect(first.body.items).toHaveLength(50);
    const last = await target.call('/products?page=3&page_size=50');
    expect(last.body.items.map((p: { id: number }) => p.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => 101 + i),
    );
    expect(last.body.items[0]).toEqual(mock.products.get(101));
  });

  it('returns an empty page past the end', async () => {
    const target = await reach(server, createMockService({ products: 3 }), transport);
    const res = await target.call('/products?page=9');
    expect(res.body).toEqual({ items: [], page: 9, page_size: 50, total: 3 });
  });
});
