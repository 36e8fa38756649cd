// The TypeScript blocks of the README and the guides in docs/, type-checked against the
// source: a snippet that stops compiling (a renamed option, a changed result type) fails here,
// not in a reader's editor. A block is a fragment, so each becomes a module whose imports stay
// on top and whose other lines run in an async function (a block may `await` or `return`).
// The names a document's blocks use without defining them (`client`, `mock`, `db`, ...: defined
// in an earlier block or in the prose around it) are declared in that document's prelude, with
// the SDK's and the mock's own types. A block fenced ```ts ignore (runtime glue such as
// Deno.serve) is not checked.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Under the repository (and ignored by git), so that tsconfig's paths resolve the package.
const DIR = join(ROOT, '.tmp', 'doc-blocks');

// README.md: the client and the reader's own functions its sections use.
const README = `import type { IncomingMessage, ServerResponse } from 'node:http';
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
  const metrics: { count(name: string, ...labels: (string | number)[]): void };
  function pino(): Logger;
  function loadCheckpoint(): Promise<OrderCursor | undefined>;
  function saveCheckpoint(cursor: OrderCursor): Promise<void>;
  function upsert(order: object): Promise<void>;
  function upsertMany(orders: readonly object[]): Promise<void>;
}
export {};
`;

// docs/cursor.md: \`db\` is the reader's own database, with the operations the prose names.
const CURSOR = `import type { Client, Order, OrderCursor } from 'order-fulfillment-sdk';
interface Transaction {
  upsertOrderIfNotOlder(order: Order): Promise<void>;
  upsertOrders(orders: readonly Order[]): Promise<void>;
  saveCheckpoint(name: string, cursor: OrderCursor): Promise<void>;
}
declare global {
  const client: Client;
  const hostUrl: string;
  const apiKey: string;
  const db: Pick<Transaction, 'saveCheckpoint'> & {
    loadCheckpoint(name: string): Promise<OrderCursor | undefined>;
    transaction(work: (tx: Transaction) => Promise<void>): Promise<void>;
  };
  function store(orders: readonly Order[]): Promise<void>;
}
export {};
`;

// docs/mock.md: \`mock\` from its first block; the resilience example's header from the first
// of its two functions.
const MOCK = `import type { ConnectionError as SdkConnectionError, createClient as create, OrderCursor as Cursor } from 'order-fulfillment-sdk';
import type { createMockService as createMock, FaultRule, MOCK_API_KEY as KEY, MockService } from 'order-fulfillment-sdk/mock';
declare global {
  const mock: MockService;
  const rule: FaultRule;
  const createMockService: typeof createMock;
  const createClient: typeof create;
  const MOCK_API_KEY: typeof KEY;
  const ConnectionError: typeof SdkConnectionError;
  type ConnectionError = SdkConnectionError;
  type OrderCursor = Cursor;
  const ORDERS: string;
  function check(ok: boolean, what: string): void;
  function syncOrders(): Promise<unknown>;
}
export {};
`;

// docs/webhooks.md: \`upsertOrder\` as its idempotency block defines it, \`handled\` as the
// event types a receiver handles, a pg pool as \`db\`, a Workers KV namespace as \`kv\`.
const WEBHOOKS = `import type { Pool } from 'pg';
import type { Client, FulfillmentNotification, Order, OrderEvent, WebhookEventHandlers } from 'order-fulfillment-sdk';
declare global {
  const client: Client;
  const hostUrl: string;
  const apiKey: string;
  const secret: string;
  const secrets: { put(name: string, value: string): Promise<void> };
  const request: Request;
  const event: OrderEvent;
  const on: WebhookEventHandlers;
  const handled: ReadonlySet<string>;
  const receiverUrl: string;
  const url: string;
  const notification: FulfillmentNotification;
  const db: Pool;
  const kv: {
    get(key: string): Promise<string | null>;
    put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
  };
  function handleOnce(event: OrderEvent): Promise<void>;
  function upsertOrder(order: Order): Promise<void>;
  function webhookSecretOf(merchant: string): Promise<string | undefined>;
  function upsertMerchantOrder(merchant: string, order: Order): Promise<void>;
}
export {};
`;

