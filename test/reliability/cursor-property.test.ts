// Property: a cursor pull through the SDK that runs while orders are created and updated,
// and that crashes and resumes from saved checkpoints, has seen the final version of every
// order matching its filters once the writes stop, and nothing outside the filters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockService, type MockService, type OrderInput } from '../../mock/index.js';
import type { Order, OrderCursor } from '../../src/index.js';
import { clientFor, type Filters, finalVersions, matches, SEED } from '../support/reliability.js';

const T = Date.parse('2026-06-15T10:00:00.000Z');
const STATUSES = ['Created', 'Processing', 'shipped'] as const;
const PLATFORMS = ['web', 'marketplace'] as const;

type Op =
  | { kind: 'consume'; count: number }
  | { kind: 'update'; pick: number; status?: string; platform?: string }
  | { kind: 'create'; status: string; platform: string }
  | { kind: 'advance'; ms: number }
  | { kind: 'crash'; politely: boolean };

interface Scenario {
  size: number;
  idStyle: 'decimal' | 'mixed';
  spread: 'one-instant' | 'groups';
  statusOf: number[];
  platformOf: number[];
  limit: number;
  filters: Filters;
  mode: 'orders' | 'pages';
  saveEvery: number;
  ops: Op[];
}

const opArb = (advancing: boolean): fc.Arbitrary<Op> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('consume'), count: fc.nat(60) }) },
    {
      weight: 4,
      arbitrary: fc.record(
        {
          kind: fc.constant('update'),
          pick: fc.nat(),
          status: fc.constantFrom(...STATUSES),
          platform: fc.constantFrom(...PLATFORMS),
        },
        { requiredKeys: ['kind', 'pick'] },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('create'),
        status: fc.constantFrom(...STATUSES),
        platform: fc.constantFrom(...PLATFORMS),
      }),
    },
    {
      weight: advancing ? 2 : 0,
      arbitrary: fc.record({ kind: fc.constant('advance'), ms: fc.constantFrom(0, 1, 2, 1000) }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash'), politely: fc.boolean() }) },
  ) as fc.Arbitrary<Op>;

const scenarioArb = (advancing: boolean): fc.Arbitrary<Scenario> =>
  fc.integer({ min: 1, max: 150 }).chain((size) =>
    fc.record({
      size: fc.constant(size),
      idStyle: fc.constantFrom('decimal', 'mixed'),
      spread: fc.constantFrom('one-instant', 'groups'),
      statusOf: fc.array(fc.nat(STATUSES.length - 1), { minLength: size, maxLength: size }),
      platformOf: fc.array(fc.nat(PLATFORMS.length - 1), { minLength: size, maxLength: size }),
      limit: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 200 })),
      filters: fc.record(
        { status: fc.constantFrom(...STATUSES), platform: fc.constantFrom(...PLATFORMS) },
        { requiredKeys: [] },
      ),
      mode: fc.constantFrom('orders', 'pages'),
      saveEvery: fc.integer({ min: 1, max: 4 }),
      ops: fc.array(opArb(advancing), { maxLength: 40 }),
    }),
  ) as fc.Arbitrary<Scenario>;

function buildStore(s: Scenario): MockService {
  const orders: OrderInput[] = Array.from({ length: s.size }, (_, i) => {
    // Mixed: decimal ids out of creation order, and ids that sort after every decimal one.
    const id =
      s.idStyle === 'decimal' ? String(i + 1) : i % 3 === 0 ? `ord_${s.size - i}` : String(3 * i);
    const updated = s.spread === 'one-instant' ? T : T - (i % 4) * (i % 2 === 0 ? 1 : 1000);
    return {
      id,
      status: STATUSES[s.statusOf[i] ?? 0],
      platform: PLATFORMS[s.platformOf[i] ?? 0],
      order_date: new Date(T - 86_400_000).toISOString(),
      created_at: new Date(T - 86_400_000).toISOString(),
      updated_at: new Date(updated).toISOString(),
    };
  });
  const mock = createMockService({ orders, products: 3 });
  mock.clock.set(T);
  return mock;
}

