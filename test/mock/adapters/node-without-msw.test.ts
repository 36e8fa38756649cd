// The standalone server never loads msw: an integrator running the CLI needs node alone; nor
// does mock.fetch, which needs no msw to answer. A child process resolves modules through a
// hook that refuses msw; the service, the node adapter and mock.fetch must start and answer
// without it, and the whole package entry must not.
import { describe, expect, it } from 'vitest';
import { runChildModule } from '../../support/child-module.js';

// A module hook that fails the resolution of any file of msw.
const runWithoutMsw = (code: string) =>
  runChildModule(code, {
    files: {
      'hooks.mjs': `export async function resolve(specifier, context, next) {
        const resolved = await next(specifier, context);
        if (/[\\\\/]node_modules[\\\\/]msw[\\\\/]/.test(resolved.url)) throw new Error('msw loaded');
        return resolved;
      }`,
      'register.mjs': `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);`,
    },
    preload: 'register.mjs',
    timeout: 60_000,
  });

describe('the node adapter', () => {
  it('serves the mock over HTTP without loading msw', () => {
    const child = runWithoutMsw(`
      const { createService } = await import('./mock/service.ts');
      const server = await createService({ orders: 3 }).service.listen();
      const response = await fetch(server.hostUrl + '/api/v1/web-api/v1/orders', {
        headers: { 'X-API-Key': 'ofs_mock_api_key_all_scopes' },
      });
      const body = await response.json();
      await server.close();
      console.log(response.status, body.items.length);
    `);
    expect(child.stderr).not.toContain('msw loaded');
    expect(child.stdout.trim()).toBe('200 3');
    expect(child.status).toBe(0);
  });

  it('is told apart from the entry that does load msw (the check can fail)', () => {
    const child = runWithoutMsw(`await import('./mock/index.ts');`);
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain('msw loaded');
  });
});

describe('mock.fetch', () => {
  it('answers in-process without loading msw', () => {
    const child = runWithoutMsw(`
      const { createService } = await import('./mock/service.ts');
      const { service } = createService({ orders: 3 });
      const response = await service.fetch(service.baseUrl + '/orders', {
        headers: { 'X-API-Key': 'ofs_mock_api_key_all_scopes' },
      });
      const body = await response.json();
      console.log(response.status, body.items.length);
    `);
    expect(child.stderr).not.toContain('msw loaded');
    expect(child.stdout.trim()).toBe('200 3');
    expect(child.status).toBe(0);
  });
});
