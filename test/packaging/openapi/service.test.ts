// docs/openapi.json, the service's document: request bodies take what the mock takes, and
// what the service sends is described as a generated client must read it.
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock/index.js';
import { NOW, notification, postInbound } from '../../support/inbound.js';
import { reach, useMswServer } from '../../support/mock.js';
import { type Document, read, validatorOf } from '../../support/openapi.js';

const server = useMswServer();

describe('docs/openapi.json FulfillmentNotification', () => {
  const documented = validatorOf('openapi.json', 'FulfillmentNotification');

  // Specification 4.6: `inbound_order_id`, when present, alone decides; without it (null
  // counts as absent) `source` with `external_ref` does, and one of them alone is neither key,
  // a notification skipped (rule 3), not a body refused.
  it.each([
    [{ inbound_order_id: '3' }, true],
    [{ inbound_order_id: '3', source: 'amazon' }, true],
    [{ inbound_order_id: '3', external_ref: null }, true],
    [{ source: 'amazon', external_ref: 'AMZ-1' }, true],
    [{ inbound_order_id: null, source: 'amazon', external_ref: 'AMZ-1' }, true],
    [{}, true],
    [{ source: null, external_ref: null }, true],
    [{ source: 'amazon' }, true],
    [{ source: 'amazon', external_ref: null }, true],
    [{ inbound_order_id: null, external_ref: 'AMZ-1' }, true],
    [{ inbound_order_id: '' }, false],
  ])('agrees with the mock on %j (accepted: %s)', async (keys, accepted) => {
    const mock = createMockService({ orders: 5 });
    mock.clock.set(NOW);
    const body = notification(keys);
    const answer = await postInbound(await reach(server, mock, 'msw'), JSON.stringify(body));
    // A body the mock reads may still name no order (404); only a 422 refuses the body.
    expect(answer.status === 422).toBe(!accepted);
    expect(documented(body)).toBe(accepted);
  });
});

describe('docs/openapi.json WebhookSubscriptionCreate', () => {
  const documented = validatorOf('openapi.json', 'WebhookSubscriptionCreate');

  // The mock reads the URL as WHATWG URL parsing does and takes http(s) with a host; the
  // document says the canonical spelling of that (the mock also reads `http:example.com`).
  it.each([
    ['http://example.com/hook', true],
    ['HTTPS://Example.COM', true],
    ['https://[::1]:8443/x?y=1#z', true],
    ['http://user:pw@127.0.0.1:8080', true],
    ['ftp://example.com/hook', false],
    ['mailto:ops@example.com', false],
    ['urn:isbn:0451450523', false],
    ['http://', false],
    ['http://user@/hook', false],
    ['http://:80/hook', false],
    ['http://example.com:abc/', false],
    ['/relative/hook', false],
    ['example.com/hook', false],
  ])('agrees with the mock on %s (accepted: %s)', async (url, accepted) => {
    const body = { url, events: ['order.created'] };
    const target = await reach(server, createMockService(), 'msw');
    const answer = await target.call('/webhooks', { method: 'POST', body });
    expect(answer.status).toBe(accepted ? 201 : 422);
    expect(documented(body)).toBe(accepted);
  });
});

describe('docs/openapi.json WebhookSubscriptionCreate.url beyond its pattern', () => {
  type Url = { description: string };
  const { properties } = read('openapi.json').components.schemas.WebhookSubscriptionCreate as {
    properties: { url: Url };
  };

  // URL parsing is no regex: the pattern takes these, the mock refuses them, and the
  // description names each. (Not an invalid IDNA name such as `xn--`: Node 24's parser takes
  // what Node 20's refuses, so the mock's answer depends on the Node it runs on.)
  it.each(['http://example.com:99999/h', 'http://256.256.256.256/h'])(
    'says %s is refused',
    async (url) => {
      const body = { url, events: ['order.created'] };
      const target = await reach(server, createMockService(), 'msw');
      const answer = await target.call('/webhooks', { method: 'POST', body });
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0].type).toBe('url_parsing');
      expect(validatorOf('openapi.json', 'WebhookSubscriptionCreate')(body)).toBe(true);
      expect(properties.url.description).toContain(`\`${url}\``);
    },
  );
});

describe('docs/openapi.json since outside the years 0001 to 9999', () => {
  type Parameter = { name: string; description: string; schema: { pattern: string } };
  const { get } = read('openapi.json').paths['/api/v1/web-api/v1/orders'] as {
    get: { parameters: Parameter[] };
  };
  const since = get.parameters.find(({ name }) => name === 'since');

  // The pattern takes any four-digit year; the description says what the mock refuses.
  it.each(['0000-06-01T00:00:00Z', '9999-12-31T23:30:00-01:00'])(
    'says %s is refused',
    async (at) => {
      const target = await reach(server, createMockService(), 'msw');
      const answer = await target.call(`/orders?since=${encodeURIComponent(at)}&since_id=0`);
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0].type).toBe('datetime_parsing');
      expect(new RegExp(since?.schema.pattern ?? '$^').test(at)).toBe(true);
      expect(since?.description).toContain('Not written in year 0000');
      expect(since?.description).toContain('9999-12-31T23:59:59.999Z once in UTC');
    },
  );
});

describe('docs/openapi.json 429 responses', () => {
  type Header = { required?: boolean; $ref?: string };
  type Response = { headers?: Record<string, Header> };
  const document = read('openapi.json') as Document & {
    components: { headers: Record<string, Header> };
  };
  const resolve = (header: Header) =>
    header.$ref ? document.components.headers[header.$ref.split('/').at(-1) ?? ''] : header;

  // Specification 7 and 8: a 429 carries Retry-After. Each operation under the base URL is
  // rate limited; the inbound one, which takes no API key, is not.
  it('require Retry-After, on every operation under the base URL', () => {
    const limited: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const response = (operation as { responses: Record<string, Response> }).responses['429'];
        if (!response) continue;
        limited.push(`${method} ${path}`);
        const header = response.headers?.['Retry-After'];
        expect(header && resolve(header)?.required, `${method} ${path}`).toBe(true);
      }
    }
    expect(limited.sort()).toEqual(
      Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/api/v1/web-api/v1/'))
        .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m} ${path}`))
        .sort(),
    );
  });
});
