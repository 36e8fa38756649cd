// A scripted cursor service for SDK tests without the mock: orders in (updated_at, id) order,
// answered by the contract's rules (specification 4.2), each answer with an X-Request-Id.
import type { Order, OrderCursorPage } from '../../src/index.js';
import { json, type RecordedRequest } from './fake-fetch.js';

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

/** The cursor a request was sent with. */
export const cursorOf = (request: RecordedRequest | undefined) => ({
  since: request?.url.searchParams.get('since'),
  since_id: request?.url.searchParams.get('since_id'),
});
