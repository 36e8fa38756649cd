// The line a missing or too-old msw fails with names the command of the package manager the
// user runs, so a pnpm, Yarn or Bun project is not told to run npm.
import { createRequire } from 'node:module';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mswHttpEntry, mswInstallCommand, mswRuntimeProblem } from '../../mock/msw-guard.js';

describe('mswInstallCommand', () => {
  it.each([
    ['npm/11.6.2 node/v20.20.2 linux x64 workspaces/false', 'npm install --save-dev msw@^2.11.0'],
    ['pnpm/10.18.0 npm/? node/v22.11.0 linux x64', 'pnpm add --dev msw@^2.11.0'],
    ['yarn/4.10.3 npm/? node/v22.11.0 linux x64', 'yarn add --dev msw@^2.11.0'],
    ['bun/1.3.0 npm/? node/v24.3.0 linux x64', 'bun add --dev msw@^2.11.0'],
  ])('under %s: %s', (userAgent, command) => {
    expect(mswInstallCommand(userAgent)).toBe(command);
  });

  it('reads the user agent of the package manager running the process', () => {
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    vi.stubEnv('npm_config_user_agent', 'pnpm/10.18.0 npm/? node/v22.11.0 linux x64');
    expect(mswInstallCommand()).toBe('pnpm add --dev msw@^2.11.0');
    vi.stubEnv('npm_config_user_agent', undefined);
    expect(mswInstallCommand()).toBe('npm install --save-dev msw@^2.11.0');
  });
});

// msw 3 renamed `msw/core/http` to `msw/http`; a mock that imported either name alone failed to
// load on the other major (ERR_PACKAGE_PATH_NOT_EXPORTED).
describe('mswHttpEntry', () => {
  it.each([
    ['2.11.0', 'msw/core/http'],
    ['2.15.0', 'msw/core/http'],
    ['3.0.0-beta.1', 'msw/http'],
    ['3.0.5', 'msw/http'],
  ])('for msw %s: %s', (version, entry) => {
    expect(mswHttpEntry(version)).toBe(entry);
  });

  it('names an entry the installed msw exports, which serves http', async () => {
    const require = createRequire(import.meta.url);
    const { exports } = require('msw/package.json') as { exports: Record<string, unknown> };
    const entry = mswHttpEntry();
    expect(Object.keys(exports)).toContain(entry.replace(/^msw/, '.'));
    const { http } = (await import(entry)) as { http: { all: unknown } };
    expect(http.all).toBeTypeOf('function');
  });
});

// pnpm installs msw 3 on Node.js 20, whose intercepted fetches then all fail with
// `Promise.withResolvers is not a function`; the mock says so when it is imported instead.
describe('mswRuntimeProblem', () => {
  it('names msw 3 on a runtime without Promise.withResolvers', () => {
    expect(mswRuntimeProblem('3.0.5', false)).toBe(
      'msw 3.0.5 needs Node.js 22.12 or later (it calls Promise.withResolvers, which this runtime lacks)',
    );
  });

  it.each([
    ['3.0.5', true],
    ['2.15.0', false],
    ['2.11.0', true],
  ])('has nothing against msw %s (Promise.withResolvers: %s)', (version, has) => {
    expect(mswRuntimeProblem(version, has)).toBeUndefined();
  });

  it('reads this runtime: the installed msw runs here', () => {
    const require = createRequire(import.meta.url);
    const { version } = require('msw/package.json') as { version: string };
    expect(mswRuntimeProblem(version)).toBeUndefined();
  });
});
