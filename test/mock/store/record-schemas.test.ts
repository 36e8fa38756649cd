// The mock checks what it is given to store with schemas that extend the SDK's response
// schemas, whose fields the SDK does not rely on never fail (a `catch`). Each record schema
// restates such fields with their type, or the mock would store a sku of 42 without a word.
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import * as records from '../../../mock/store/record-schemas.js';

type Def = {
  type: string;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  shape?: Record<string, z.ZodMiniType>;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
};

/** The paths inside a schema where a value of any type would pass. */
function catches(schema: z.ZodMiniType, path: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as Def;
  if (def.type === 'catch') return [path];
  const inner = [
    ...Object.entries(def.shape ?? {}).map(([key, field]) => [`${path}.${key}`, field] as const),
    ...[def.innerType, def.element, def.in, def.out, ...(def.options ?? [])]
      .filter((field): field is z.ZodMiniType => field !== undefined)
      .map((field) => [path, field] as const),
  ];
  return inner.flatMap(([where, field]) => catches(field, where, seen));
}

describe('the mock’s record schemas', () => {
  it.each(Object.entries(records))('%s types every field it takes', (name, schema) => {
    expect(catches(schema as z.ZodMiniType, name)).toEqual([]);
  });
});
