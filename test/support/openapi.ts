// Reading the OpenAPI documents the package ships (docs/openapi.json, docs/openapi-control.json)
// as a generated client or validator reads them.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** The two documents, by file name under docs/. */
export const DOCUMENTS = ['openapi.json', 'openapi-control.json'];

/** The parts of a document the tests reach into. */
export type Document = {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { description?: string }> };
};

/** One document of docs/, parsed. */
export const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8')) as Document;

/**
 * A validator for one component schema of a document, as a generated validator reads it:
 * JSON Schema 2020-12, `$ref`s resolved within the document. Formats are not checked, so
 * what the document says must hold in its other keywords (a pattern) too.
 */
export function validatorOf(file: string, id: string) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema(read(file) as object, file);
  const validate = ajv.getSchema(`${file}#/components/schemas/${id}`);
  if (!validate) throw new Error(`${file} has no schema ${id}`);
  return (value: unknown) => validate(value) as boolean;
}

/**
 * Every schema object of a document reachable from `roots` (parts of it, such as an
 * operation's responses), `$ref`s to its components followed, each with where it was found.
 */
export function schemasUnder(document: Document, roots: [at: string, value: unknown][]) {
  const found: [at: string, schema: Record<string, unknown>][] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, at: string): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    const schema = value as Record<string, unknown>;
    found.push([at, schema]);
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.split('/').at(-1) ?? '';
      walk(document.components.schemas[name], `#/components/schemas/${name}`);
    }
    for (const [key, inner] of Object.entries(schema)) walk(inner, `${at}/${key}`);
  };
  for (const [at, value] of roots) walk(value, at);
  return found;
}

/** What the sender of a document sends: each operation's responses and each delivered event. */
export function sentRoots(document: Document): [at: string, value: unknown][] {
  const roots: [string, unknown][] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      roots.push([`${method} ${path}`, (operation as { responses?: unknown }).responses]);
    }
  }
  const { webhooks = {} } = document as { webhooks?: Record<string, Record<string, unknown>> };
  for (const [name, operations] of Object.entries(webhooks)) {
    for (const operation of Object.values(operations))
      roots.push([name, (operation as { requestBody?: unknown }).requestBody]);
  }
  return roots;
}
