// msw is an optional peer dependency: the SDK needs none of it, the mock needs the project's own
// copy (handlers built by a second copy are not recognised by the project's `setupServer`). This
// module is imported first, so a missing or too-old msw fails when the mock is imported, with one
// line saying what to install, instead of an msw error at the first request. In the built
// package, tsup.config.ts defers every msw import of the mock until `assertMsw` has passed.
import { createRequire } from 'node:module';

/**
 * The oldest msw the mock works with: it serves every request from one `http.all` handler whose
 * predicate is a function, which msw accepts from 2.11.0. The lowest bound of the msw peer range
 * in package.json; CI runs the mock's tests on exactly this version.
 */
export const MSW_MIN_VERSION = '2.11.0';

/**
 * The command that adds msw as a dev dependency, in the words of the package manager running
 * the process (npm, pnpm, Yarn and Bun each set `npm_config_user_agent` to their name first);
 * npm's when none is named.
 *
 * @param userAgent - The package manager's user agent, e.g. `pnpm/10.0.0 npm/? node/v22.0.0`.
 */
export function mswInstallCommand(
  userAgent = globalThis.process?.env?.npm_config_user_agent,
): string {
  const spec = `msw@^${MSW_MIN_VERSION}`;
  const manager = /^(pnpm|yarn|bun)\//.exec(userAgent ?? '')?.[1];
  return manager ? `${manager} add --dev ${spec}` : `npm install --save-dev ${spec}`;
}

/** msw resolved from here, the way the mock's own `import 'msw'` resolves it. */
const requireHere = createRequire(import.meta.url);

function numbers(version: string): number[] {
  return version.split(/[.+-]/, 3).map(Number);
}

const major = (version: string) => numbers(version)[0] ?? 0;

function isBelowMinimum(version: string): boolean {
  const found = numbers(version);
  const minimum = numbers(MSW_MIN_VERSION);
  for (let i = 0; i < 3; i++) {
    const a = found[i] ?? Number.NaN;
    const b = minimum[i] ?? 0;
    if (Number.isNaN(a)) return true;
    if (a !== b) return a < b;
  }
  // A prerelease of the minimum (2.11.0-beta.1) comes before it.
  return version.includes('-');
}

/** The installed msw version, or `undefined` when msw cannot be resolved from the mock. */
function installedVersion(): string | undefined {
  try {
    return (requireHere('msw/package.json') as { version: string }).version;
  } catch (error) {
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/**
 * The entry of an msw release that serves its `http` namespace without msw's root entry (see
 * mock/adapters/msw.ts): msw 2 names it `msw/core/http`, msw 3 `msw/http`, and neither release
 * has the other's.
 *
 * @param version - The msw version; the installed one by default.
 */
export function mswHttpEntry(version = installedVersion()): 'msw/core/http' | 'msw/http' {
  return major(version ?? '') >= 3 ? 'msw/http' : 'msw/core/http';
}

/**
 * Why an msw release cannot run on this runtime, or `undefined` when it can. msw 3 needs
 * Node.js 22.12 or later; pnpm installs it on Node.js 20 all the same (npm does not), where every
 * intercepted fetch then fails with `Promise.withResolvers is not a function`. Told by that
 * feature rather than by `process.versions.node`, which Bun and Deno emulate.
 *
 * @param version - The msw version.
 * @param hasWithResolvers - Whether `Promise.withResolvers` exists; this runtime's by default.
 */
export function mswRuntimeProblem(
  version: string,
  hasWithResolvers = 'withResolvers' in Promise,
): string | undefined {
  if (major(version) < 3 || hasWithResolvers) return undefined;
  return `msw ${version} needs Node.js 22.12 or later (it calls Promise.withResolvers, which this runtime lacks)`;
}

/**
 * Throws when msw is missing, older than {@link MSW_MIN_VERSION}, or a major this runtime cannot
 * run, with a one-line message naming the command that fixes it.
 */
export function assertMsw(): void {
  const version = installedVersion();
  const problem = version === undefined ? undefined : mswRuntimeProblem(version);
  if (problem) {
    throw new Error(
      `order-fulfillment-sdk/mock: ${problem}; here, use msw 2: ${mswInstallCommand()}`,
    );
  }
  if (version !== undefined && !isBelowMinimum(version)) return;
  const found = version === undefined ? '' : `, found msw ${version}`;
  throw new Error(
    `order-fulfillment-sdk/mock needs msw >=${MSW_MIN_VERSION} as a dev dependency${found}: ${mswInstallCommand()}`,
  );
}

/**
 * Loads an msw module once {@link assertMsw} has passed, for the CommonJS build (see
 * tsup.config.ts); a plain `require` there would be hoisted above the check.
 *
 * @param specifier - `msw` or one of its subpaths.
 */
export function requireMsw(specifier: string): unknown {
  assertMsw();
  return requireHere(specifier);
}

assertMsw();
