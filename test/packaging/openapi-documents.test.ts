// The OpenAPI documents the package ships describe every endpoint the mock serves and no
// other, describe each component (a client generator turns a description into the doc
// comment of the type it makes, so one without it is a bare type), and the control
// document's fault rule takes what the mock takes.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  createMockService,
  type FaultRule,
  FULFILLMENT_PATH,
  MOCK_API_KEY,
  MOCK_SIGNING_SECRET,
  type MockService,
} from '../../mock/index.js';
import { createService } from '../../mock/service.js';
import { signWmsPayload } from '../../src/signatures/index.js';
import { handlerFetch } from '../support/mock.js';

type Document = {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { description?: string }> };
};

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8')) as Document;

/**
 * A validator for one component schema of a document, as a generated validator reads it:
 * JSON Schema 2020-12, `$ref`s resolved within the document. Formats are not checked, so
 * what the document says must hold in its other keywords (a pattern) too.
 */
function validatorOf(file: string, id: string) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema(read(file) as object, file);
  const validate = ajv.getSchema(`${file}#/components/schemas/${id}`);
  if (!validate) throw new Error(`${file} has no schema ${id}`);
  return (value: unknown) => validate(value) as boolean;
}

/** One request to the mock, in-process; the answer's status, headers and JSON body. */
async function call(
  mock: MockService,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await handlerFetch(mock)(
    new Request(`${mock.hostUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-API-Key': MOCK_API_KEY, ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('docs/openapi.json and docs/openapi-control.json together', () => {
  it('describe exactly the endpoints the mock serves, method by method', () => {
    const documented = ['openapi.json', 'openapi-control.json'].flatMap((file) =>
      Object.entries(read(file).paths).flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((key) => key !== 'parameters')
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const served = createService({})
      .router.endpoints()
      .map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(10);
    expect([...documented].sort()).toEqual([...served].sort());
  });
});

describe.each(['openapi.json', 'openapi-control.json'])('docs/%s', (file) => {
  const document = read(file);

  it('describes every component schema', () => {
    const components = Object.entries(document.components.schemas);
    expect(components.length).toBeGreaterThan(5);
    const bare = components.filter(([, schema]) => !schema.description?.trim());
    expect(bare.map(([id]) => id)).toEqual([]);
  });

  it('describes every tag', () => {
    const { tags } = document as { tags?: { name: string; description?: string }[] };
    expect(tags?.length).toBeGreaterThan(2);
    expect(tags?.filter((tag) => !tag.description?.trim()).map((tag) => tag.name)).toEqual([]);
  });
});

describe('docs/openapi-control.json FaultRule', () => {
  const document = read('openapi-control.json');
  // OpenAPI 3.1 schemas are JSON Schema 2020-12, as a generator or a validator reads them.
  const documented = new Ajv2020({ strict: false }).compile(
    document.components.schemas.FaultRule as object,
  );
  const path = '/api/v1/web-api/v1/orders';

  it.each([
    [{ path, status: 503 }, true],
    [{ path, method: 'get', status: 503 }, true],
    [{ path, delayMs: 300, status: 504 }, true],
    [{ path, delayMs: 300, error: 'reset' }, true],
    [{ path, delayMs: 300 }, true],
    [{ path, status: 503, error: 'reset' }, false],
    [{ path }, false],
    [{ path, method: 'FETCH', status: 503 }, false],
    [{ path, error: 'reset', body: 'x' }, false],
  ])('agrees with the mock on %j (accepted: %s)', (rule, accepted) => {
    const mock = createMockService();
    let added = true;
    try {
      mock.faults.add(rule as FaultRule);
    } catch {
      added = false;
    }
    expect(added).toBe(accepted);
    expect(documented(rule)).toBe(accepted);
  });
});

describe('docs/openapi.json FulfillmentNotification', () => {
  const documented = validatorOf('openapi.json', 'FulfillmentNotification');
  const NOW = '2026-06-15T10:00:00.000Z';
  const base = { olay: 'order.fulfilled', status: 'shipped', shipped_at: '2026-06-15T09:30:00Z' };

  // Specification 4.6 rule 1: `inbound_order_id`, when present, alone decides; without it
  // (null counts as absent) `source` and `external_ref` come together or not at all.
  it.each([
    [{ inbound_order_id: '3' }, true],
    [{ inbound_order_id: '3', source: 'amazon' }, true],
    [{ inbound_order_id: '3', external_ref: null }, true],
    [{ source: 'amazon', external_ref: 'AMZ-1' }, true],
    [{ inbound_order_id: null, source: 'amazon', external_ref: 'AMZ-1' }, true],
    [{}, true],
    [{ source: null, external_ref: null }, true],
    [{ source: 'amazon' }, false],
    [{ source: 'amazon', external_ref: null }, false],
    [{ inbound_order_id: null, external_ref: 'AMZ-1' }, false],
    [{ inbound_order_id: '' }, false],
  ])('agrees with the mock on %j (accepted: %s)', async (keys, accepted) => {
    const mock = createMockService({ orders: 5 });
    mock.clock.set(NOW);
    const raw = JSON.stringify({ ...base, ...keys });
    const signature = signWmsPayload(raw, MOCK_SIGNING_SECRET, Date.parse(NOW) / 1000);
    const answer = await call(mock, 'POST', FULFILLMENT_PATH, raw, {
      'X-WMS-Signature': signature,
    });
    // A body the mock reads may still name no order (404); only a 422 refuses the body.
    expect(answer.status === 422).toBe(!accepted);
    expect(documented({ ...base, ...keys })).toBe(accepted);
  });
});

describe('docs/openapi.json WebhookSubscriptionCreate', () => {
  const documented = validatorOf('openapi.json', 'WebhookSubscriptionCreate');

  // The mock reads the URL as WHATWG URL parsing does and takes http(s) with a host; the
  // document says the canonical spelling of that (the mock also reads `http:example.com`).
  it.each([
    ['http://example.com/hook', true],
    ['HTTPS://Example.COM', true],
    ['https://[::1]:8443/x?y=1#z', true],
    ['http://user:pw@127.0.0.1:8080', true],
    ['ftp://example.com/hook', false],
    ['mailto:ops@example.com', false],
    ['urn:isbn:0451450523', false],
    ['http://', false],
    ['http://user@/hook', false],
    ['http://:80/hook', false],
    ['http://example.com:abc/', false],
    ['/relative/hook', false],
    ['example.com/hook', false],
  ])('agrees with the mock on %s (accepted: %s)', async (url, accepted) => {
    const body = { url, events: ['order.created'] };
    const answer = await call(createMockService(), 'POST', '/api/v1/web-api/v1/webhooks', body);
    expect(answer.status).toBe(accepted ? 201 : 422);
    expect(documented(body)).toBe(accepted);
  });
});

describe('integers the mock reads, in both documents', () => {
  const MAX = Number.MAX_SAFE_INTEGER;
  type Parameter = { name: string; in: string; schema: { type?: string; maximum?: number } };
  type Operations = Record<string, { parameters?: Parameter[] }>;

  it.each(['openapi.json', 'openapi-control.json'])(
    '%s bounds every integer query parameter (the mock refuses past 2^53 - 1)',
    (file) => {
      const integers = Object.values(read(file).paths as Record<string, Operations>)
        .flatMap((operations) => Object.values(operations))
        .flatMap((operation) => operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && parameter.schema.type === 'integer');
      expect(integers.length).toBeGreaterThan(1);
      const unbounded = integers.filter(({ schema }) => !(Number(schema.maximum) <= MAX));
      expect(unbounded.map(({ name }) => name)).toEqual([]);
    },
  );

  // The last integer the mock reads, and the first it refuses (422), against the document.
  const parameter = (file: string, path: string, name: string) => {
    const operations = read(file).paths[path] as Operations;
    const found = operations.get?.parameters?.find((p) => p.name === name);
    if (!found) throw new Error(`${file} GET ${path} has no ${name}`);
    const ajv = new Ajv2020({ strict: false });
    return (value: number) => ajv.validate(found.schema, value) as boolean;
  };
  it.each([
    ['openapi.json', '/api/v1/web-api/v1/products', 'page'],
    ['openapi.json', '/api/v1/web-api/v1/orders', 'offset'],
    ['openapi-control.json', '/__mock/deliveries', 'limit'],
    ['openapi-control.json', '/__mock/requests', 'limit'],
    ['openapi-control.json', '/__mock/requests', 'status'],
  ])('%s GET %s ?%s= agrees with the mock at 2^53 - 1 and past it', async (file, path, name) => {
    const documented = parameter(file, path, name);
    const mock = createMockService();
    // Written out: String(2 ** 53) is what a client sends for the first unsafe integer.
    for (const [value, accepted] of [
      [MAX, true],
      [MAX + 1, false],
    ] as const) {
      const answer = await call(mock, 'GET', `${path}?${name}=${String(value)}`);
      expect(answer.status === 422, `${name}=${value}`).toBe(!accepted);
      expect(documented(value), `${name}=${value}`).toBe(accepted);
    }
  });

  it.each([
    ['ClockAdvance', 'ms', -MAX - 1, '/__mock/clock/advance'],
    ['ProductInput', 'id', MAX + 1, '/__mock/products'],
    ['ProductInput', 'stock', MAX + 1, '/__mock/products'],
  ])('openapi-control.json %s.%s refuses %s, as the mock does', async (id, field, value, path) => {
    const answer = await call(createMockService(), 'POST', path, { [field]: value });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(['body', field]);
    expect(validatorOf('openapi-control.json', id)({ [field]: value })).toBe(false);
  });
});

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
    const answer = await call(mock, 'PATCH', path.replace(/\{\w+\}$/, '1'), body);
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
    const mock = createMockService({ orders: 1 });
    expect((await call(mock, 'POST', '/__mock/orders', body)).status).toBe(accepted ? 201 : 422);
    expect((await call(mock, 'PATCH', '/__mock/orders/1', body)).status).toBe(accepted ? 200 : 422);
    expect(validatorOf('openapi-control.json', 'OrderInput')(body)).toBe(accepted);
    expect(validatorOf('openapi-control.json', 'OrderUpdate')(body)).toBe(accepted);
  });
});

describe('docs/openapi-control.json product_id path parameter', () => {
  type Parameter = { name: string; schema: object };
  const path = '/__mock/products/{product_id}';
  const { parameters } = read('openapi-control.json').paths[path] as { parameters: Parameter[] };
  const schema = parameters.find(({ name }) => name === 'product_id')?.schema ?? {};
  const documented = new Ajv2020({ strict: false }).compile(schema);

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
    const mock = createMockService({ products: 3 });
    for (const method of ['GET', 'PATCH']) {
      const body = method === 'PATCH' ? {} : undefined;
      const answer = await call(mock, method, `/__mock/products/${String(id)}`, body);
      expect(answer.status === 422, `${method} ${id}`).toBe(!accepted);
    }
    expect(documented(id)).toBe(accepted);
  });
});

describe('docs/openapi.json, what the service sends', () => {
  // openapi-generator reads an object without additionalProperties as closed (its default
  // disallowAdditionalPropertiesIfNotPresent), and a Java client it generates then throws on
  // any field the service adds. The SDK keeps such fields, so every object the service sends
  // (answers, and the events it delivers) says it is open.
  it('is open wherever it names properties: answers and delivered events', () => {
    const document = read('openapi.json') as Document & {
      webhooks: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const closed = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (value: unknown, at: string): void => {
      if (typeof value !== 'object' || value === null || seen.has(value)) return;
      seen.add(value);
      const schema = value as {
        $ref?: string;
        type?: unknown;
        properties?: unknown;
        additionalProperties?: unknown;
      };
      if (schema.$ref) {
        const name = schema.$ref.split('/').at(-1) ?? '';
        walk(document.components.schemas[name], `#/components/schemas/${name}`);
      }
      if (
        schema.type === 'object' &&
        schema.properties &&
        schema.additionalProperties === undefined
      )
        closed.add(at);
      for (const [key, inner] of Object.entries(value)) walk(inner, `${at}/${key}`);
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        walk((operation as { responses?: unknown }).responses, `${method} ${path}`);
      }
    }
    for (const [name, operations] of Object.entries(document.webhooks)) {
      for (const operation of Object.values(operations)) walk(operation.requestBody, name);
    }
    expect(seen.size).toBeGreaterThan(20);
    expect([...closed]).toEqual([]);
  });
});

