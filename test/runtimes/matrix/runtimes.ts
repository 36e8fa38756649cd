// The matrix's columns: each runtime, how to start a smoke program on it, and what it is
// expected to offer. What a runtime cannot do is stated here with its reason, and the
// runner prints it as a not-applicable row, never as a silent gap.
import {
  BUN,
  DENO,
  EDGE_RUNTIME,
  type Install,
  MINIFLARE,
  NODE_22,
  NODE_24,
  NODE_26,
} from './installs.js';

/** The bundles the runner builds into .tmp/runtimes (see bundle.ts). */
export interface Bundles {
  sdkCli: string;
  mockCli: string;
  worker: string;
  edge: string;
  miniflareHost: string;
  edgeHost: string;
}

/** Resolves an install to absolute paths: its prefix, and its binary inside it. */
export interface Locate {
  prefix(install: Install): string;
  binary(install: Install): string;
}

/** One column of the matrix. */
export interface Runtime {
  name: string;
  /** Cached installs it needs; the runner installs what is missing first. */
  needs: Install[];
  /** The command that prints its version, shown in the table header. */
  version: (locate: Locate) => string[];
  /** The command that runs the SDK checks; the config JSON is appended. */
  sdk: (locate: Locate, bundles: Bundles) => string[];
  /** The command that runs the mock checks, or why the mock does not run here. */
  mock: ((locate: Locate, bundles: Bundles) => string[]) | { reason: string };
  /** Whether `node:crypto` (so the synchronous signature pair) exists here. */
  nodeCrypto: boolean;
  /** `true` where a node:http server can serve toNodeListener, else why not. */
  nodeHttp: true | { reason: string };
  /** The runtime the SDK's User-Agent names here, or null where it sends none. */
  userAgent: string | null;
}

const FETCH_HANDLERS_ONLY = {
  reason:
    'no node:http server here: the runtime serves Fetch handlers (createWebhookHandler as is)',
};

const NO_MOCK_OUTSIDE_NODE =
  'the mock is a Node program (node:http server, msw/node): checked on Node, Bun and Deno';

function node(name: string, install: Install | undefined): Runtime {
  const binary = (locate: Locate) => (install ? locate.binary(install) : process.execPath);
  return {
    name,
    needs: install ? [install] : [],
    version: (locate) => [binary(locate), '--version'],
    sdk: (locate, bundles) => [binary(locate), bundles.sdkCli],
    mock: (locate, bundles) => [binary(locate), bundles.mockCli],
    nodeCrypto: true,
    nodeHttp: true,
    userAgent: 'node',
  };
}

/** Libraries' versions, printed by Node from their package.json files (under one prefix). */
function packageVersions(locate: Locate, install: Install, names: string[]) {
  const manifest = (name: string) =>
    JSON.stringify(`${locate.prefix(install)}/node_modules/${name}/package.json`);
  const parts = names.map((name) => `'${name} ' + require(${manifest(name)}).version`);
  return [process.execPath, '-p', parts.join(" + ', ' + ")];
}

function workerd(name: string, flags: string[], nodeCrypto: boolean): Runtime {
  return {
    name,
    needs: [NODE_22, MINIFLARE],
    version: (locate) => packageVersions(locate, MINIFLARE, ['miniflare', 'workerd']),
    sdk: (locate, bundles) => [
      locate.binary(NODE_22),
      bundles.miniflareHost,
      locate.prefix(MINIFLARE),
      bundles.worker,
      JSON.stringify(flags),
    ],
    mock: { reason: NO_MOCK_OUTSIDE_NODE },
    nodeCrypto,
    nodeHttp: FETCH_HANDLERS_ONLY,
    // With nodejs_compat, workerd has process.versions.node: still no Node to name.
    userAgent: null,
  };
}

/** Every runtime, in the order the table prints them. */
export const RUNTIMES: Runtime[] = [
  // The Node running the matrix (CI's Node 20), named by its major so a run on another
  // Node never claims 20.
  node(`node ${process.versions.node.split('.')[0]}`, undefined),
  node('node 22', NODE_22),
  node('node 24', NODE_24),
  node('node 26', NODE_26),
  {
    name: 'bun',
    needs: [BUN],
    version: (locate) => [locate.binary(BUN), '--version'],
    sdk: (locate, bundles) => [locate.binary(BUN), bundles.sdkCli],
    mock: (locate, bundles) => [locate.binary(BUN), bundles.mockCli],
    nodeCrypto: true,
    nodeHttp: true,
    userAgent: 'bun',
  },
  {
    name: 'deno',
    needs: [DENO],
    version: (locate) => [locate.binary(DENO), '--version'],
    // Network for the mock and the recorder, read for node_modules (ky, zod), env for what
    // the Node compatibility layer reads at startup.
    sdk: (locate, bundles) => [
      locate.binary(DENO),
      'run',
      '--allow-net',
      '--allow-read',
      '--allow-env',
      bundles.sdkCli,
    ],
    // What the README tells a user of the mock: network for listen() and its deliveries, env
    // because msw's interceptors read it (DEBUG) as they load. No read: Deno loads modules
    // without it.
    mock: (locate, bundles) => [
      locate.binary(DENO),
      'run',
      '--allow-net',
      '--allow-env',
      bundles.mockCli,
    ],
    nodeCrypto: true,
    nodeHttp: true,
    userAgent: 'deno',
  },
  // Workers without nodejs_compat have no node:crypto: the async pair only.
  workerd('workerd', [], false),
  workerd('workerd nodejs_compat', ['nodejs_compat'], true),
  {
    name: 'edge-runtime',
    needs: [EDGE_RUNTIME],
    version: (locate) => packageVersions(locate, EDGE_RUNTIME, ['edge-runtime']),
    sdk: (locate, bundles) => [
      process.execPath,
      bundles.edgeHost,
      locate.prefix(EDGE_RUNTIME),
      bundles.edge,
    ],
    mock: { reason: NO_MOCK_OUTSIDE_NODE },
    nodeCrypto: false,
    nodeHttp: FETCH_HANDLERS_ONLY,
    userAgent: null,
  },
];
