// Reading a 2xx body: the bytes joined before they are decoded, whatever the chunking.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { HOST, KEY } from '../support/fake-fetch.js';

describe('reading the body', () => {
  it('decodes UTF-8 split across chunks, in any number of chunks', async () => {
    const page = { items: [], page: 1, page_size: 50, total: 0, note: 'Müller – 東京 🚚' };
    const bytes = new TextEncoder().encode(JSON.stringify(page));
    for (const size of [1, 2, 3, 7, bytes.length]) {
      const client = createClient({
        hostUrl: HOST,
        apiKey: KEY,
        fetch: async () => {
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              for (let at = 0; at < bytes.length; at += size) {
                controller.enqueue(bytes.slice(at, at + size));
              }
              controller.close();
            },
          });
          return new Response(stream, { headers: { 'content-type': 'application/json' } });
        },
      });
      await expect(client.products.list()).resolves.toEqual(page);
    }
  });
});