describe('docs/openapi.json 429 responses', () => {
  type Header = { required?: boolean; $ref?: string };
  type Response = { headers?: Record<string, Header> };
  const document = read('openapi.json') as Document & {
    components: { headers: Record<string, Header> };
  };
  const resolve = (header: Header) =>
    header.$ref ? document.components.headers[header.$ref.split('/').at(-1) ?? ''] : header;

  // Specification 7 and 8: a 429 carries Retry-After. Each operation under the base URL is
  // rate limited; the inbound one, which takes no API key, is not.
  it('require Retry-After, on every operation under the base URL', () => {
    const limited: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const response = (operation as { responses: Record<string, Response> }).responses['429'];
        if (!response) continue;
        limited.push(`${method} ${path}`);
        const header = response.headers?.['Retry-After'];
        expect(header && resolve(header)?.required, `${method} ${path}`).toBe(true);
      }
    }
    expect(limited.sort()).toEqual(
      Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/api/v1/web-api/v1/'))
        .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m} ${path}`))
        .sort(),
    );
  });
});

describe.each([
  ['openapi.json', '/api/v1/web-api/v1/products', 'POST'],
  ['openapi-control.json', '/__mock/clock/advance', 'PUT'],
])('docs/%s answers no operation lists', (file, path, wrongMethod) => {
  type Response = {
    headers?: Record<string, unknown>;
    content?: Record<string, { schema: object }>;
  };
  const document = read(file);
  const errorBody = validatorOf(file, 'ErrorBody');

  // What the mock answers beside each operation's own statuses (docs/spec-gaps.md): a 405
  // with Allow, a 413 over 1 MiB, a 400 for a malformed path; over HTTP also 431; a 500 for a
  // failure of its own. All `{"detail": "..."}`: a generated client reads them as `default`.
  it('are a default response with the error body, on every operation', () => {
    for (const [at, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (method === 'parameters') continue;
        const fallback = (operation as { responses: Record<string, Response> }).responses.default;
        expect(fallback?.content?.['application/json']?.schema, `${method} ${at}`).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
        expect(Object.keys(fallback?.headers ?? {}), `${method} ${at}`).toContain('Allow');
      }
    }
  });

  it('are bodies the default response describes', async () => {
    const mock = createMockService();
    const big = JSON.stringify({ url: 'x'.repeat(1024 * 1024) });
    const answers = [
      await call(mock, wrongMethod, path),
      await call(mock, 'POST', path, big),
      await call(mock, 'GET', `${path}/%zz`),
    ];
    expect(answers.map(({ status }) => status)).toEqual([405, 413, 400]);
    expect(answers[0]?.headers.get('allow')).toBeTruthy();
    for (const answer of answers)
      expect(errorBody(answer.body), answer.status.toString()).toBe(true);
  });
});

describe('docs/openapi-control.json as linters read it', () => {
  const document = read('openapi-control.json') as Document & { security?: unknown };

  // No control endpoint takes a key: said once, at the root (Redocly's security-defined).
  it('says the control endpoints take no security', () => {
    expect(document.security).toEqual([]);
  });

  it.each(['openapi.json', 'openapi-control.json'])(
    '%s gives every operation a summary',
    (file) => {
      const bare = Object.entries(read(file).paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([method]) => method !== 'parameters')
          .filter(([, operation]) => !(operation as { summary?: string }).summary?.trim())
          .map(([method]) => `${method} ${path}`),
      );
      expect(bare).toEqual([]);
    },
  );
});
