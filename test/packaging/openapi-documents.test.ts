// The OpenAPI documents the package ships describe each component: a client generator turns
// a description into the doc comment of the type it makes, so one without it is a bare type.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Document = { components: { schemas: Record<string, { description?: string }> } };

describe.each(['openapi.json', 'openapi-control.json'])('docs/%s', (file) => {
  const document = JSON.parse(
    readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8'),
  ) as Document;

  it('describes every component schema', () => {
    const components = Object.entries(document.components.schemas);
    expect(components.length).toBeGreaterThan(5);
    const bare = components.filter(([, schema]) => !schema.description?.trim());
    expect(bare.map(([id]) => id)).toEqual([]);
  });
});
