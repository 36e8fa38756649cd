// The fast response check compiled from the wire schemas must agree with zod exactly: it
// accepts a value when zod accepts it and returns it unchanged, and only then (a value zod
// changes, a decimal-string price, must go through zod).
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { fastCheck } from '../../src/core/compile.js';
import { parseResponse } from '../../src/core/validate.js';
import {
  FulfillmentResultSchema,
  OrderCursorPageSchema,
  OrderDetailSchema,
  OrderEventSchema,
  OrderItemListSchema,
  OrderListParamsSchema,
  OrderPageSchema,
  ProductListSchema,
  ResponseValidationError,
  WebhookSubscriptionCreateSchema,
  WebhookSubscriptionSchema,
} from '../../src/index.js';

const order = {
  id: '1042',
  order_number: 'SO-1042',
  status: 'Created',
  platform: 'shopify',
  source: 'shopify',
  external_ref: null,
  business_id: 'b1',
  order_date: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  shipped_at: null,
  customer_name: 'Ada',
  total_price: 12.5,
  currency: 'EUR',
  unknown_field: { nested: [1, 'two'] },
};

const samples: [string, z.ZodMiniType, unknown][] = [
  [
    'cursor page',
    OrderCursorPageSchema,
    {
      items: [order, { ...order, id: '1043' }],
      next_since: 'x',
      next_since_id: '1',
      has_more: true,
    },
  ],
  ['offset page', OrderPageSchema, { items: [order], total: 1, page: 1, page_size: 50 }],
  [
    'order detail',
    OrderDetailSchema,
    {
      ...order,
      shipping_address: { name: 'Ada', line2: null, extra: 1 },
      tracking_number: 'T1',
      tracking_url: null,
      shipments: [{ id: 's1', carrier: 'UPS', tracking_number: null }],
    },
  ],
  [
    'order items',
    OrderItemListSchema,
    { items: [{ sku: 'A', barcode: null, quantity: 2, price: 1.5, product_id: 7 }] },
  ],
  [
    'products',
    ProductListSchema,
    {
      items: [
        { id: 1, sku: 'A', name: 'a', barcode: 'b', stock: 3, price: 1, currency: 'EUR', x: 1 },
      ],
      page: 1,
      page_size: 50,
      total: 1,
    },
  ],
  [
    'subscription',
    WebhookSubscriptionSchema,
    { id: 'wh_1', url: 'https://x.test', events: ['order.created'], secret: 's' },
  ],
  ['fulfillment result', FulfillmentResultSchema, { status: 'applied', order_id: '1' }],
  [
    'order event',
    OrderEventSchema,
    { id: 'evt_1', type: 'order.updated', created_at: 'now', data: { order } },
  ],
];

// Any JSON-ish value, including the awkward ones zod treats specially.
const leaf = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(Number.NaN),
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom('applied', 'order.created', 'Created'),
);

type Path = (string | number)[];

function paths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      paths((value as Record<string, unknown>)[key], [...prefix, key], out);
    }
  }
  return out;
}

// A deep copy with one place replaced, deleted, or given an extra key.
function mutate(value: unknown, path: Path, action: 'set' | 'delete' | 'add', next: unknown) {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  if (path.length === 0) return action === 'set' ? next : copy;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (action === 'set') parent[last] = next;
  else if (action === 'delete') delete parent[last];
  // JSON gives arrays no named keys, so only objects get an extra one.
  else if (
    typeof parent[last] === 'object' &&
    parent[last] !== null &&
    !Array.isArray(parent[last])
  ) {
    (parent[last] as Record<string, unknown>).added = next;
  }
  return copy;
}

function agree(schema: z.ZodMiniType, value: unknown) {
  const check = fastCheck(schema);
  const result = schema.safeParse(value);
  expect(check?.(value)).toBe(result.success && isDeepStrictEqual(value, result.data));
}

