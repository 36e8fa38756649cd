// What the operations of the control document are made of: its responses, request bodies,
// path and query parameters, and tags.
import * as z from 'zod/mini';
import { clean, type Json, json, ref } from '../json-schema.js';

/** A 2xx answer with a JSON body (any object unless told). */
export const ok = (description: string, schema: object = { type: 'object' }) => ({
  description,
  content: json(schema),
});

/** A body `{"items": [...]}` of one component. */
export const items = (id: string) => ({
  type: 'object',
  properties: { items: { type: 'array', items: ref(id) } },
  required: ['items'],
});

/** A body `{"status": value}`. */
export const status = (value: string) => ({
  type: 'object',
  properties: { status: { const: value } },
  required: ['status'],
});

/** An error answer with the ErrorBody. */
export const error = (description: string) => ({ description, content: json(ref('ErrorBody')) });

/** The 422 of a body or query that failed validation. */
export const bad = error('The body (or query) failed validation; `detail` lists each problem.');

/** The 422 of a GET's query (a filter) that failed validation: a GET reads no body. */
export const badQuery = error('The query failed validation; `detail` lists each problem.');

/** An optional JSON request body of one component. */
export const body = (id: string) => ({ required: false, content: json(ref(id)) });

/** An optional JSON request body of one component, described. */
export const fields = (id: string, description: string) => ({
  required: false,
  description,
  content: json(ref(id)),
});

/** A path parameter (a string unless told). */
export const pathParam = (
  name: string,
  description: string,
  schema: Json = { type: 'string' },
) => ({ name, in: 'path', required: true, description, schema });

/** The tags of an operation. */
export const tags = (...names: string[]) => ({ tags: names });

/** The query parameters of a filter schema, each with its description. */
export function queryOf(schema: z.ZodMiniObject, descriptions: Record<string, string>): Json[] {
  const { properties } = clean(z.toJSONSchema(schema, { io: 'input' }), 'input');
  return Object.entries(properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    description: descriptions[name],
    // zod's safe-integer bound on an int stays: past it the filter is 422.
    schema: property,
  }));
}
