// zod schemas as OpenAPI components, for both documents: zod's JSON Schema with what a
// component must not carry removed, sorted by id, and the small builders both documents use.
import * as z from 'zod/mini';

// The documents are checked against the OpenAPI 3.1 schema when they are built, so plain JSON
// types are enough here (openapi-types' 3.1 types mix in 3.0 ones and reject valid documents).
/** A JSON object of a document. */
export type Json = { [key: string]: unknown };
/** A JSON Schema object, with the properties the builders reach into. */
export type Schema = Json & { properties?: Record<string, Json> };

/** What a registered schema is called among the components, and what it says. */
export interface SchemaMeta {
  id: string;
  description: string;
}

/** A registry of schemas that become components. */
export type SchemaRegistry = z.core.$ZodRegistry<SchemaMeta>;

/** A component: its schema, its id, and what it is. */
export type Component = [schema: z.core.$ZodType, id: string, description: string];

/** A registry holding these components, in this order. */
export function registryOf(components: Component[]): SchemaRegistry {
  const registry = z.registry<SchemaMeta>();
  for (const [schema, id, description] of components) registry.add(schema, { id, description });
  return registry;
}

/**
 * What an instant the mock reads (a pull's `since`, an order's timestamps) must be besides the
 * date-time pattern, which takes any four-digit year (mock/store/instants.ts): Python's
 * datetime, the service's, has no year 0000, and every timestamp the mock writes stays in
 * years 0001 to 9999 once in UTC.
 */
export const INSTANT_YEARS =
  'Not written in year 0000, and within 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z ' +
  'once in UTC (422 `datetime_parsing` otherwise), which the pattern does not check.';

/**
 * What an instant the service is sent (a pull's `since`, the inbound `shipped_at`) may be
 * besides the pattern's spelling: what pydantic v2, which the mock models, reads as a
 * `datetime` (mock/store/instants.ts).
 */
export const OTHER_SPELLINGS =
  'The pattern is the spelling to send; a pydantic v2 service also reads its other spellings ' +
  'of an instant, and so does the mock: a space, `t` or `_` for `T`, `z` for `Z`, an offset ' +
  'without its colon (`+0000`) or with the minus sign `−` (U+2212), no seconds ' +
  '(`2026-01-01T10:00Z`), a `,` before the fraction. ' +
  'A value without an offset is 422 `datetime_parsing`.';

/** A reference to a component schema. */
export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** A JSON media type with this schema. */
export const json = (schema: object) => ({ 'application/json': { schema } });

/**
 * The `default` response of every operation of both documents: what the mock answers beside
 * each operation's own statuses (docs/spec-gaps.md, "Paths and versioning", "Errors",
 * "Limits"), each with the ErrorBody `{"detail": "<sentence>"}`, so a generated client types
 * those bodies too.
 */
const defaultResponse = (): Json => ({
  description:
    'Any other answer, with a JSON `detail` sentence (docs/spec-gaps.md): 307 for the path ' +
    'with trailing slashes (with `Location`, whatever the method, before authentication), ' +
    '405 for a method the path does not take (with `Allow`), 413 for a body over 1 MiB, 400 ' +
    'for malformed percent-encoding in the path (or, from the standalone server, a request it ' +
    'cannot parse), 431 for headers over 16 KB, 500 for an unexpected failure.',
  headers: {
    Allow: {
      description: 'On a 405: the methods the path takes, such as `GET`.',
      schema: { type: 'string' },
    },
    // Relative, unlike FastAPI's: over HTTP the mock answers on another origin than its host
    // URL, and only a relative reference leads back on both transports (mock/routes/router.ts).
    Location: {
      description:
        'On a 307: the same URL without the trailing slashes, query kept, relative to the ' +
        'request (`../orders?limit=5` for `.../orders/?limit=5`); a 307 keeps the method.',
      schema: { type: 'string' },
    },
  },
  content: json(ref('ErrorBody')),
});

