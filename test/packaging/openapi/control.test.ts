// docs/openapi-control.json, the mock's control endpoints: the record bodies and the product
// id in the path take what the mock takes (the fault rule: fault-rule.test.ts); no endpoint
// takes a key.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock/index.js';
import { reach, send, useMswServer } from '../../support/mock.js';
import { type Document, read, validatorOf } from '../../support/openapi.js';

const server = useMswServer();

describe('docs/openapi-control.json record updates', () => {
  type Operation = { requestBody: { content: Record<string, { schema: { $ref: string } }> } };
  const control = read('openapi-control.json');
  const bodyOf = (path: string, method: string) => {
    const operation = control.paths[path]?.[method] as Operation;
    const ref = operation.requestBody.content['application/json']?.schema.$ref ?? '';
    return validatorOf('openapi-control.json', ref.split('/').at(-1) ?? '');
  };

  // The mock changes any field but `id` (and an order's `updated_at`, which it stamps).
  const order = '/__mock/orders/{order_id}';
  const product = '/__mock/products/{product_id}';
  it.each([
    [order, { status: 'Processing' }, true],
    [order, { id: '99' }, false],
    [order, { updated_at: '2026-01-01T00:00:00Z' }, false],
    [product, { stock: 3 }, true],
    [product, { id: 99 }, false],
  ])('PATCH %s agrees with the mock on %j (accepted: %s)', async (path, body, accepted) => {
    const mock = createMockService({ orders: 3, products: 3 });
    const { hostUrl } = await reach(server, mock, 'msw');
    const url = `${hostUrl}${path.replace(/\{\w+\}$/, '1')}`;
    const answer = await send(url, { method: 'PATCH', body });
    expect(answer.status).toBe(accepted ? 200 : 422);
    expect(bodyOf(path, 'patch')(body)).toBe(accepted);
    // Creating takes them all.
    expect(bodyOf(path.replace(/\/\{\w+\}$/, ''), 'post')(body)).toBe(true);
  });
});

describe('docs/openapi-control.json shipments[].shipped_at of an order', () => {
  // An instant: ISO 8601 with `Z` or ±HH:MM; a local time names none, so the mock refuses it.
  it.each([
    ['2026-06-15T09:30:00Z', true],
    ['2026-06-15T11:30:00+02:00', true],
    ['2026-06-15T09:30:00.123456+00:00', true],
    [null, true],
    ['2026-06-15T09:30:00', false],
    ['2026-06-15T09:30:00+0200', false],
    ['2026-02-30T09:30:00Z', false],
    ['yesterday', false],
  ])('agrees with the mock on %j (accepted: %s)', async (shippedAt, accepted) => {
    const body = { shipments: [{ carrier: 'UPS', shipped_at: shippedAt }] };
    const { hostUrl } = await reach(server, createMockService({ orders: 1 }), 'msw');
    const created = await send(`${hostUrl}/__mock/orders`, { method: 'POST', body });
    expect(created.status).toBe(accepted ? 201 : 422);
    const changed = await send(`${hostUrl}/__mock/orders/1`, { method: 'PATCH', body });
    expect(changed.status).toBe(accepted ? 200 : 422);
    expect(validatorOf('openapi-control.json', 'OrderInput')(body)).toBe(accepted);
    expect(validatorOf('openapi-control.json', 'OrderUpdate')(body)).toBe(accepted);
  });
});