/** Each document with its prelude and the fewest blocks it is known to hold. */
const DOCUMENTS = [
  { path: 'README.md', prelude: README, atLeast: 11 },
  { path: 'docs/cursor.md', prelude: CURSOR, atLeast: 5 },
  { path: 'docs/mock.md', prelude: MOCK, atLeast: 6 },
  { path: 'docs/webhooks.md', prelude: WEBHOOKS, atLeast: 8 },
];

interface Block {
  /** The document line of the block's first code line. */
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

/** A block as a module, and for each of its lines the document line it came from (0: none). */
interface Module {
  text: string;
  origins: number[];
}

// Imports on top (they may span lines), everything else in an async function, unless the block
// exports (it is then a module of its own, top-level await included); every line keeps its
// document line, so that an error names the line a reader sees.
function asModule(block: Block): Module {
  const lines = block.code.replace(/\n$/, '').split('\n');
  const imports: number[] = [];
  let inImport = false;
  lines.forEach((text, index) => {
    if (text.startsWith('import ')) inImport = true;
    if (inImport) imports.push(index);
    if (inImport && /(^| )from '[^']+';|^import '[^']+';/.test(text)) inImport = false;
  });
  if (lines.some((text) => text.startsWith('export '))) {
    return { text: `${lines.join('\n')}\n`, origins: lines.map((_, index) => block.line + index) };
  }
  const body = lines.map((_, index) => index).filter((index) => !imports.includes(index));
  const order = [...imports, -1, ...body, -1];
  const text = order.map((index, at) => {
    if (index >= 0) return lines[index];
    return at === imports.length ? 'export async function block() {' : '}';
  });
  return {
    text: `${text.join('\n')}\n`,
    origins: order.map((index) => (index >= 0 ? block.line + index : 0)),
  };
}

// The project's compiler options, read once for every document.
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config,
  ts.sys,
  ROOT,
);
let previous: ts.Program | undefined;

/** Type errors of a document's blocks, each as `path:line: message`. */
function typeErrors(document: string, prelude: string, found: Block[]): string[] {
  const dir = join(DIR, document.replace(/[^\w.-]/g, '-'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const origins = new Map<string, number[]>();
  writeFileSync(join(dir, 'prelude.d.ts'), prelude);
  for (const block of found) {
    const module = asModule(block);
    const file = join(dir, `line-${block.line}.ts`);
    writeFileSync(file, module.text);
    origins.set(file, module.origins);
  }
  // One program per document, since each prelude declares its own globals; the previous
  // program lends the unchanged source files.
  const program = ts.createProgram({
    rootNames: [join(dir, 'prelude.d.ts'), ...origins.keys()],
    options: { ...options, noUnusedLocals: false },
    oldProgram: previous,
  });
  previous = program;
  // In document order, so that the first error listed is the first a reader meets.
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName.startsWith(dir))
    .map((diagnostic) => {
      const file = diagnostic.file?.fileName ?? '';
      const { line = 0 } =
        diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0) ?? {};
      const origin = origins.get(file)?.[line] ?? 0;
      const where = origin
        ? `${document}:${origin}`
        : `${document} (${file.slice(dir.length + 1)}:${line + 1})`;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return { origin, text: `${where}: ${message}` };
    })
    .sort((a, b) => a.origin - b.origin)
    .map((error) => error.text);
}

for (const { path, prelude, atLeast } of DOCUMENTS) {
  describe(path, () => {
    const found = blocks(readFileSync(join(ROOT, path), 'utf8'));

    it('has TypeScript blocks to check', () => {
      expect(found.length).toBeGreaterThanOrEqual(atLeast);
    });

    it('has blocks that compile against the SDK and the mock', () => {
      expect(typeErrors(path, prelude, found)).toEqual([]);
    }, 60_000);
  });
}
