// Runs the worker bundle on workerd through Miniflare, on a Node new enough for Miniflare 4
// (22 or later), and prints its rows the way the command-line smoke programs do.
// Usage: node miniflare.mjs <miniflare prefix> <worker.mjs> <compat flags JSON> <config JSON>
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CheckRow } from '../checks/report.js';
import { printRows } from '../entries/cli-io.js';

/** The part of Miniflare's API this host uses (its types live in the cached install). */
interface MiniflareModule {
  Miniflare: new (options: {
    modules: boolean;
    scriptPath: string;
    compatibilityDate: string;
    compatibilityFlags: string[];
    host: string;
    port: number;
  }) => {
    ready: Promise<URL>;
    dispatchFetch(url: string, init: { method: string; body: string }): Promise<Response>;
    dispose(): Promise<void>;
  };
}

/** A date this workerd supports; flags decide what the checks expect. */
const COMPATIBILITY_DATE = '2026-07-01';

const [prefix = '', script = '', flags = '[]', config = ''] = process.argv.slice(2);
const entry = join(prefix, 'node_modules/miniflare/dist/src/index.js');
const { Miniflare } = (await import(pathToFileURL(entry).href)) as MiniflareModule;
const worker = new Miniflare({
  modules: true,
  scriptPath: script,
  compatibilityDate: COMPATIBILITY_DATE,
  compatibilityFlags: JSON.parse(flags) as string[],
  // The worker's own server, on a free port, where the mock delivers straight to it.
  host: '127.0.0.1',
  port: 0,
});
try {
  const selfUrl = (await worker.ready).origin;
  const selfServer = "the worker's own URL (Miniflare's server)";
  const body = JSON.stringify({ ...JSON.parse(config), selfUrl, selfServer });
  const response = await worker.dispatchFetch('http://smoke.test/', { method: 'POST', body });
  if (!response.ok)
    throw new Error(`the worker answered ${response.status}: ${await response.text()}`);
  printRows((await response.json()) as CheckRow[]);
} finally {
  await worker.dispose();
}
