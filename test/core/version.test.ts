// The version is package.json's, and the User-Agent names the runtime a client may set it on,
// and only a runtime it can tell: Workers with nodejs_compat have process.versions.node, and
// are not Node.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SDK_VERSION, userAgent } from '../../src/core/version.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SDK_VERSION', () => {
  // Written by hand in src/core/version.ts: a release that bumps package.json alone fails here,
  // without a build (test/errors/messages.test.ts checks the built package's export).
  it('is package.json’s', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(SDK_VERSION).toBe(pkg.version);
  });
});

describe('userAgent', () => {
  it('names Node, whose navigator (from Node 21) says Node.js', () => {
    vi.stubGlobal('navigator', { userAgent: 'Node.js/22' });
    expect(userAgent()).toBe(
      `order-fulfillment-sdk/${SDK_VERSION} (node/${process.versions.node})`,
    );
  });

  it('names Node under a DOM test environment, whose navigator is a browser string', () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (linux) AppleWebKit/537.36 jsdom/26' });
    expect(userAgent()).toBe(
      `order-fulfillment-sdk/${SDK_VERSION} (node/${process.versions.node})`,
    );
  });

  it('names no runtime where process.versions.node is an emulation (Cloudflare Workers)', () => {
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
    expect(process.versions.node).toBeTruthy();
    expect(userAgent()).toBeUndefined();
  });
});
