// Random requests to every endpoint of the mock (fast-check), for the fuzz suite: paths,
// ids, query strings, API key headers, content types, bodies and X-WMS-Signature values, each
// mostly well-formed and sometimes hostile, and the Request that one of them becomes.
import fc from 'fast-check';
import {
  BASE_PATH,
  FULFILLMENT_PATH,
  MOCK_API_KEY,
  MOCK_SIGNING_SECRET,
} from '../../mock/index.js';
import { signWmsPayload } from '../../src/signatures/index.js';

/** The mock clock's time during the fuzz runs, so signatures are made for it. */
export const FUZZ_NOW = '2026-06-15T10:00:00.000Z';
const T_SECONDS = Date.parse(FUZZ_NOW) / 1000;

/** An endpoint: method and path template under the host. */
interface Endpoint {
  method: string;
  path: string;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: `${BASE_PATH}/products` },
  { method: 'GET', path: `${BASE_PATH}/orders` },
  { method: 'GET', path: `${BASE_PATH}/orders/{id}` },
  { method: 'GET', path: `${BASE_PATH}/orders/{id}/items` },
  { method: 'POST', path: `${BASE_PATH}/webhooks` },
  { method: 'POST', path: FULFILLMENT_PATH },
  { method: 'GET', path: '/__mock/orders/{id}' },
  { method: 'POST', path: '/__mock/orders' },
  { method: 'PATCH', path: '/__mock/orders/{id}' },
  { method: 'GET', path: '/__mock/products/{id}' },
  { method: 'POST', path: '/__mock/products' },
  { method: 'PATCH', path: '/__mock/products/{id}' },
  { method: 'GET', path: '/__mock/clock' },
  { method: 'PUT', path: '/__mock/clock' },
  { method: 'POST', path: '/__mock/clock/advance' },
  { method: 'GET', path: '/__mock/subscriptions' },
  { method: 'GET', path: '/__mock/deliveries' },
  { method: 'POST', path: '/__mock/deliveries/flush' },
  { method: 'POST', path: '/__mock/reset' },
];

// Printable ASCII: what a header value and most hostile paths are made of.
const ascii = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode) });
const anyText = fc.string({ unit: 'binary', maxLength: 20 });

const idArb = fc.oneof(
  fc.constantFrom('1', '2', '30', '0', '-1', '007', '1e3', '9999999999999999999', ''),
  fc.constantFrom('%E0%A4%A', '%', '%2F', '%00', '..', '%2e%2e', 'a%20b', '%C3%A9', '%FF'),
  ascii.map((text) => text.replace(/[/?#]/g, '')),
  anyText.map(encodeURIComponent),
);

const QUERY_NAMES = [
  'status',
  'platform',
  'limit',
  'offset',
  'since',
  'since_id',
  'page',
  'page_size',
  'api_key',
];
const queryValue = fc.oneof(
  fc.constantFrom('0', '-1', '1', '200', '201', '1.5', '1e3', ' 7', 'abc', '', 'Created', 'web'),
  fc.constantFrom('2026-06-15T10:00:00Z', '2026-06-15T10:00:00', '1970-01-01T00:00:00+00:00'),
  fc.constantFrom('2026-13-45T99:99:99Z', '9999-12-31T23:59:59.999Z', 'NaN', 'Infinity'),
  fc.integer().map(String),
  ascii,
);
const queryArb = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), ascii), queryValue, fc.boolean()), {
    maxLength: 5,
  })
  .map((pairs) =>
    pairs
      .map(([name, value, raw]) =>
        raw ? `${name}=${value}` : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
      )
      .join('&'),
  );

const keyArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant(MOCK_API_KEY) },
  fc.constantFrom(
    undefined,
    '',
    ' ',
    `${MOCK_API_KEY} `,
    MOCK_API_KEY.toUpperCase(),
    `${MOCK_API_KEY}, ${MOCK_API_KEY}`,
    `Bearer ${MOCK_API_KEY}`,
  ),
  ascii,
);
const contentTypeArb = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  '*/*',
);

function notificationBody() {
  return fc.record(
    {
      olay: fc.constantFrom('order.fulfilled', 'order.shipped', ''),
      inbound_order_id: fc.oneof(fc.constantFrom('1', 'missing', ''), fc.integer()),
      source: fc.constantFrom('shopify', 'web', ''),
      external_ref: fc.constantFrom('SHOP-1', '', 'x'),
      status: fc.constantFrom('shipped', 'Shipped', 'delivered'),
      shipped_at: fc.constantFrom(FUZZ_NOW, 'yesterday', '2026-06-15T09:00:00', 0),
    },
    { requiredKeys: [] },
  );
}

