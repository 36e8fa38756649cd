// The built package, not the source: the ESM and CJS entries each make one real call
// against the mock over HTTP. `npm test` builds first (pretest).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, MOCK_API_KEY, type MockServer } from '../mock/index.js';
import type * as Sdk from '../src/index.js';

const esmEntry = new URL('../dist/index.js', import.meta.url);
const cjsEntry = new URL('../dist/index.cjs', import.meta.url);

describe('the built entries', () => {
  const mock = createMockService({ orders: 12, products: 4 });
  let server: MockServer;

  beforeAll(async () => {
    if (!existsSync(esmEntry) || !existsSync(cjsEntry)) {
      throw new Error('dist/ is missing: run `npm run build` first (npm test does it in pretest)');
    }
    server = await mock.listen();
  });
  afterAll(() => server?.close());

  async function check(sdk: typeof Sdk) {
    const client = sdk.createClient({ hostUrl: server.hostUrl, apiKey: MOCK_API_KEY });
    const page = await client.orders.list({ limit: 5 });
    expect(page).toMatchObject({ total: 12, page_size: 5 });
    await expect(client.orders.get('missing')).rejects.toBeInstanceOf(sdk.NotFoundError);
    const header = sdk.signWmsPayload('{}', 'secret', 1_700_000_000);
    expect(sdk.verifyWmsSignature('{}', header, 'secret', { now: 1_700_000_000 })).toEqual({
      timestamp: 1_700_000_000,
    });
  }

  it('runs a real call through the ESM entry', async () => {
    const sdk = (await import(/* @vite-ignore */ esmEntry.href)) as typeof Sdk;
    expect(Object.keys(sdk)).toEqual(
      expect.arrayContaining(['createClient', 'OrdersClient', 'ApiError']),
    );
    await check(sdk);
  });

  it('runs a real call through the CJS entry', async () => {
    const sdk = createRequire(import.meta.url)(cjsEntry.pathname) as typeof Sdk;
    expect(typeof sdk.createClient).toBe('function');
    await check(sdk);
  });
});
