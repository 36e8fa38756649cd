// The request journal in both transports: the entry's shape, redaction, keyId, the
// `/__mock/requests` filters, the bound (under a load loop), and reset.
import { describe, expect, it } from 'vitest';
import { createMockService, MOCK_API_KEY, REDACTED } from '../../../mock/index.js';
import { JOURNAL_BODY_BYTES, Journal } from '../../../mock/rules/journal.js';
import { NOW, notification, postInbound } from '../../support/inbound.js';
import { TRANSPORTS, useMock } from '../../support/mock.js';

const ORDERS = '/api/v1/web-api/v1/orders';
const KEYS = [
  { key: 'reader-key', scopes: ['products:read' as const] },
  { key: MOCK_API_KEY, scopes: ['orders:read' as const, 'webhooks:manage' as const] },
];

describe.each(TRANSPORTS)('the request journal (%s)', (transport) => {
  const { start } = useMock(transport);

  it('records each API request with its status, key id and redacted secrets', async () => {
    const target = await start({ orders: 5, apiKeys: KEYS });
    await target.call('/orders?limit=2&status=Created&status=shipped');
    await target.call(`/products?api_key=${MOCK_API_KEY}`, { key: 'reader-key' });
    await target.call('/orders', { key: 'not-a-key' });
    await target.call('/webhooks', {
      method: 'POST',
      body: { url: 'http://127.0.0.1:9/h', events: ['order.created'], note: MOCK_API_KEY },
    });
    const [list, products, unknown, webhook] = target.mock.requests;
    expect(list).toMatchObject({
      method: 'GET',
      path: ORDERS,
      query: { limit: '2', status: ['Created', 'shipped'] },
      status: 200,
      keyId: 'apiKeys[1]',
      body: '',
    });
    expect(list?.headers['x-api-key']).toBe(REDACTED);
    expect(list?.fault).toBeUndefined();
    expect(products).toMatchObject({ keyId: 'apiKeys[0]', query: { api_key: REDACTED } });
    expect(unknown).toMatchObject({ status: 401, keyId: null });
    expect(webhook?.status).toBe(201);
    expect(JSON.parse(webhook?.body ?? '')).toMatchObject({ note: REDACTED });
    expect(JSON.stringify(target.mock.requests)).not.toContain(MOCK_API_KEY);
    expect(JSON.stringify(target.mock.requests)).not.toContain('reader-key');
  });

  // A signature is over the bytes received; a journal that dropped a leading byte order mark
  // would show a body the signature does not match.
  it('keeps a body as received, a leading UTF-8 byte order mark included', async () => {
    const target = await start({ orders: 5 });
    target.mock.clock.set(NOW);
    const raw = `\uFEFF${JSON.stringify(notification({ inbound_order_id: '2' }))}`;
    const applied = await postInbound(target, raw);
    expect(applied.body).toEqual({ status: 'applied', order_id: '2' });
    expect(target.mock.requests.map((entry) => entry.body)).toEqual([raw]);
    const listed = await target.call(`${target.hostUrl}/__mock/requests`);
    expect(listed.body.items.map((entry: { body: string }) => entry.body)).toEqual([raw]);
  });

  it('redacts a key however a client wrote it: JSON-escaped, percent- or form-encoded', async () => {
    const key = 'we"ird/k+y 1%&';
    const target = await start({ orders: 5, apiKeys: [{ key, scopes: ['orders:read'] }] });
    const encoded = encodeURIComponent(key);
    const lower = encoded.replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase());
    const form = new URLSearchParams({ k: key }).toString().slice(2);
    // JSON as PHP writes it by default (`\/`), and with every quote as `\u0022`.
    const json = JSON.stringify(key).replaceAll('/', '\\/').replaceAll('\\"', '\\u0022');
    await target.call(`/orders/${encoded}`, { key });
    await target.call(`/orders/${key}`, { key }); // written raw: the URL encodes " and space only
    await target.call(`/orders?${form}=1&note=${lower}`, {
      key,
      method: 'POST',
      body: `{"note":${json},"form":"${form}"}`,
    });
    const entries = target.mock.requests;
    expect(entries.map((entry) => entry.keyId)).toEqual(['apiKeys[0]', 'apiKeys[0]', 'apiKeys[0]']);
    expect(entries.map((entry) => entry.path)).toEqual([
      `${ORDERS}/${REDACTED}`,
      `${ORDERS}/${REDACTED}`,
      ORDERS,
    ]);
    expect(entries[2]?.query).toEqual({ [REDACTED]: '1', note: REDACTED });
    expect(JSON.parse(entries[2]?.body ?? '')).toEqual({ note: REDACTED, form: REDACTED });
    const text = JSON.stringify(entries);
    for (const written of [key, encoded, lower, form, json.slice(1, -1), 'ird']) {
      expect(text).not.toContain(written);
    }
  });

  // A `+` in a query is a space once decoded, so a key holding `+` no longer reads as the key
  // after decoding: it must be found in the query as it was sent.
  it('redacts a key holding + in the query, written raw, percent- or form-encoded', async () => {
    const key = 'ofs+live/Abc+Def==';
    const target = await start({ orders: 1, apiKeys: [{ key, scopes: ['orders:read'] }] });
    const form = new URLSearchParams({ k: key }).toString().slice(2);
    const query = `api_key=${key}&pct=${encodeURIComponent(key)}&form=${form}&${key}=1`;
    const answer = await target.call(`/orders?${query}`, { key });
    expect(answer.status).toBe(200);
    const [entry] = target.mock.requests;
    expect(entry).toMatchObject({ status: 200, keyId: 'apiKeys[0]' });
    expect(entry?.query).toEqual({
      api_key: REDACTED,
      pct: REDACTED,
      form: REDACTED,
      [REDACTED]: '1',
    });
    const text = JSON.stringify(target.mock.requests);
    for (const written of ['ofs live/Abc Def', 'Abc', 'Def']) expect(text).not.toContain(written);
    const listed = await target.call(`${target.hostUrl}/__mock/requests`);
    expect(listed.body.items[0].query).toEqual(entry?.query);
  });

  it('leaves the control endpoints out and filters by method, path and limit', async () => {
    const target = await start({ orders: 5 });
    await target.call('/orders?limit=1');
    await target.call('/orders/1');
    await target.call('/products');
    await target.call(`${target.hostUrl}/__mock/clock`);
    const journal = `${target.hostUrl}/__mock/requests`;
    const all = await target.call(journal);
    expect(all.body.items.map((entry: { path: string }) => entry.path)).toEqual([
      ORDERS,
      `${ORDERS}/1`,
      '/api/v1/web-api/v1/products',
    ]);
    const prefix = await target.call(`${journal}?path=${ORDERS}*&limit=1`);
    expect(prefix.body.items.map((entry: { path: string }) => entry.path)).toEqual([`${ORDERS}/1`]);
    // The newest matches, listed oldest first.
    const two = await target.call(`${journal}?limit=2`);
    expect(two.body.items.map((entry: { path: string }) => entry.path)).toEqual([
      `${ORDERS}/1`,
      '/api/v1/web-api/v1/products',
    ]);
    expect((await target.call(`${journal}?method=post`)).body.items).toEqual([]);
    const bad = await target.call(`${journal}?limit=0&path=orders`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual([
      ['query', 'path'],
      ['query', 'limit'],
    ]);
    expect((await target.call(journal, { method: 'DELETE' })).status).toBe(200);
    expect((await target.call(journal)).body).toEqual({ items: [] });
  });

  it('records real time beside the mock clock, so a wait shows under a frozen clock', async () => {
    const target = await start({ orders: 5 });
    target.mock.clock.set('2026-06-01T00:00:00Z');
    await target.call('/orders/1');
    // The entries are at least as far apart as the wait between the two calls, measured on
    // the same clock (less 1 ms for the rounding of each entry to whole milliseconds).
    const waitStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waited = performance.now() - waitStart;
    await target.call('/orders/2');
    const [first, second] = target.mock.requests;
    expect(first?.at).toBe(second?.at);
    expect((second?.elapsedMs ?? 0) - (first?.elapsedMs ?? 0)).toBeGreaterThanOrEqual(waited - 1);
    expect(Number.isInteger(first?.elapsedMs)).toBe(true);
  });

  it('filters by the status answered, and refuses a filter it does not know', async () => {
    const target = await start({ orders: 5 });
    await target.call('/orders/1');
    await target.call('/orders/404');
    await target.call('/orders/2');
    const journal = `${target.hostUrl}/__mock/requests`;
    const missing = await target.call(`${journal}?status=404`);
    expect(missing.body.items.map((entry: { path: string }) => entry.path)).toEqual([
      `${ORDERS}/404`,
    ]);
    expect((await target.call(`${journal}?status=200`)).body.items).toHaveLength(2);
    const unknown = await target.call(`${journal}?statuss=404&since_id=3`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toEqual([
      expect.objectContaining({ loc: ['query', 'statuss'], type: 'extra_forbidden' }),
      expect.objectContaining({ loc: ['query', 'since_id'], type: 'extra_forbidden' }),
    ]);
  });

  it('keeps only the newest entries under a load loop, and none with limit 0', async () => {
    const target = await start({ orders: 5, journal: { limit: 25 } });
    await Promise.all(Array.from({ length: 120 }, () => target.call('/orders/1')));
    const kept = target.mock.requests;
    expect(kept).toHaveLength(25);
    const ids = kept.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(Math.max(...ids)).toBe(120);
    const off = createMockService({ journal: { limit: 0 } });
    expect(off.requests).toEqual([]);
  });

  it('is emptied by clear() and by reset()', async () => {
    const target = await start({ orders: 5 });
    await target.call('/orders/1');
    target.mock.requests.clear();
    expect(target.mock.requests).toEqual([]);
    await target.call('/orders/1');
    target.mock.reset();
    expect(target.mock.requests).toEqual([]);
  });
});

describe('latency', () => {
  it('is checked as an option', () => {
    expect(() => createMockService({ latency: { minMs: 20, maxMs: 10 } })).toThrow(
      'options.latency.maxMs must have maxMs at least minMs',
    );
    expect(() => createMockService({ latency: { minMs: -1 } })).toThrow('options.latency');
    expect(() => createMockService({ journal: { limit: -1 } })).toThrow('options.journal.limit');
  });
});

describe("the journal's bodies", () => {
  it(`keeps the newest ${JOURNAL_BODY_BYTES / 2 ** 20} MiB of bodies whole, dropping the oldest`, async () => {
    const mock = createMockService({ orders: 0 });
    const mib = 'x'.repeat(2 ** 20);
    const sent = JOURNAL_BODY_BYTES / 2 ** 20 + 6;
    for (let i = 0; i < sent; i++) {
      const res = await mock.fetch(`${mock.baseUrl}/orders`, { method: 'POST', body: mib });
      expect(res.status).toBe(405);
    }
    const kept = mock.requests;
    expect(kept).toHaveLength(sent);
    const dropped = kept.filter((entry) => entry.bodyDropped);
    expect(dropped.map((entry) => entry.id)).toEqual(kept.slice(0, 6).map((entry) => entry.id));
    expect(dropped.every((entry) => entry.body === '')).toBe(true);
    expect(kept.slice(6).every((entry) => entry.body === mib && !('bodyDropped' in entry))).toBe(
      true,
    );
  });

  it('counts a body the ring overwrote as gone, and always keeps the newest', () => {
    const journal = new Journal(3, { prefix: '', keyIdOf: () => null, values: [] }, 12);
    const record = (id: number, bytes: number) =>
      journal.record(id, 0, 'POST', 'https://h.test/x', [], new Uint8Array(bytes));
    const bodies = () => journal.entries().map((entry) => entry.bodyDropped ?? entry.body.length);
    for (let id = 1; id <= 6; id++) record(id, 4);
    expect(bodies()).toEqual([4, 4, 4]);
    record(7, 20);
    expect(bodies()).toEqual([true, true, 20]);
    record(8, 2);
    record(9, 2);
    expect(bodies()).toEqual([true, 2, 2]);
    journal.clear();
    record(10, 9);
    expect(bodies()).toEqual([9]);
  });

  it('marks no request that came without a body as dropped', () => {
    const journal = new Journal(5, { prefix: '', keyIdOf: () => null, values: [] }, 12);
    journal.record(1, 0, 'GET', 'https://h.test/x', [], new Uint8Array(0));
    journal.record(2, 0, 'POST', 'https://h.test/x', [], new Uint8Array(8));
    journal.record(3, 0, 'POST', 'https://h.test/x', [], new Uint8Array(8));
    const shown = journal
      .entries()
      .map(({ method, body, bodyDropped }) => ({ method, body, bodyDropped }));
    expect(shown).toEqual([
      { method: 'GET', body: '', bodyDropped: undefined },
      { method: 'POST', body: '', bodyDropped: true },
      { method: 'POST', body: '\0'.repeat(8), bodyDropped: undefined },
    ]);
  });
});