const jsonText = fc.oneof(
  fc.json(),
  notificationBody().map((body) => JSON.stringify(body)),
  fc
    .record(
      {
        url: fc.constantFrom('https://example.test/hook', 'ftp://x', 'not a url', ''),
        events: fc.oneof(
          fc.constant(['order.created']),
          fc.array(fc.constantFrom('order.created', 'order.updated', 'order.deleted', '')),
          fc.string(),
        ),
      },
      { requiredKeys: [] },
    )
    .map((body) => JSON.stringify(body)),
  fc
    .record({ now: queryValue, ms: fc.oneof(fc.double(), fc.integer()) })
    .map((body) => JSON.stringify(body)),
);
// Near-valid: a JSON text with one byte cut, doubled or swapped.
const nearJson = fc
  .tuple(jsonText, fc.nat(), fc.constantFrom('cut', 'double', 'comma', 'quote'))
  .map(([text, at, how]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    if (how === 'cut') return text.slice(0, i);
    if (how === 'double') return text.slice(0, i) + text.slice(i);
    if (how === 'comma') return `${text.slice(0, i)},${text.slice(i)}`;
    return `${text.slice(0, i)}"${text.slice(i)}`;
  });
const bodyArb: fc.Arbitrary<string | Uint8Array | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 64 }),
  jsonText,
  nearJson,
  fc.constantFrom('', ' ', 'null', '[]', '{}', '\uFEFF{}', '{"a":1}{"b":2}'),
);

type SignatureKind = 'none' | 'garbage' | 'wrong' | 'old' | 'future' | 'other-body' | 'right';
const signatureArb = fc.oneof(
  fc.constantFrom<SignatureKind>('none', 'wrong', 'old', 'future', 'other-body', 'garbage'),
  // Right half the time, so bodies reach the parser behind the signature check.
  { weight: 6, arbitrary: fc.constant<SignatureKind>('right') },
);

function signatureFor(kind: SignatureKind, body: string | Uint8Array, garbage: string) {
  switch (kind) {
    case 'none':
      return undefined;
    case 'garbage':
      return garbage;
    case 'wrong':
      return `t=${T_SECONDS},v1=${'0'.repeat(64)}`;
    case 'old':
      return signWmsPayload(body, MOCK_SIGNING_SECRET, T_SECONDS - 301);
    case 'future':
      return signWmsPayload(body, MOCK_SIGNING_SECRET, T_SECONDS + 301);
    case 'other-body':
      return signWmsPayload(`${String(body)} `, MOCK_SIGNING_SECRET, T_SECONDS);
    case 'right':
      return signWmsPayload(body, MOCK_SIGNING_SECRET, T_SECONDS);
  }
}

/** One random request: the endpoint and what is done to each part of it. */
export interface FuzzRequest {
  endpoint: Endpoint;
  method: string;
  id: string;
  extraSegment: string | undefined;
  query: string;
  key: string | undefined;
  keyHeaderName: string;
  contentType: string | undefined;
  body: string | Uint8Array | undefined;
  signature: SignatureKind;
  garbage: string;
}

/** A random request to any endpoint. */
export const requestArb: fc.Arbitrary<FuzzRequest> = fc.record({
  endpoint: fc.constantFrom(...ENDPOINTS),
  // Mostly the endpoint's own method; sometimes another, for the JSON 405s.
  method: fc.oneof(
    { weight: 5, arbitrary: fc.constant('') },
    fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
  ),
  id: idArb,
  extraSegment: fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    fc.constantFrom('', 'x', '..', '%2F', 'items/extra'),
  ),
  query: queryArb,
  key: keyArb,
  keyHeaderName: fc.constantFrom('X-API-Key', 'x-api-key', 'X-Api-Key', 'X-API-KEY', 'Api-Key'),
  contentType: contentTypeArb,
  body: bodyArb,
  signature: signatureArb,
  garbage: ascii,
});

/** The Request a fuzzed one becomes, under the mock's host. */
export function toRequest(hostUrl: string, fuzz: FuzzRequest): Request {
  let path = fuzz.endpoint.path.replace('{id}', fuzz.id);
  if (fuzz.extraSegment !== undefined) path += `/${fuzz.extraSegment}`;
  const url = `${hostUrl}${path}${fuzz.query ? `?${fuzz.query}` : ''}`;
  const method = fuzz.method || fuzz.endpoint.method;
  const headers = new Headers();
  if (fuzz.key !== undefined) headers.set(fuzz.keyHeaderName, fuzz.key);
  if (fuzz.contentType !== undefined) headers.set('content-type', fuzz.contentType);
  const hasBody = method !== 'GET' && fuzz.body !== undefined;
  const signature = signatureFor(fuzz.signature, fuzz.body ?? '', fuzz.garbage);
  if (signature !== undefined) headers.set('X-WMS-Signature', signature);
  const body = hasBody ? (fuzz.body as BodyInit) : undefined;
  return new Request(url, { method, headers, body });
}
