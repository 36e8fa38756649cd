// Where the runtime has no AbortSignal.any (Vercel's edge runtime), ky cannot end its wait
// between retries on the call's signal. A call must still end when its totalTimeout runs
// out or its caller aborts, not when the backoff is over, and no attempt may follow that
// end. ky reads AbortSignal.any once, as it loads, so each case runs in a child process
// that removes it before anything loads.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ENTRY = pathToFileURL(join(import.meta.dirname, '../../src/index.ts')).href;
// The child is killed after this; each case ends in about a second.
const GUARD_MS = 15_000;

// Runs `code` after `createClient` is imported with AbortSignal.any gone; it ends by
// printing one JSON line, which this returns parsed (or the reason there was none).
function runWithoutSignalAny(code: string): Promise<Record<string, unknown> | string> {
  const script = `
    delete AbortSignal.any;
    const { createClient } = await import(${JSON.stringify(ENTRY)});
    let sent = 0;
    const service = async () => (sent++, new Response('', { status: 503 }));
    const client = createClient({
      hostUrl: 'https://wms.example.com', apiKey: 'test-key', fetch: service, logLevel: 'off',
      retry: { limit: 5, delay: () => 300, jitter: false },
    });
    ${code}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: join(import.meta.dirname, '../..'),
    timeout: GUARD_MS,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      if (status === 0 && out.trim()) resolve(JSON.parse(out.trim()));
      else resolve(`exited with ${status ?? signal}: ${err.trim() || 'no output'}`);
    });
  });
}

describe('without AbortSignal.any', () => {
  it('ends a call at its totalTimeout during the wait between retries', async () => {
    const outcome = await runWithoutSignalAny(`
      const error = await client.products.list({}, { totalTimeout: 100 }).catch((e) => e);
      const ended = { name: error.name, limit: error.limit, message: error.message, sent };
      // Past ky's wait: no attempt may start once the call has ended.
      await new Promise((resolve) => setTimeout(resolve, 700));
      console.log(JSON.stringify({ ...ended, later: sent - ended.sent }));`);
    expect(outcome).toEqual({
      name: 'TimeoutError',
      limit: 'total',
      message:
        'GET /products → not done within 100 ms (totalTimeout, across every attempt and wait)',
      sent: 1,
      later: 0,
    });
  }, 20_000);

  it('ends a pull with AbortError when its caller aborts during that wait', async () => {
    const outcome = await runWithoutSignalAny(`
      const signal = AbortSignal.timeout(100);
      const error = await client.orders.iterate({}, { signal }).toArray({ limit: 10 }).catch((e) => e);
      const ended = sent;
      await new Promise((resolve) => setTimeout(resolve, 700));
      console.log(JSON.stringify({ name: error.name, cause: error.cause?.name, cursor: error.cursor !== undefined, later: sent - ended }));`);
    expect(outcome).toEqual({ name: 'AbortError', cause: 'TimeoutError', cursor: true, later: 0 });
  }, 20_000);
});
