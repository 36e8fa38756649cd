// `npm run example:resilience`: testing an integration's resilience against the mock, in
// both modes. In-process, the mock's MSW handlers answer and `mock.faults` / `mock.requests`
// drive it; over HTTP (`mock.listen()`, or `npx order-fulfillment-mock` for a WMS in any
// language) the control endpoints `/__mock/faults` and `/__mock/requests` do the same. Each
// part checks the SDK's documented reaction and exits 1 if it differs. docs/mock.md ("Testing
// your integration's resilience") shows these two functions.
import { setupServer } from 'msw/node';
import { ConnectionError, createClient, type OrderCursor } from 'order-fulfillment-sdk';
import { createMockService, MOCK_API_KEY } from 'order-fulfillment-sdk/mock';

const ORDERS = '/api/v1/web-api/v1/orders';

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`resilience example: expected ${what}`);
  console.log(`  ok: ${what}`);
}

// In-process: a burst of 503s is retried away; the journal shows every attempt.
async function inProcess(): Promise<void> {
  const mock = createMockService({ orders: 120 });
  const server = setupServer(...mock.handlers);
  // msw 3 names it onUnhandledFrame, msw 2 onUnhandledRequest; a variable holding both suits both.
  const strict = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const;
  server.listen(strict);
  try {
    const client = createClient({ hostUrl: mock.hostUrl, apiKey: MOCK_API_KEY });
    mock.faults.add({ method: 'GET', path: `${ORDERS}*`, status: 503, times: 2 });
    const page = await client.orders.list({ limit: 10 });
    check(page.items.length === 10, 'the page after two 503s');
    const statuses = mock.requests.map((request) => request.status);
    check(statuses.join() === '503,503,200', `three attempts in the journal (${statuses})`);
    check(!JSON.stringify(mock.requests).includes(MOCK_API_KEY), 'no API key in the journal');
  } finally {
    server.close();
  }
}

// Over HTTP: the connection is reset mid-pull; the pull ends with a typed error carrying its
// cursor, and resuming from that cursor once the fault is gone loses nothing.
async function overHttp(): Promise<void> {
  const mock = createMockService({ orders: 120 });
  const running = await mock.listen(); // or: npx order-fulfillment-mock --port 0 --json
  const control = `${running.hostUrl}/__mock`;
  const json = { 'Content-Type': 'application/json' };
  try {
    const client = createClient({
      hostUrl: running.hostUrl,
      apiKey: MOCK_API_KEY,
      retry: { limit: 1 },
    });
    const seen = new Set<string>();
    let resumeFrom: OrderCursor | undefined;
    try {
      for await (const order of client.orders.iterate({ limit: 50 })) {
        seen.add(order.id);
        if (seen.size === 50) {
          // From here on every page request is reset: as a WMS would, through the control API.
          await fetch(`${control}/faults`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ path: `${ORDERS}*`, error: 'reset' }),
          });
        }
      }
    } catch (error) {
      check(error instanceof ConnectionError, `ConnectionError (${(error as Error).name})`);
      resumeFrom = (error as ConnectionError).cursor;
    }
    check(resumeFrom !== undefined, 'the cursor to resume from on the error');
    await fetch(`${control}/faults`, { method: 'DELETE' });
    for await (const order of client.orders.iterate({ limit: 50, ...resumeFrom })) {
      seen.add(order.id);
    }
    check(seen.size === 120, `every order once the pull resumed (${seen.size})`);
    const journal = await fetch(`${control}/requests?path=${ORDERS}*`);
    const { items } = (await journal.json()) as { items: { status: number | null }[] };
    const resets = items.filter((request) => request.status === null).length;
    check(resets === 2, `two reset attempts in the journal (${resets})`);
  } finally {
    await running.close();
  }
}

console.log('in-process (MSW):');
await inProcess();
console.log('over HTTP (mock.listen(), the same as the standalone mock):');
await overHttp();
