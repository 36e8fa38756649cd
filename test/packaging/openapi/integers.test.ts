// The integers of both documents: what the mock reads is bounded where the mock refuses it,
// past 2^53 - 1.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock/index.js';
import { reach, send, useMswServer } from '../../support/mock.js';
import { DOCUMENTS, read, schemasUnder, sentRoots, validatorOf } from '../../support/openapi.js';

const server = useMswServer();

describe('integers the mock reads, in both documents', () => {
  const MAX = Number.MAX_SAFE_INTEGER;
  type Parameter = { name: string; in: string; schema: { type?: string; maximum?: number } };
  type Operations = Record<string, { parameters?: Parameter[] }>;

  it.each(DOCUMENTS)(
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
    const { hostUrl } = await reach(server, createMockService(), 'msw');
    // Written out: String(2 ** 53) is what a client sends for the first unsafe integer.
    for (const [value, accepted] of [
      [MAX, true],
      [MAX + 1, false],
    ] as const) {
      const answer = await send(`${hostUrl}${path}?${name}=${String(value)}`);
      expect(answer.status === 422, `${name}=${value}`).toBe(!accepted);
      expect(documented(value), `${name}=${value}`).toBe(accepted);
    }
  });

  it.each([
    ['ClockAdvance', 'ms', -MAX - 1, '/__mock/clock/advance'],
    ['ProductInput', 'id', MAX + 1, '/__mock/products'],
    ['ProductInput', 'stock', MAX + 1, '/__mock/products'],
  ])('openapi-control.json %s.%s refuses %s, as the mock does', async (id, field, value, path) => {
    const { hostUrl } = await reach(server, createMockService(), 'msw');
    const answer = await send(`${hostUrl}${path}`, { method: 'POST', body: { [field]: value } });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(['body', field]);
    expect(validatorOf('openapi-control.json', id)({ [field]: value })).toBe(false);
  });
});

describe('integers the documents send', () => {
  // zod marks every int with the safe-integer range; for what the service or the mock sends
  // that is no rule a reader keeps, and clean() drops it (a bound that is the schema's own,
  // such as a fault rule's `status` from 200, stays).
  it.each(DOCUMENTS)('%s carries no ±(2^53 - 1) bound in what it sends', (file) => {
    const document = read(file);
    const sent = schemasUnder(document, sentRoots(document));
    expect(sent.length).toBeGreaterThan(20);
    const bounded = sent.filter(
      ([, schema]) =>
        schema.minimum === -Number.MAX_SAFE_INTEGER || schema.maximum === Number.MAX_SAFE_INTEGER,
    );
    expect(bounded.map(([at]) => at)).toEqual([]);
  });
});

describe('integers past 32 bits, in both documents', () => {
  // Java-family generators read an integer without a format as a 32-bit Integer, and with bean
  // validation write @Max(9007199254740991), which javac refuses (openapi-generator #11087,
  // #18082; swagger-codegen #8967): an integer that can leave 32 bits says int64 (a Long).
  const INT32 = [-(2 ** 31), 2 ** 31 - 1] as const;
  type Integer = { type?: unknown; format?: string; minimum?: number; maximum?: number };
  const integersOf = (found: [string, Record<string, unknown>][]) =>
    found.filter(([, schema]) => [schema.type].flat().includes('integer')) as [string, Integer][];
  const inInt32 = ({ minimum, maximum }: Integer) =>
    minimum !== undefined && maximum !== undefined && minimum >= INT32[0] && maximum <= INT32[1];

  it.each(DOCUMENTS)('%s says int64 of every integer whose bounds leave 32 bits', (file) => {
    const document = read(file);
    const integers = integersOf(schemasUnder(document, [['#', document]]));
    expect(integers.length).toBeGreaterThan(5);
    const leaving = integers.filter(
      ([, { minimum, maximum }]) => Number(minimum) < INT32[0] || Number(maximum) > INT32[1],
    );
    expect(leaving.length).toBeGreaterThan(1);
    expect(leaving.filter(([, schema]) => schema.format !== 'int64').map(([at]) => at)).toEqual([]);
    // Bounds within 32 bits (a page size from 1 to 200) need no format.
    const within = integers.filter(([, schema]) => inInt32(schema));
    expect(within.length).toBeGreaterThan(1);
    expect(within.filter(([, schema]) => schema.format).map(([at]) => at)).toEqual([]);
  });

  // What the service or the mock sends drops zod's safe-integer bounds, not their width: a
  // product id up to 2^53 - 1 in an answer overflows a 32-bit Integer just the same.
  it.each(DOCUMENTS)(
    '%s says int64 of every integer it sends unless bounded in 32 bits',
    (file) => {
      const document = read(file);
      const sent = integersOf(schemasUnder(document, sentRoots(document)));
      expect(sent.length).toBeGreaterThan(3);
      const narrow = sent.filter(([, schema]) => !inInt32(schema) && schema.format !== 'int64');
      expect(narrow.map(([at]) => at)).toEqual([]);
    },
  );
});
