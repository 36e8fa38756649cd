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
