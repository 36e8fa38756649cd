// The README's TypeScript blocks, type-checked against the source: a snippet that stops
// compiling (a renamed option, a changed result type) fails here, not in a reader's editor.
// A block is a fragment, so each becomes a module whose imports stay on top and whose other
// lines run in an async function (a block may `await` or `return`); the names blocks use
// without defining them (`client`, `loadCheckpoint`, ...) are declared below, with the SDK's
// own types. A block fenced ```ts ignore (runtime glue such as Deno.serve) is not checked.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Under the repository (and ignored by git), so that tsconfig's paths resolve the package.
const DIR = join(ROOT, '.tmp', 'readme-blocks');

const DECLARATIONS = `import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Client, createClient as create, Logger, OrderCursor, WebhookHandler } from 'order-fulfillment-sdk';
declare global {
  const client: Client;
  const createClient: typeof create;
  const hostUrl: string;
  const apiKey: string;
  const id: string;
  const correlationId: string;
  const rawBody: string;
  const header: string;
  const secret: string;
  const request: Request;
  const db: { upsertOrder(order: object): Promise<void> };
  const handler: WebhookHandler;
  // Express's, as far as the README uses it.
  const app: { post(path: string, listener: (req: IncomingMessage, res: ServerResponse) => void): void };
  function pino(): Logger;
  function loadCheckpoint(): Promise<OrderCursor | undefined>;
  function saveCheckpoint(cursor: OrderCursor): Promise<void>;
  function upsert(order: object): Promise<void>;
  function upsertMany(orders: readonly object[]): Promise<void>;
}
export {};
`;

interface Block {
  /** The README line of the block's first code line. */
  line: number;
  code: string;
}

function blocks(markdown: string): Block[] {
  const found: Block[] = [];
  const fence = /^```ts( ignore)?\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(fence)) {
    if (match[1]) continue;
    const line = markdown.slice(0, match.index).split('\n').length + 1;
    found.push({ line, code: match[2] as string });
  }
  return found;
}

// Imports on top (they may span lines), everything else in an async function.
function asModule(code: string): string {
  const imports = code.match(/^import [\s\S]*?from '[^']+';.*$/gm) ?? [];
  let body = code;
  for (const statement of imports) body = body.replace(statement, '');
  return `${imports.join('\n')}\nexport async function block() {\n${body}\n}\n`;
}

function typeErrors(files: Map<string, string>): string[] {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(DIR, name), text);
  const configFile = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  const program = ts.createProgram(
    [...files.keys()].map((name) => join(DIR, name)),
    { ...options, noUnusedLocals: false },
  );
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName.startsWith(DIR))
    .map((diagnostic) => {
      const { line } = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0) ?? {};
      const where = `${diagnostic.file?.fileName.slice(DIR.length + 1)}:${(line ?? 0) + 1}`;
      return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
}

describe('README.md', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const found = blocks(readme);

  it('has TypeScript blocks to check', () => {
    expect(found.length).toBeGreaterThan(10);
  });

  it('has blocks that compile against the SDK and the mock', () => {
    // Named by README line, so that a failure points at the block.
    const files = new Map([['declarations.d.ts', DECLARATIONS]]);
    for (const block of found) files.set(`readme-line-${block.line}.ts`, asModule(block.code));
    expect(typeErrors(files)).toEqual([]);
  }, 60_000);
});
