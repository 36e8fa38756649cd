// The package version and the User-Agent it goes out in. The version is written here by
// hand with each release; test/core/version.test.ts holds it equal to package.json's, so a
// bump that forgets it fails the suite.

/** This SDK's version, as in its package.json. */
export const SDK_VERSION = '0.1.0';

type Runtime = {
  Deno?: { version?: { deno?: string } };
  process?: { versions?: { node?: string; bun?: string } };
  navigator?: { userAgent?: unknown };
};

/**
 * `order-fulfillment-sdk/<version> (<runtime>/<version>)` on runtimes that let a client
 * set User-Agent (Node, Bun, Deno), or undefined where none is detected: a browser forbids
 * the header, and the SDK sends none rather than one the runtime would drop or refuse.
 *
 * @internal
 */
export function userAgent(): string | undefined {
  let runtime: string | undefined;
  try {
    const { Deno, process, navigator } = globalThis as Runtime;
    const versions = process?.versions;
    // Workers with nodejs_compat emulate process.versions.node; their navigator says what
    // they are. (Node 21+ says `Node.js/<major>`, and a DOM test environment on Node, such
    // as jsdom, its own browser string: both are Node.)
    const node = navigator?.userAgent !== 'Cloudflare-Workers';
    if (Deno?.version?.deno) runtime = `deno/${Deno.version.deno}`;
    else if (versions?.bun) runtime = `bun/${versions.bun}`;
    else if (versions?.node && node) runtime = `node/${versions.node}`;
  } catch {
    // A runtime whose globals throw on access sets no User-Agent.
  }
  return runtime && `order-fulfillment-sdk/${SDK_VERSION} (${runtime})`;
}