describe('docs/openapi-control.json instants outside the years 0001 to 9999', () => {
  type Property = { description?: string };
  const { schemas } = read('openapi-control.json').components as unknown as {
    schemas: Record<string, { properties: Record<string, Property> }>;
  };
  const range = '0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z once in UTC';

  // The date-time pattern takes any four-digit year; the descriptions say the range the mock
  // keeps, and the 422 it answers past it.
  it.each([
    ['0000-06-01T00:00:00Z', false, false],
    ['0000-12-31T23:30:00-01:00', false, true],
    ['9999-12-31T23:30:00-01:00', false, false],
    ['0001-01-01T00:00:00Z', true, true],
    ['9999-12-31T23:59:59.999Z', true, true],
  ])('%s: an order takes it: %s, the clock: %s', async (at, order, clock) => {
    const { hostUrl } = await reach(server, createMockService({ orders: 1 }), 'msw');
    const body = { order_date: at, shipments: [{ shipped_at: at }] };
    expect(validatorOf('openapi-control.json', 'OrderInput')(body)).toBe(true);
    expect(validatorOf('openapi-control.json', 'ClockSet')({ now: at })).toBe(true);
    const created = await send(`${hostUrl}/__mock/orders`, { method: 'POST', body });
    expect(created.status).toBe(order ? 201 : 422);
    if (!order) expect(created.body.detail[0].type).toBe('datetime_parsing');
    const set = await send(`${hostUrl}/__mock/clock`, { method: 'PUT', body: { now: at } });
    expect(set.status).toBe(clock ? 200 : 422);
    if (!clock) expect(set.body.detail[0].type).toBe('value_error');
    const { OrderInput, ClockSet } = schemas;
    for (const name of ['order_date', 'created_at', 'updated_at', 'shipped_at'])
      expect(OrderInput?.properties[name]?.description, name).toContain('year 0000');
    expect(OrderInput?.properties.order_date?.description).toContain(range);
    expect(ClockSet?.properties.now?.description).toContain(range);
  });
});

describe('docs/openapi-control.json product_id path parameter', () => {
  type Parameter = { name: string; description?: string; schema: { maximum?: number } };
  const path = '/__mock/products/{product_id}';
  const { parameters } = read('openapi-control.json').paths[path] as { parameters: Parameter[] };
  const parameter = parameters.find(({ name }) => name === 'product_id');
  const schema = parameter?.schema ?? {};
  const documented = new Ajv2020({ strict: false }).compile(schema);

  // The mock reads any safe integer: the description says the schema's bound, not a count of
  // digits that goes stale when the bound moves.
  it('says the same largest id as its schema', () => {
    expect(schema.maximum).toBe(2 ** 53 - 1);
    expect(parameter?.description).toContain('2^53 − 1');
    expect(parameter?.description).not.toMatch(/\d+ digits/);
  });

  // What a generated client sends for a value the schema allows: its plain decimal text.
  it.each([
    [1, true],
    [42, true],
    [999_999_999_999_999, true],
    [Number.MAX_SAFE_INTEGER, true],
    [0, false],
    [-1, false],
    [Number.MAX_SAFE_INTEGER + 1, false],
    [1.5, false],
  ])('agrees with the mock on %s (accepted: %s)', async (id, accepted) => {
    const { hostUrl } = await reach(server, createMockService({ products: 3 }), 'msw');
    for (const method of ['GET', 'PATCH']) {
      const body = method === 'PATCH' ? {} : undefined;
      const answer = await send(`${hostUrl}/__mock/products/${String(id)}`, { method, body });
      expect(answer.status === 422, `${method} ${id}`).toBe(!accepted);
    }
    expect(documented(id)).toBe(accepted);
  });

  // The 422 for a bad id is the path parameter's, and the responses say so.
  it('is what the 422 of GET and PATCH names', async () => {
    const { hostUrl } = await reach(server, createMockService({ products: 1 }), 'msw');
    type Operation = { responses: Record<string, { description: string }> };
    const operations = read('openapi-control.json').paths[path] as Record<string, Operation>;
    for (const method of ['GET', 'PATCH']) {
      const body = method === 'PATCH' ? { stock: 1 } : undefined;
      const answer = await send(`${hostUrl}/__mock/products/abc`, { method, body });
      expect(answer.body.detail[0].loc).toEqual(['path', 'product_id']);
      const { description } = operations[method.toLowerCase()]?.responses['422'] ?? {};
      expect(description, method).toContain('`product_id` that is no product id');
    }
  });
});

