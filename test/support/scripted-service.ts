// Scripted services for SDK tests without the mock: cursor pages of orders in (updated_at,
// id) order by the contract's rules (specification 4.2), each answer with an X-Request-Id;
// numbered product pages; and a client over them.
import { createClient, type Order, type OrderCursorPage } from '../../src/index.js';
import {
  FAST_RETRY,
  fakeFetch,
  HOST,
  json,
  KEY,
  type RecordedRequest,
  type Responder,
} from './fake-fetch.js';

/**
 * A client whose requests `responder` answers, retrying at once up to `retries` times (none
 * by default: a failure is the answer under test).
 */
export function scriptedClient(responder: Responder, retries = 0) {
  const service = fakeFetch(responder);
  const client = createClient({
    hostUrl: HOST,
    apiKey: KEY,
    fetch: service.fetch,
    retry: { ...FAST_RETRY, limit: retries },
  });
  return { service, client };
}

/** Lets the requests the SDK started in the background, and their answers, go through. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Products 1..count (`SKU-1`, ...), answered by page number: without one, the first page,
 * numbered `first` (a service may count from 0).
 */
export function productService(count: number, first = 1): Responder {
  return (request) => {
    const page = Number(request.url.searchParams.get('page') ?? first);
    const size = Number(request.url.searchParams.get('page_size'));
    const numbers = Array.from({ length: count }, (_, index) => index + 1);
    const start = (page - first) * size;
    const items = numbers.slice(start, start + size).map((id) => ({
      id,
      sku: `SKU-${id}`,
      name: `Product ${id}`,
      barcode: `000${id}`,
      stock: id,
      price: 9.5,
      currency: 'EUR',
    }));
    return json({ items, page, page_size: size, total: count });
  };
}

/** The order at `index`: three share each timestamp, so pages split groups of equal updated_at. */
export function order(index: number): Order {
  const second = String(Math.floor(index / 3)).padStart(2, '0');
  return {
    id: `ord_${String(index).padStart(3, '0')}`,
    status: 'Created',
    platform: 'web',
    order_date: '2026-01-01T00:00:00.000Z',
    updated_at: `2026-01-01T00:00:${second}.000Z`,
  };
}

/** The page after the request's cursor, over `count` orders. */
export function cursorPage(count: number, request: RecordedRequest): OrderCursorPage {
  const query = request.url.searchParams;
  const since = Date.parse(query.get('since') ?? '');
  const sinceId = query.get('since_id') ?? '';
  const limit = Number(query.get('limit') ?? 50);
  const after: Order[] = [];
  for (let index = 0; index < count; index++) {
    const candidate = order(index);
    const at = Date.parse(candidate.updated_at);
    if (at > since || (at === since && candidate.id > sinceId)) after.push(candidate);
  }
  const items = after.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    next_since: last ? last.updated_at : (query.get('since') ?? ''),
    next_since_id: last ? last.id : sinceId,
    has_more: after.length > items.length,
  };
}

/** A cursor service over `count` orders; the n-th answer has `X-Request-Id: req_<n>`. */
export function cursorService(count: number) {
  return (request: RecordedRequest, index: number): Response =>
    json(cursorPage(count, request), 200, { 'x-request-id': `req_${index}` });
}

/** A cursor service over `count` orders whose answer number `at` is a 503 until `heal()`. */
export function failingService(count: number, at: number) {
  const healthy = cursorService(count);
  let failing = true;
  const responder: Responder = (request, index) =>
    failing && index === at ? json({ detail: 'down' }, 503) : healthy(request, index);
  const heal = () => {
    failing = false;
  };
  return { responder, heal };
}

/** The cursor a request was sent with. */
export const cursorOf = (request: RecordedRequest | undefined) => ({
  since: request?.url.searchParams.get('since'),
  since_id: request?.url.searchParams.get('since_id'),
});
