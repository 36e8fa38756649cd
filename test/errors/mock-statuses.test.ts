// Every error class as the mock answers it, in-process through MSW and over real HTTP.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MOCK_API_KEY, MOCK_SIGNING_SECRET } from '../../mock/index.js';
import {
  type ApiError,
  AuthenticationError,
  ConflictError,
  createClient,
  NotFoundError,
  PermissionDeniedError,
  PlanRequiredError,
  RateLimitError,
  ValidationError,
} from '../../src/index.js';
import { failure } from '../support/failure.js';
import { KEY } from '../support/fake-fetch.js';
import { TRANSPORTS, useMock } from '../support/mock.js';

describe.each(TRANSPORTS)('every error class from the mock over %s', (transport) => {
  const { start } = useMock(transport);

  it('401 for an unknown key, without echoing it', async () => {
    const { hostUrl } = await start();
    const client = createClient({ hostUrl, apiKey: KEY });
    const error = await failure(client.orders.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toMatch(/^GET \/orders → 401: /);
    expect(JSON.stringify((error as ApiError).body)).not.toContain(KEY);
    expect(inspect(error, { depth: 10 })).not.toContain(KEY);
  });

  it('402 when the plan lacks apiAccess', async () => {
    const { hostUrl } = await start({ plan: { apiAccess: false } });
    const client = createClient({ hostUrl, apiKey: MOCK_API_KEY });
    await expect(client.products.list()).rejects.toBeInstanceOf(PlanRequiredError);
  });

  it('403 for a missing scope and for an address outside allowedIps', async () => {
    const { hostUrl } = await start({
      apiKeys: [
        { key: 'k_orders', scopes: ['orders:read'] },
        { key: 'k_office', scopes: ['orders:read', 'products:read'], allowedIps: ['10.0.0.0/8'] },
      ],
    });
    await expect(
      createClient({ hostUrl, apiKey: 'k_orders' }).products.list(),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(
      createClient({ hostUrl, apiKey: 'k_office' }).orders.list(),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('404 for an unknown order', async () => {
    const { hostUrl } = await start();
    const error = (await failure(
      createClient({ hostUrl, apiKey: MOCK_API_KEY }).orders.get('ord_missing'),
    )) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.path).toBe('/orders/ord_missing');
  });

  it('409 for an ambiguous inbound match', async () => {
    const { mock, hostUrl } = await start({ orders: 0 });
    mock.orders.create({ source: 'amazon', external_ref: 'R', business_id: 'b1' });
    mock.orders.create({ source: 'amazon', external_ref: 'R', business_id: 'b2' });
    const client = createClient({
      hostUrl,
      apiKey: MOCK_API_KEY,
      signingSecret: MOCK_SIGNING_SECRET,
    });
    await expect(
      client.fulfillment.notifyShipped({ source: 'amazon', external_ref: 'R' }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it('422 from the service, with its issues, when a hook rewrites the query', async () => {
    const { hostUrl } = await start();
    const client = createClient({
      hostUrl,
      apiKey: MOCK_API_KEY,
      hooks: {
        beforeRequest: [
          (request) => new Request(request.url.replace('limit=10', 'limit=ten'), request),
        ],
      },
    });
    const error = (await failure(client.orders.list({ limit: 10 }))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.requestSent).toBe(true);
    expect(error.issues[0]?.loc).toEqual(['query', 'limit']);
  });

  it('429 with Retry-After: retried after the wait, or thrown at once beyond maxRetryAfter', async () => {
    const short = await start({ rateLimit: { limit: 2, windowMs: 1000 } });
    const client = createClient({ hostUrl: short.hostUrl, apiKey: MOCK_API_KEY });
    for (let call = 0; call < 3; call++) await client.products.list();

    const long = await start({ rateLimit: { limit: 1, windowMs: 3_600_000 } });
    const limited = createClient({ hostUrl: long.hostUrl, apiKey: MOCK_API_KEY });
    await limited.products.list();
    const error = (await failure(limited.products.list())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(3600);
  });
});