describe('the fast response check', () => {
  it.each(samples)('is compiled for the %s schema and accepts a valid body', (_, schema, body) => {
    expect(fastCheck(schema)).toBeTypeOf('function');
    agree(schema, body);
  });

  it('is not compiled for schemas whose parse changes its input', () => {
    expect(fastCheck(OrderListParamsSchema)).toBeUndefined(); // strips unknown keys
    expect(fastCheck(WebhookSubscriptionCreateSchema)).toBeUndefined();
    expect(fastCheck(z.looseObject({ a: z.pipe(z.string(), z.transform(Number)) }))).toBe(
      undefined,
    );
    expect(fastCheck(z.looseObject({}).check(z.refine(() => false)))).toBeUndefined();
  });

  it('agrees with zod on every one-place change of every response shape', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.nat(),
        fc.constantFrom('set', 'delete', 'add') as fc.Arbitrary<'set' | 'delete' | 'add'>,
        leaf,
        ([, schema, body], index, action, next) => {
          const all = paths(body);
          const path = all[index % all.length] as Path;
          agree(schema, mutate(body, path, action, next));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('leaves an own __proto__ key to zod, which drops it', () => {
    const body = JSON.parse(
      '{"items":[{"sku":"A","quantity":1,"price":1,"__proto__":{"polluted":true}}]}',
    );
    expect(fastCheck(OrderItemListSchema)?.(body)).toBe(false);
    const parsed = parseResponse(OrderItemListSchema, body, {
      method: 'GET',
      path: '/',
      status: 200,
    });
    expect(Object.hasOwn(parsed.items[0] as object, '__proto__')).toBe(false);
  });

  it('names the field at fault inside an answer of either shape, not only that none matched', async () => {
    // GET /orders/{id}/items: an envelope or a bare array; an envelope whose items is no list.
    for (const body of [{ items: 'none' }, { items: [5] }]) {
      try {
        parseResponse(OrderItemListSchema, body, { method: 'GET', path: '/', status: 200 });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ResponseValidationError);
        expect((error as ResponseValidationError).issues[0]?.path).toMatch(/^items/);
      }
    }
  });

  it('still names the field at fault when a body is invalid', () => {
    const body = { items: [order, { ...order, updated_at: 5 }], next_since: 'x', has_more: true };
    try {
      parseResponse(OrderCursorPageSchema, body, { method: 'GET', path: '/orders', status: 200 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toEqual([
        'items.1.updated_at',
        'next_since_id',
      ]);
    }
  });

  // No compiled check for a schema, and zod's verdicts in its place.
  function expectZodAlone() {
    const schema = z.looseObject({ id: z.string(), tags: z.array(z.string()) });
    expect(fastCheck(schema)).toBeUndefined();
    const response = { method: 'GET', path: '/x', status: 200 };
    const valid = { id: 'a', tags: ['b'], extra: 1 };
    expect(parseResponse(schema, valid, response)).toEqual(valid);
    expect(() => parseResponse(schema, { id: 'a', tags: [1] }, response)).toThrow(
      ResponseValidationError,
    );
  }

  it('falls back to zod alone where generated code is forbidden, with the same verdicts', () => {
    // What a strict Content Security Policy or an edge runtime does to new Function.
    const forbidden = vi.fn(() => {
      throw new EvalError('Code generation from strings disallowed for this context');
    });
    vi.stubGlobal('Function', forbidden);
    try {
      expectZodAlone();
      expect(forbidden).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("generates no code under zod's jitless switch, with the same verdicts", () => {
    // A strict CSP sends a violation report for each new Function, even a caught one; zod's
    // documented way to avoid them is z.config({ jitless: true }), and the SDK follows it.
    const generate = vi.fn();
    vi.stubGlobal('Function', generate);
    z.config({ jitless: true });
    try {
      expectZodAlone();
      expect(generate).not.toHaveBeenCalled();
    } finally {
      delete z.config().jitless;
      vi.unstubAllGlobals();
    }
  });
});