/** Every operation of these paths with the {@link defaultResponse}. */
export function withDefaultResponses(paths: Record<string, Json>): Record<string, Json> {
  for (const operations of Object.values(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (method === 'parameters') continue;
      const responses = (operation as Json).responses as Json;
      responses.default = defaultResponse();
    }
  }
  return paths;
}

/**
 * Every answer of the mock, the service's and the control endpoints' alike, carries
 * X-Request-Id: the header goes on each response of each operation, as the document's
 * `#/components/headers/RequestId`.
 */
export function withRequestIds(paths: Record<string, Json>): Record<string, Json> {
  for (const operations of Object.values(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (method === 'parameters') continue;
      const responses = ((operation as Json).responses ?? {}) as Record<string, Json>;
      for (const response of Object.values(responses)) {
        response.headers = {
          'X-Request-Id': { $ref: '#/components/headers/RequestId' },
          ...(response.headers as Json | undefined),
        };
      }
    }
  }
  return paths;
}

/**
 * Strips what zod adds for standalone documents but OpenAPI components must not carry, and
 * says `format: int64` of an integer that can leave the 32-bit range.
 *
 * @param io - What the schema describes. zod marks every int with the safe-integer range:
 *   for what the service takes (`input`) that is a bound it enforces (a larger value is 422),
 *   which a client must not cross, so it stays; for what it sends it says nothing to a reader.
 *   Either way the range is past 32 bits, so the integer says `int64` first.
 */
export function clean(schema: unknown, io: 'input' | 'output'): Schema {
  const json = JSON.parse(
    JSON.stringify(schema, (key, value) => {
      if (key === '$schema' || key === '$id') return undefined;
      if (io === 'output' && key === 'minimum' && value === Number.MIN_SAFE_INTEGER)
        return undefined;
      if (io === 'output' && key === 'maximum' && value === Number.MAX_SAFE_INTEGER)
        return undefined;
      return int64(oneBranch(value));
    }),
  );
  return json as Schema;
}

/**
 * An integer schema whose bounds leave the 32-bit range, with `format: int64`: Java-family
 * generators read an integer without a format as a 32-bit `Integer` (a larger value overflows
 * it), and with bean validation write `@Max(9007199254740991)`, which javac refuses as too
 * large an int literal (openapi-generator #11087, #18082). `int64` makes it a `Long`. An
 * integer bounded within 32 bits (a page size from 1 to 200) is left as it is.
 */
export function int64(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const { type, format, ...rest } = value as Json;
  const types: unknown[] = Array.isArray(type) ? type : [type];
  if (!types.includes('integer') || format !== undefined) return value;
  const low = Number(rest.minimum ?? rest.exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
  const high = Number(rest.maximum ?? rest.exclusiveMaximum ?? Number.POSITIVE_INFINITY);
  const inInt32 = low >= -(2 ** 31) && high <= 2 ** 31 - 1;
  return inInt32 ? value : { type, format: 'int64', ...rest };
}

// A union whose branches read the same (the SDK reads a bare items array, or a body that is no
// object, into the same shape as the other branch) is that one shape: generators would
// otherwise make a union type of two equal ones.
function oneBranch(value: unknown): unknown {
  const { anyOf, ...rest } = (value ?? {}) as { anyOf?: unknown[] };
  if (!Array.isArray(anyOf) || anyOf.length < 2) return value;
  const [first] = anyOf.map((branch) => JSON.stringify(branch));
  if (anyOf.some((branch) => JSON.stringify(branch) !== first)) return value;
  return { ...rest, ...(anyOf[0] as object) };
}

/** The cleaned JSON Schema of every schema in a registry, by id. */
export function registrySchemas(
  registry: SchemaRegistry,
  io: 'input' | 'output',
  options: { unrepresentable?: 'any' } = {},
): Record<string, Schema> {
  const uri = (id: string) => `#/components/schemas/${id}`;
  // The registry gives the ids; naming it as the metadata too carries each description.
  const schemas = z.toJSONSchema(registry, { io, uri, metadata: registry, ...options }).schemas;
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, clean(schema, io)]));
}

/** Sorted by id, so a document's diff stays stable when a schema is added. */
export function sortedById<T>(components: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
}