/** One consumer: the iterator it is on, its saved checkpoint and everything it processed. */
class Consumer {
  readonly seen = new Set<string>();
  readonly outside: Order[] = [];
  saved: OrderCursor | undefined;
  private sinceSave = 0;
  private orders: ReturnType<ReturnType<typeof clientFor>['orders']['iterate']> | undefined;
  private pages: ReturnType<ReturnType<typeof clientFor>['orders']['pages']> | undefined;

  constructor(
    private readonly client: ReturnType<typeof clientFor>,
    private readonly s: Scenario,
  ) {}

  private params() {
    return { ...this.s.filters, limit: this.s.limit, ...this.saved };
  }

  private process(order: Order) {
    this.seen.add(`${order.id}@${order.updated_at}`);
    if (!matches(order, this.s.filters)) this.outside.push(order);
  }

  /** Processes up to `count` orders (or pages); false when the pull ended first. */
  async step(count: number): Promise<boolean> {
    for (let done = 0; done < count; done++) {
      if (this.s.mode === 'orders') {
        this.orders ??= this.client.orders.iterate(this.params());
        const next = await this.orders.next();
        if (next.done) {
          this.saved = this.orders.checkpoint;
          this.orders = undefined;
          return false;
        }
        this.process(next.value);
        if (++this.sinceSave >= this.s.saveEvery) {
          this.saved = this.orders.checkpoint;
          this.sinceSave = 0;
        }
      } else {
        this.pages ??= this.client.orders.pages(this.params());
        const next = await this.pages.next();
        if (next.done) {
          this.saved = this.pages.cursor;
          this.pages = undefined;
          return false;
        }
        for (const order of next.value.items) this.process(order);
        if (++this.sinceSave >= this.s.saveEvery) {
          this.saved = this.pages.cursor;
          this.sinceSave = 0;
        }
      }
    }
    return true;
  }

  /** Drops the iterator, as a killed process would; work after the last save is redone. */
  async crash(politely: boolean) {
    if (politely) await (this.orders ?? this.pages)?.return();
    this.orders = undefined;
    this.pages = undefined;
    this.sinceSave = 0;
  }

  /** Ends the current pull; bounded, so a pull that never ends fails instead of hanging. */
  private async drain() {
    for (let steps = 0; await this.step(1000); steps++) {
      if (steps > 100) throw new Error('the pull never reached has_more: false');
    }
  }

  /** Ends the current pull, then pulls again from the checkpoint until one brings nothing new. */
  async settle() {
    await this.drain();
    for (let round = 0; round < 10; round++) {
      const before = this.seen.size;
      await this.drain();
      if (this.seen.size === before) return;
    }
    throw new Error('the pull never settled');
  }
}

async function run(s: Scenario) {
  const mock = buildStore(s);
  const client = clientFor(mock);
  const consumer = new Consumer(client, s);
  const ids = () => mock.orders.all().map((order) => order.id);
  for (const op of s.ops) {
    switch (op.kind) {
      case 'consume':
        await consumer.step(op.count);
        break;
      case 'update': {
        const all = ids();
        const { pick: _pick, kind: _kind, ...patch } = op;
        mock.orders.update(all[op.pick % all.length] as string, { ...patch });
        break;
      }
      case 'create':
        mock.orders.create({ status: op.status, platform: op.platform });
        break;
      case 'advance':
        mock.clock.advance(op.ms);
        break;
      case 'crash':
        await consumer.crash(op.politely);
        break;
    }
  }
  await consumer.settle();
  const missing = [...finalVersions(mock, s.filters)].filter((key) => !consumer.seen.has(key));
  expect(missing).toEqual([]);
  expect(consumer.outside).toEqual([]);
}

describe('cursor pull under concurrent writes, crashes and resumes', () => {
  it('sees the final version of every matching order with the clock frozen', async () => {
    await fc.assert(fc.asyncProperty(scenarioArb(false), run), { seed: SEED, numRuns: 100 });
  });

  it('sees the final version of every matching order with the clock advancing', async () => {
    await fc.assert(fc.asyncProperty(scenarioArb(true), run), { seed: SEED + 1, numRuns: 100 });
  });

  it('sees every order of a large group sharing one updated_at, page limits 1 to 200', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarioArb(false).map((s): Scenario => ({ ...s, spread: 'one-instant' })),
        fc.integer({ min: 1, max: 200 }),
        (s, limit) => run({ ...s, limit }),
      ),
      { seed: SEED + 2, numRuns: 40 },
    );
  });
});
