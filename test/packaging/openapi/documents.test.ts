// docs/openapi.json and docs/openapi-control.json together: they describe every endpoint the
// mock serves and no other, describe each component and tag (a client generator turns a
// description into the doc comment of the type it makes, so one without it is a bare type),
// give each operation a summary, and describe what the mock answers beside each operation's
// own statuses.
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock/index.js';
import { createService } from '../../../mock/service.js';
import { reach, send, useMswServer } from '../../support/mock.js';
import { DOCUMENTS, read, schemasUnder, sentRoots, validatorOf } from '../../support/openapi.js';

const server = useMswServer();

describe('docs/openapi.json and docs/openapi-control.json together', () => {
  it('describe exactly the endpoints the mock serves, method by method', () => {
    const documented = DOCUMENTS.flatMap((file) =>
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

describe.each(DOCUMENTS)('docs/%s', (file) => {
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

  // Redocly's operation-summary.
  it('gives every operation a summary', () => {
    const bare = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => method !== 'parameters')
        .filter(([, operation]) => !(operation as { summary?: string }).summary?.trim())
        .map(([method]) => `${method} ${path}`),
    );
    expect(bare).toEqual([]);
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
        expect(Object.keys(fallback?.headers ?? {}), `${method} ${at}`).toEqual(
          expect.arrayContaining(['Allow', 'Location']),
        );
      }
    }
  });

  it('are bodies the default response describes', async () => {
    const { hostUrl } = await reach(server, createMockService(), 'msw');
    const big = JSON.stringify({ url: 'x'.repeat(1024 * 1024) });
    const answers = [
      await send(`${hostUrl}${path}`, { method: wrongMethod }),
      await send(`${hostUrl}${path}`, { method: 'POST', body: big }),
      await send(`${hostUrl}${path}/%zz`),
    ];
    // The trailing slash's 307, not followed (send() follows it).
    const slash = await fetch(`${hostUrl}${path}/?x=1`, { method: 'POST', redirect: 'manual' });
    answers.push({ status: slash.status, headers: slash.headers, body: await slash.json() });
    expect(answers.map(({ status }) => status)).toEqual([405, 413, 400, 307]);
    expect(answers[0]?.headers.get('allow')).toBeTruthy();
    expect(answers[3]?.headers.get('location')).toBe(`../${path.split('/').at(-1)}?x=1`);
    for (const answer of answers)
      expect(errorBody(answer.body), answer.status.toString()).toBe(true);
  });
});

describe.each(DOCUMENTS)('docs/%s, what its sender sends', (file) => {
  // openapi-generator reads an object without additionalProperties as closed (its default
  // disallowAdditionalPropertiesIfNotPresent), and a Java client it generates then throws on
  // any field a newer service or mock adds. The SDK keeps such fields, so every object sent
  // (answers, and the events the service delivers) says it is open.
  it('is open wherever it names properties', () => {
    const document = read(file);
    const sent = schemasUnder(document, sentRoots(document));
    const objects = sent.filter(
      ([, schema]) =>
        (schema.type === 'object' ||
          (Array.isArray(schema.type) && schema.type.includes('object'))) &&
        schema.properties !== undefined,
    );
    expect(objects.length).toBeGreaterThan(5);
    const closed = objects.filter(([, schema]) => !schema.additionalProperties).map(([at]) => at);
    expect(closed).toEqual([]);
  });
});