describe('docs/openapi-control.json clock operations', () => {
  type Operation = { summary: string };
  const paths = read('openapi-control.json').paths;
  // The years each summary names are the range the mock's clock takes, over HTTP: its first
  // and last instants accepted, the ones just outside refused.
  it.each([
    ['/__mock/clock', 'put'],
    ['/__mock/clock/advance', 'post'],
  ])('%s %s names the years the mock takes', async (path, method) => {
    const { summary = '' } = (paths[path]?.[method] ?? {}) as Partial<Operation>;
    const [, from = '', to = ''] = /years (\d{4}) to (\d{4})/.exec(summary) ?? [];
    const { hostUrl } = await reach(server, createMockService({ orders: 1 }), 'msw');
    const first = Date.parse(`${from}-01-01T00:00:00.000Z`);
    const last = Date.parse(`${to}-12-31T23:59:59.999Z`);
    for (const [ms, accepted] of [
      [first, true],
      [first - 1, false],
      [last, true],
      [last + 1, false],
    ] as const) {
      const now = new Date(ms).toISOString();
      const answer = await send(`${hostUrl}/__mock/clock`, { method: 'PUT', body: { now } });
      expect(answer.status, `${summary}: ${now}`).toBe(accepted ? 200 : 422);
    }
  });
});

describe('docs/openapi-control.json records the mock sends', () => {
  // Described as sent: the mock's own records validate, and a journal entry with a field a
  // newer mock adds is not refused (zod's output reading would close it).
  it('match what the mock answers with', async () => {
    const { hostUrl } = await reach(server, createMockService({ orders: 1, products: 2 }), 'msw');
    const rule = { path: '/api/v1/web-api/v1/orders', status: 503 };
    const stored = await send(`${hostUrl}/__mock/faults`, { method: 'POST', body: rule });
    const product = await send(`${hostUrl}/__mock/products/1`);
    await send(`${hostUrl}/api/v1/web-api/v1/orders`);
    const journal = await send(`${hostUrl}/__mock/requests`);
    const [entry] = journal.body.items;
    expect(entry?.status).toBe(503);
    expect(validatorOf('openapi-control.json', 'StoredFaultRule')(stored.body)).toBe(true);
    expect(validatorOf('openapi-control.json', 'Product')(product.body)).toBe(true);
    const request = validatorOf('openapi-control.json', 'MockRequest');
    expect(request(entry)).toBe(true);
    expect(request({ ...entry, addedLater: 1 })).toBe(true);
  });

  // A stored order is the order detail and its lines: every /__mock/orders answer has them.
  it('say a stored order has its items', async () => {
    const { hostUrl } = await reach(server, createMockService({ orders: 1 }), 'msw');
    const shipments = [{ carrier: 'UPS', shipped_at: '2026-06-15T11:30:00+02:00' }];
    const answers = [
      await send(`${hostUrl}/__mock/orders/1`),
      await send(`${hostUrl}/__mock/orders`, { method: 'POST', body: { shipments } }),
      await send(`${hostUrl}/__mock/orders/1`, { method: 'PATCH', body: { shipments } }),
    ];
    const order = validatorOf('openapi-control.json', 'Order');
    for (const { body } of answers) {
      expect(body.items.length).toBeGreaterThan(0);
      expect(order(body)).toBe(true);
      expect(order({ ...body, items: undefined })).toBe(false);
    }
  });
});

describe('docs/openapi-control.json X-Request-Id', () => {
  type Operation = { responses: Record<string, { headers?: Record<string, unknown> }> };
  const { paths } = read('openapi-control.json');

  // Every answer of the mock carries one, the control endpoints' too.
  it('is declared on every response, and on the answers', async () => {
    const bare = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => method !== 'parameters')
        .flatMap(([method, operation]) =>
          Object.entries((operation as Operation).responses)
            .filter(([, response]) => !response.headers?.['X-Request-Id'])
            .map(([status]) => `${method} ${path} ${status}`),
        ),
    );
    expect(bare).toEqual([]);
    const { hostUrl } = await reach(server, createMockService(), 'msw');
    for (const [url, status] of [
      ['/__mock/clock', 200],
      ['/__mock/orders/nope', 404],
      ['/__mock/clock?x=1', 422],
    ] as const) {
      const answer = await send(`${hostUrl}${url}`);
      expect(answer.status).toBe(status);
      expect(answer.headers.get('x-request-id'), url).toMatch(/^req_\d+$/);
    }
  });
});

describe('docs/openapi-control.json as linters read it', () => {
  const document = read('openapi-control.json') as Document & { security?: unknown };

  // No control endpoint takes a key: said once, at the root (Redocly's security-defined).
  it('says the control endpoints take no security', () => {
    expect(document.security).toEqual([]);
  });
});
