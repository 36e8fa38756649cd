// docs/mock.md shows the resilience example's two functions: they must be the code CI runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const example = readFileSync(join(root, 'examples/resilience.ts'), 'utf8');
const docs = readFileSync(join(root, 'docs/mock.md'), 'utf8');

describe("docs/mock.md, 'Testing your integration's resilience'", () => {
  it.each(['inProcess', 'overHttp'])(
    'shows %s exactly as examples/resilience.ts runs it',
    (name) => {
      const start = example.indexOf(`async function ${name}(`);
      const end = example.indexOf('\n}\n', start);
      expect(start).toBeGreaterThan(0);
      expect(docs).toContain(example.slice(start, end + 2));
    },
  );
});
