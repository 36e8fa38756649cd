// docs/openapi-control.json's FaultRule: it takes the rules POST /__mock/faults takes, and
// refuses, in its own words or in its descriptions, those the mock refuses.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createMockService, type FaultRule } from '../../../mock/index.js';
import { read, validatorOf } from '../../support/openapi.js';

describe('docs/openapi-control.json FaultRule', () => {
  const document = read('openapi-control.json');
  // OpenAPI 3.1 schemas are JSON Schema 2020-12, as a generator or a validator reads them.
  const documented = new Ajv2020({ strict: false }).compile(
    document.components.schemas.FaultRule as object,
  );
  const path = '/api/v1/web-api/v1/orders';

  it.each([
    [{ path, status: 503 }, true],
    [{ path, method: 'get', status: 503 }, true],
    [{ path, delayMs: 300, status: 504 }, true],
    [{ path, delayMs: 300, error: 'reset' }, true],
    [{ path, delayMs: 300 }, true],
    [{ path, status: 503, error: 'reset' }, false],
    [{ path }, false],
    [{ path, method: 'FETCH', status: 503 }, false],
    [{ path, error: 'reset', body: 'x' }, false],
    // The control endpoints are never faulted.
    [{ path: '/__mock/clock', status: 500 }, false],
    [{ path: '/__mock*', status: 500 }, false],
    [{ path: '/*', status: 500 }, true],
    // Headers the mock writes itself, in any case.
    [{ path, status: 500, headers: { 'X-Request-Id': 'x' } }, false],
    [{ path, status: 500, headers: { 'content-length': '1' } }, false],
    [{ path, status: 500, headers: { TRAILER: 'x', 'Retry-After': '1' } }, false],
    [{ path, status: 500, headers: { 'X-Request-Ids': 'x', 'Retry-After': '1' } }, true],
  ])('agrees with the mock on %j (accepted: %s)', (rule, accepted) => {
    const mock = createMockService();
    let added = true;
    try {
      mock.faults.add(rule as FaultRule);
    } catch {
      added = false;
    }
    expect(added).toBe(accepted);
    expect(documented(rule)).toBe(accepted);
  });
});

describe('docs/openapi-control.json FaultRule headers', () => {
  const documented = validatorOf('openapi-control.json', 'FaultRule');
  const path = '/api/v1/web-api/v1/orders';
  // What docs/mock.md says a rule may not set, and headers a rule commonly sets: the document
  // refuses a name exactly when the mock does, in any case.
  const reserved = [
    'Content-Length',
    'Transfer-Encoding',
    'Trailer',
    'Content-Encoding',
    'Expect',
    'Connection',
    'Keep-Alive',
    'Proxy-Connection',
    'TE',
    'Upgrade',
    'X-Request-Id',
  ];
  const common = [
    'Retry-After',
    'Content-Type',
    'Cache-Control',
    'Location',
    'Set-Cookie',
    'WWW-Authenticate',
    'X-RateLimit-Remaining',
    'Content-Language',
    'Date',
    'ETag',
    'Server',
    'Vary',
    'Allow',
  ];
  it.each([...reserved, ...common])('agree with the mock on %s', (name) => {
    for (const written of [name, name.toLowerCase(), name.toUpperCase()]) {
      const rule = { path, status: 500, headers: { [written]: 'x' } };
      let added = true;
      try {
        createMockService().faults.add(rule);
      } catch {
        added = false;
      }
      expect(added, written).toBe(!reserved.includes(name));
      expect(documented(rule), written).toBe(added);
    }
  });

  // A path no endpoint answers is refused too, which no pattern says: the description does.
  it('says a path must reach an endpoint', () => {
    const rule = { path: '/api/v1/web-api/v1/nope', status: 500 };
    expect(() => createMockService().faults.add(rule)).toThrow(/matches no endpoint/);
    const { properties } = read('openapi-control.json').components.schemas.FaultRule as {
      properties: { path: { description: string } };
    };
    expect(properties.path.description).toContain('nor a path no endpoint answers');
  });
});
