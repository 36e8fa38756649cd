// Runs the edge bundle in Vercel's edge runtime (a Node vm context with only Web APIs, code
// generation off) and prints its rows the way the command-line smoke programs do.
// Usage: node edge-runtime.mjs <edge-runtime prefix> <edge-runtime.js> <config JSON>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CheckRow } from '../checks/report.js';
import { printRows } from '../entries/cli-io.js';

/** The part of edge-runtime's API this host uses (its types live in the cached install). */
interface EdgeRuntimeModule {
  EdgeRuntime: new (options: {
    initialCode: string;
  }) => {
    dispatchFetch(
      url: string,
      init: { method: string; body: string },
    ): Promise<Response & { waitUntil(): Promise<unknown> }>;
  };
  runServer(options: {
    runtime: InstanceType<EdgeRuntimeModule['EdgeRuntime']>;
    host: string;
    port: number;
  }): Promise<{ url: string }>;
}

const [prefix = '', script = '', config = ''] = process.argv.slice(2);
const entry = join(prefix, 'node_modules/edge-runtime/dist/index.js');
const loaded = (await import(pathToFileURL(entry).href)) as EdgeRuntimeModule & {
  default?: EdgeRuntimeModule;
};
const { EdgeRuntime, runServer } = loaded.default ?? loaded;
const runtime = new EdgeRuntime({ initialCode: readFileSync(script, 'utf8') });
// The runtime's own server, on a free port, where the mock delivers straight to it.
const server = await runServer({ runtime, host: '127.0.0.1', port: 0 });
const selfUrl = new URL(server.url).origin;
const selfServer = "edge-runtime's runServer";
const body = JSON.stringify({ ...JSON.parse(config), selfUrl, selfServer });
const response = await runtime.dispatchFetch('http://smoke.test/', { method: 'POST', body });
await response.waitUntil();
if (!response.ok) throw new Error(`the edge function answered ${response.status}`);
printRows((await response.json()) as CheckRow[]);
// The vm's fetch keeps its sockets to the mock open for about half a minute after the last
// request, which would hold this process that long, and the server still listens;
// everything they were for is done.
process.exit(0);
