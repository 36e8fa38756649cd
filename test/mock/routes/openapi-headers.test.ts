// The response headers docs/openapi.json declares are on the mock's answers: a client
// generated from the document (in any language) reads them, so each must be there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRANSPORTS, useMock } from '../../support/mock.js';

type Operation = { responses: Record<string, { headers?: Record<string, unknown> }> };
const document = JSON.parse(
  readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, Operation>> };

/** The header names the document declares for one path, method and status, lower case. */
function declared(path: string, method: string, status: number): string[] {
  const response = document.paths[path]?.[method]?.responses[String(status)];
  if (!response) throw new Error(`docs/openapi.json has no ${status} for ${method} ${path}`);
  return Object.keys(response.headers ?? {}).map((name) => name.toLowerCase());
}

const BASE = '/api/v1/web-api/v1';

describe.each(TRANSPORTS)('headers docs/openapi.json declares (%s)', (transport) => {
  const { start } = useMock(transport);

  it('are on the answers of each API operation, success and error', async () => {
    const target = await start({ orders: 3, rateLimit: { limit: 6, windowMs: 60_000 } });
    const calls: [string, string, string, unknown?][] = [
      [`${BASE}/products`, 'get', '/products'],
      [`${BASE}/orders`, 'get', '/orders?limit=2'],
      [`${BASE}/orders/{order_id}`, 'get', '/orders/1'],
      [`${BASE}/orders/{order_id}`, 'get', '/orders/nope'],
      [`${BASE}/orders/{order_id}/items`, 'get', '/orders/1/items'],
      [
        `${BASE}/webhooks`,
        'post',
        '/webhooks',
        { url: 'https://wms.test/h', events: ['order.created'] },
      ],
      [`${BASE}/orders`, 'get', '/orders?limit=2'],
    ];
    const statuses: number[] = [];
    for (const [path, method, url, body] of calls) {
      const answer = await target.call(url, { method: method.toUpperCase(), body });
      statuses.push(answer.status);
      const names = declared(path, method, answer.status);
      expect(names, `${method} ${url}`).toContain('x-request-id');
      for (const name of names) expect(answer.headers.has(name), `${name} on ${url}`).toBe(true);
    }
    // The last call went over the rate limit: its 429 carries Retry-After as declared.
    expect(statuses).toEqual([200, 200, 200, 404, 200, 201, 429]);
  });
});
