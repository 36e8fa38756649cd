// The line a missing or too-old msw fails with names the command of the package manager the
// user runs, so a pnpm, Yarn or Bun project is not told to run npm.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mswInstallCommand } from '../../mock/msw-guard.js';

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
