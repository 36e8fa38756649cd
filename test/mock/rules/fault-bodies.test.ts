// A fault rule's body is checked whole before the rule is stored: one that cannot be sent as
// JSON (nested too deep, containing itself, no JSON at all) is refused and leaves the rules,
// the list and every answer as they were, through the state API and the control endpoint.
import { describe, expect, it } from 'vitest';
import { createMockService, MockInputError, REQUEST_ID_HEADER } from '../../../mock/index.js';
import { MAX_FAULT_BODY_DEPTH } from '../../../mock/rules/fault-rule.js';
import { TRANSPORTS, useMock } from '../../support/mock.js';

const ORDERS = '/api/v1/web-api/v1/orders';

// `{"a":{"a":...{}}}` with `levels` objects, built without recursion.
function nested(levels: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let at = root;
  for (let level = 1; level < levels; level++) {
    const inner = {};
    at.a = inner;
    at = inner;
  }
  return root;
}
const nestedText = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

function refusal(add: () => unknown): MockInputError {
  try {
    add();
  } catch (error) {
    if (error instanceof MockInputError) return error;
    throw error;
  }
  throw new Error('the rule was taken');
}

describe('a fault rule body (state API)', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  it.each([
    ['nested 10,000 levels deep', nested(10_000)],
    [`nested ${MAX_FAULT_BODY_DEPTH + 1} levels deep`, nested(MAX_FAULT_BODY_DEPTH + 1)],
    ['containing itself', cyclic],
    ['holding a BigInt', { detail: 1n }],
    ['a function', () => 1],
  ])('refuses one %s with a MockInputError at body, and stores nothing', async (_, body) => {
    const mock = createMockService({ orders: 1 });
    const error = refusal(() => mock.faults.add({ path: `${ORDERS}*`, status: 503, body }));
    expect(error.issues).toEqual([expect.objectContaining({ loc: ['body'], type: 'value_error' })]);
    expect(mock.faults.list()).toEqual([]);
    // The next rule gets the first id: the refused one took none.
    expect(mock.faults.add({ path: ORDERS, status: 500 })).toBe('flt_1');
  });

  it(`takes ${MAX_FAULT_BODY_DEPTH} levels, as a copy the caller can no longer change`, () => {
    const mock = createMockService();
    const body = nested(MAX_FAULT_BODY_DEPTH);
    mock.faults.add({ path: ORDERS, status: 503, body });
    body.a = 'changed';
    expect(mock.faults.list()[0]?.body).toEqual(nested(MAX_FAULT_BODY_DEPTH));
  });
});

describe.each(TRANSPORTS)('a fault rule body over the wire (%s)', (transport) => {
  const { start } = useMock(transport);

  it('refuses a body nested 10,000 levels with 422, leaving the rules and answers as they were', async () => {
    const target = await start({ orders: 1 });
    const control = `${target.hostUrl}/__mock/faults`;
    const deep = `{"path":"${ORDERS}*","status":503,"body":${nestedText(10_000)}}`;
    const refused = await target.call(control, { method: 'POST', body: deep });
    expect(refused.status).toBe(422);
    expect(refused.headers.get(REQUEST_ID_HEADER)).toMatch(/^req_\d+$/);
    expect(refused.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'body'], msg: expect.stringMatching(/deeper/) }),
    ]);
    expect(await target.call(control)).toMatchObject({ status: 200, body: { items: [] } });
    expect(target.mock.faults.list()).toEqual([]);
    expect((await target.call('/orders?limit=1')).status).toBe(200);
  });

  it(`serves a body nested ${MAX_FAULT_BODY_DEPTH} levels as given`, async () => {
    const target = await start();
    const control = `${target.hostUrl}/__mock/faults`;
    const rule = `{"path":"${ORDERS}","status":503,"body":${nestedText(MAX_FAULT_BODY_DEPTH)}}`;
    expect((await target.call(control, { method: 'POST', body: rule })).status).toBe(201);
    const faulted = await target.call('/orders');
    expect(faulted).toMatchObject({ status: 503, body: nested(MAX_FAULT_BODY_DEPTH) });
    expect((await target.call(control)).body.items).toHaveLength(1);
  });
});
