// The TypeScript blocks of the README and the guides in docs/, and the @example blocks of the
// TSDoc in src/ and mock/ (what typedoc shows as the way to use an export), type-checked
// against the source: a snippet that stops compiling (a renamed option, a changed result type)
// fails here, not in a reader's editor. The names a set of blocks uses without defining them
// (`client`, `mock`, `db`, ...: defined in an earlier block or in the prose around it) are
// declared in that set's prelude, with the SDK's and the mock's own types; an @example also
// gets the imports of the public names it uses, from the entry that exports them. A block
// fenced ```ts ignore (runtime glue such as Deno.serve) is not checked. How blocks become
// modules: test/support/doc-blocks.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { markdownBlocks, typeErrors } from './support/doc-blocks.js';
import { tsdocExamples, withImports } from './support/tsdoc-examples.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

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

// src/: what an example's prose supplies. The client and its configuration; what a receiver
// got (the request, its body, its headers, the secret); the reader's own storage and
// functions; runtime glue (Deno, undici's ProxyAgent, a Worker's \`env\`, Express's \`app\`);
// and a mock, for an option a test against it sets.
const SRC = `import type { IncomingMessage } from 'node:http';
import type { Client, FulfillmentNotification, Logger, NodeListener, Order, OrderCursor, OrderEvent, WebhookEventHandlers } from 'order-fulfillment-sdk';
import type { MockService } from 'order-fulfillment-sdk/mock';
type EventOrder = OrderEvent['data']['order'];
interface Transaction {
  upsertOrders(orders: readonly Order[]): Promise<void>;
  saveCheckpoint(cursor: OrderCursor): Promise<void>;
}
declare global {
  const client: Client;
  const hostUrl: string;
  const apiKey: string;
  const signingSecret: string;
  const id: string;
  const orderId: string;
  const correlationId: string;
  const request: Request;
  const req: IncomingMessage;
  const rawBody: string;
  const raw: string;
  const body: string;
  const header: string | null;
  const headers: Headers;
  const secret: string;
  const on: WebhookEventHandlers;
  const listener: NodeListener;
  const notification: FulfillmentNotification;
  const logger: Logger;
  const error: unknown;
  const mock: MockService;
  const env: {
    WEBHOOK_SECRET: string;
    WMS_SIGNING_SECRET: string;
    EVENTS: {
      get(key: string): Promise<string | null>;
      put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
    };
  };
  const app: { post(path: string, listener: NodeListener): void };
  const db: {
    upsertOrder(order: EventOrder): Promise<void>;
    upsertIfNewer(id: string, updatedAt: string, order: Order): Promise<void>;
    transaction(work: (tx: Transaction) => Promise<void>): Promise<void>;
  };
  const Deno: { serve(handler: (request: Request) => Promise<Response>): unknown };
  class ProxyAgent {
    constructor(url: string);
  }
  function loadCheckpoint(): Promise<OrderCursor | undefined>;
  function saveCheckpoint(cursor: OrderCursor): Promise<void>;
  function loadCursor(): Promise<OrderCursor | undefined>;
  function saveCursor(cursor: OrderCursor): Promise<void>;
  function handle(orders: readonly Order[]): Promise<void>;
  function upsertOrder(order: Order): Promise<void>;
  function sync(orderId: string): Promise<void>;
  function sleep(ms: number): Promise<void>;
  function report(name: string, message: string): void;
  function scheduleLater(): void;
}
export {};
`;

// mock/: \`mock\`, the service the prose has made.
const MOCK_SOURCE = `import type { MockService } from 'order-fulfillment-sdk/mock';
declare global {
  const mock: MockService;
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

for (const { path, prelude, atLeast } of DOCUMENTS) {
  describe(path, () => {
    const found = markdownBlocks(path, readFileSync(join(ROOT, path), 'utf8'));

    it('has TypeScript blocks to check', () => {
      expect(found.length).toBeGreaterThanOrEqual(atLeast);
    });

    it('has blocks that compile against the SDK and the mock', () => {
      expect(typeErrors(path, prelude, found)).toEqual([]);
    }, 60_000);
  });
}

/** Each source folder with its prelude, the entry it prefers, and the fewest examples. */
const SOURCES = [
  { dir: 'src', prelude: SRC, entry: 'order-fulfillment-sdk', atLeast: 66 },
  { dir: 'mock', prelude: MOCK_SOURCE, entry: 'order-fulfillment-sdk/mock', atLeast: 4 },
] as const;

for (const { dir, prelude, entry, atLeast } of SOURCES) {
  describe(`the TSDoc examples of ${dir}/`, () => {
    const { blocks, withoutCode } = tsdocExamples(dir);

    it('has a TypeScript block under every @example', () => {
      expect(withoutCode).toEqual([]);
      expect(blocks.length).toBeGreaterThanOrEqual(atLeast);
    });

    it('has examples that compile against the public entries', () => {
      const examples = blocks.map((block) => withImports(block, entry));
      expect(typeErrors(`tsdoc-${dir}`, prelude, examples)).toEqual([]);
    }, 60_000);
  });
}
