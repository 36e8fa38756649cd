// How the JSON-body endpoints read a body, as FastAPI reads a model body: JSON only under a
// JSON Content-Type (application/json, application/*+json), else 422 model_attributes_type;
// no body is 422 missing. On the inbound endpoint the signature is checked first.
import { describe, expect, it } from 'vitest';
import {
  createMockService,
  FULFILLMENT_PATH,
  MOCK_API_KEY,
  MOCK_SIGNING_SECRET,
  type MockService,
} from '../../../mock/index.js';
import { signWmsPayload } from '../../../src/signatures/index.js';
import { NOW, NOW_SECONDS, notification, snapshot } from '../../support/inbound.js';
import { reach, type Target, TRANSPORTS, useMswServer } from '../../support/mock.js';

const server = useMswServer();

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/vnd.api+json',
];
const OTHER_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/json',
  'application/geo+json-seq',
  'application/not-really-json',
  'json',
];

interface Endpoint {
  name: string;
  /** Sends `body` with the given Content-Type (null: none at all). */
  post(target: Target, body: string, contentType: string | null): Promise<Response>;
  valid: string;
  /** What the endpoint wrote, to compare before and after. */
  state(mock: MockService): unknown;
}

// A Uint8Array body makes fetch add no Content-Type of its own, so "none" is really none.
function post(url: string, body: string, contentType: string | null, headers = {}) {
  return fetch(url, {
    method: 'POST',
    headers: contentType === null ? headers : { ...headers, 'Content-Type': contentType },
    body: new TextEncoder().encode(body),
  });
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /webhooks',
    post: (target, body, type) =>
      post(`${target.baseUrl}/webhooks`, body, type, { 'X-API-Key': MOCK_API_KEY }),
    valid: JSON.stringify({ url: 'https://example.com/hook', events: ['order.created'] }),
    state: (mock) => mock.subscriptions,
  },
  {
    name: 'the inbound endpoint',
    post: (target, body, type) =>
      post(`${target.hostUrl}${FULFILLMENT_PATH}`, body, type, {
        'X-WMS-Signature': signWmsPayload(body, MOCK_SIGNING_SECRET, NOW_SECONDS),
      }),
    valid: JSON.stringify(notification({ inbound_order_id: '4' })),
    state: snapshot,
  },
  {
    name: 'PUT /__mock/clock',
    post: (target, body, type) =>
      fetch(`${target.hostUrl}/__mock/clock`, {
        method: 'PUT',
        headers: type === null ? {} : { 'Content-Type': type },
        body: new TextEncoder().encode(body),
      }),
    valid: JSON.stringify({ now: '2026-07-01T00:00:00Z' }),
    state: (mock) => mock.clock.now().toISOString(),
  },
];

async function start(transport: 'msw' | 'http') {
  const mock = createMockService({ orders: 10 });
  mock.clock.set(NOW);
  return { mock, target: await reach(server, mock, transport) };
}

describe.each(TRANSPORTS)('JSON request bodies (%s)', (transport) => {
  describe.each(ENDPOINTS)('$name', (endpoint) => {
    it.each(JSON_TYPES)('reads the body as JSON under Content-Type %s', async (type) => {
      const { mock, target } = await start(transport);
      const before = endpoint.state(mock);
      const res = await endpoint.post(target, endpoint.valid, type);
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      expect(endpoint.state(mock)).not.toEqual(before);
    });

    it.each([...OTHER_TYPES, null])(
      'answers 422 model_attributes_type under Content-Type %s, changing nothing',
      async (type) => {
        const { mock, target } = await start(transport);
        const before = JSON.stringify(endpoint.state(mock));
        const res = await endpoint.post(target, endpoint.valid, type);
        expect(res.status).toBe(422);
        const body = await res.json();
        expect(body.detail).toEqual([
          {
            loc: ['body'],
            msg: expect.stringMatching(
              /^Input should be a valid dictionary or object to extract fields from: .*application\/json/,
            ),
            type: 'model_attributes_type',
          },
        ]);
        expect(body.detail[0].msg).toContain(type === null ? 'no Content-Type' : type);
        expect(JSON.stringify(endpoint.state(mock))).toBe(before);
      },
    );
  });

  it.each(ENDPOINTS.slice(0, 2))('$name answers 422 missing for no body', async (endpoint) => {
    const { mock, target } = await start(transport);
    const before = JSON.stringify(endpoint.state(mock));
    const res = await endpoint.post(target, '', 'application/json');
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toEqual([
      { loc: ['body'], msg: 'Field required', type: 'missing' },
    ]);
    expect(JSON.stringify(endpoint.state(mock))).toBe(before);
  });

  it.each(ENDPOINTS.slice(0, 2))(
    "$name answers 422 json_invalid in FastAPI's shape, without quoting the body, which may hold a secret",
    async (endpoint) => {
      const { mock, target } = await start(transport);
      const before = JSON.stringify(endpoint.state(mock));
      const res = await endpoint.post(target, '{"note": sk_live_probe_1234}', 'application/json');
      expect(res.status).toBe(422);
      const [issue] = (await res.json()).detail;
      // FastAPI's issue, with the parser's reason in ctx.error (Python's there, the runtime's here).
      expect(issue).toEqual({
        loc: ['body'],
        msg: 'JSON decode error',
        type: 'json_invalid',
        input: {},
        ctx: { error: expect.any(String) },
      });
      expect(JSON.stringify(issue)).not.toContain('sk_live');
      expect(JSON.stringify(endpoint.state(mock))).toBe(before);
    },
  );

  it('takes no body on a control endpoint as {}, whatever the Content-Type', async () => {
    const { mock, target } = await start(transport);
    const res = await post(`${target.hostUrl}/__mock/orders`, '', 'text/plain');
    expect(res.status).toBe(201);
    expect(mock.orders.get((await res.json()).id)).toMatchObject({ status: 'Created' });
  });

  it('checks the inbound signature before the Content-Type', async () => {
    const { mock, target } = await start(transport);
    const before = snapshot(mock);
    const body = JSON.stringify(notification({ inbound_order_id: '4' }));
    const res = await post(`${target.hostUrl}${FULFILLMENT_PATH}`, body, 'text/plain', {
      'X-WMS-Signature': signWmsPayload(`${body} `, MOCK_SIGNING_SECRET, NOW_SECONDS),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toMatch(/signature_mismatch/);
    expect(snapshot(mock)).toBe(before);
  });
});
