// A program that uses the mock ends by itself on runtimes whose BroadcastChannel cannot be
// unref'd, as Deno's cannot. msw's root entry opens one as it loads (for its WebSocket API)
// and unrefs it only where it can, so the mock must not load that entry. A child process
// gets a BroadcastChannel without ref and unref, which keeps Node alive as Deno's keeps Deno.
import { describe, expect, it } from 'vitest';
import { runChildModule } from '../../support/child-module.js';

// A BroadcastChannel without ref and unref, as Deno's is.
const runWithDenoChannel = (code: string, timeout: number) =>
  runChildModule(code, {
    files: {
      'channel.mjs': `const NodeChannel = globalThis.BroadcastChannel;
        globalThis.BroadcastChannel = class BroadcastChannel extends NodeChannel {};
        for (const name of ['ref', 'unref']) {
          Object.defineProperty(globalThis.BroadcastChannel.prototype, name, { value: undefined });
        }`,
    },
    preload: 'channel.mjs',
    timeout,
  });

describe('the msw adapter where a BroadcastChannel cannot be unref’d (Deno)', () => {
  it('lets a program that served requests in-process exit by itself', () => {
    const child = runWithDenoChannel(
      `
      const { setupServer } = await import('msw/node');
      const { createMockService, MOCK_API_KEY } = await import('./mock/index.ts');
      const mock = createMockService({ orders: 3 });
      const server = setupServer(...mock.handlers);
      server.listen({ onUnhandledRequest: 'error' });
      const headers = { 'X-API-Key': MOCK_API_KEY };
      const response = await fetch(mock.baseUrl + '/orders', { headers });
      const body = await response.json();
      server.close();
      console.log(response.status, response.statusText, body.items.length);
    `,
      30_000,
    );
    expect(child.stdout.trim(), child.stderr).toBe('200 OK 3');
    // A child still running at the timeout is killed (SIGTERM): something held it open.
    expect(child.signal, 'still running after its work').toBeNull();
    expect(child.status, child.stderr).toBe(0);
  });

  it('is told apart from msw’s root entry, which keeps it alive (the check can fail)', () => {
    const child = runWithDenoChannel(`await import('msw'); console.log('imported');`, 5_000);
    expect(child.stdout.trim()).toBe('imported');
    expect(child.signal).toBe('SIGTERM');
  });
});
