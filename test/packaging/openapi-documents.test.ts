// The OpenAPI documents the package ships describe every endpoint the mock serves and no
// other, describe each component (a client generator turns a description into the doc
// comment of the type it makes, so one without it is a bare type), and the control
// document's fault rule takes what the mock takes.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createMockService, type FaultRule } from '../../mock/index.js';
import { createService } from '../../mock/service.js';

type Document = {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { description?: string }> };
};

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8')) as Document;

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
