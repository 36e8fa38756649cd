// The product endpoint against the mock, in-process (msw) and over real HTTP.
import { describe, expect, it } from 'vitest';
import { MOCK_API_KEY } from '../../mock/index.js';
import { createClient, ProductsClient } from '../../src/index.js';
import { TRANSPORTS, useMock } from '../support/mock.js';

describe.each(TRANSPORTS)('products over %s', (transport) => {
  const { start } = useMock(transport);

  it('lists one page', async () => {
    const { mock, hostUrl } = await start({ products: 7 });
    const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
    const page = await client.products.list({ page: 2, page_size: 3 });
    expect(page).toMatchObject({ page: 2, page_size: 3, total: 7 });
    expect(page.items).toEqual(mock.products.all().slice(3, 6));
  });

  it('iterates over every product, page by page', async () => {
    const { mock, hostUrl } = await start({ products: 45 });
    const requests: string[] = [];
    const products = new ProductsClient({
      hostUrl,
      apiKey: MOCK_API_KEY,
      hooks: { beforeRequest: [(request) => void requests.push(request.url)] },
    });
    const ids: number[] = [];
    for await (const product of products.iterate({ page_size: 10 })) ids.push(product.id);
    expect(ids).toEqual(mock.products.all().map((product) => product.id));
    expect(requests).toHaveLength(5);
  });
});
