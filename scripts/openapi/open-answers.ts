// Every object a document's sender sends says it is open. openapi-generator reads an object
// without `additionalProperties` as closed (its default disallowAdditionalPropertiesIfNotPresent),
// and the Java client it makes then throws on any field a newer service or mock adds; the SDK
// keeps such fields, and a client generated from these documents should too.
import type { Json } from './json-schema.js';

const isObjectType = (type: unknown) =>
  type === 'object' || (Array.isArray(type) && type.includes('object'));

/**
 * Marks open (`additionalProperties: {}`) every object with named properties that the
 * document's sender sends: each operation's responses and each delivered event (`webhooks`),
 * components reached through `$ref` included. What clients send keeps what its schema says.
 *
 * @param document - A built document; changed in place and returned.
 */
export function openWhatIsSent<D extends Json>(document: D): D {
  const components = ((document.components as Json | undefined)?.schemas ?? {}) as Json;
  const seen = new Set<unknown>();
  const open = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    const schema = value as Json;
    if (typeof schema.$ref === 'string') open(components[schema.$ref.split('/').at(-1) ?? '']);
    if (isObjectType(schema.type) && schema.properties && !schema.additionalProperties)
      schema.additionalProperties = {};
    for (const inner of Object.values(schema)) open(inner);
  };
  for (const operations of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(operations)) open((operation as Json)?.responses);
  }
  for (const operations of Object.values((document.webhooks ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(operations)) open((operation as Json)?.requestBody);
  }
  return document;
}
