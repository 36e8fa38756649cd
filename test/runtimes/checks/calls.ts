// What a call does beyond the happy path, on each runtime: the per-call signal and total
// timeout (which combine signals, where Vercel's edge runtime has no AbortSignal.any), a
// refused connection (workerd rejects fetch with a plain Error, not the TypeError the Fetch
// standard names), and the User-Agent the service sees.
import {
  AbortError,
  type Client,
  ConnectionError,
  createClient,
  type Logger,
  OrderFulfillmentError,
  TimeoutError,
} from 'order-fulfillment-sdk';
import type { SdkSmokeConfig } from './config.js';
import { assert, describeError } from './report.js';

/** A pull with a signal and a total timeout is whole; aborting it ends in AbortError. */
export async function checkCallOptions(client: Client, config: SdkSmokeConfig): Promise<string> {
  const options = { signal: new AbortController().signal, totalTimeout: 60_000 };
  const ids = new Set<string>();
  for await (const order of client.orders.iterate({ limit: 7 }, options)) ids.add(order.id);
  assert(ids.size === config.orderCount, `pulled ${ids.size} of ${config.orderCount} orders`);
  const controller = new AbortController();
  let caught: unknown;
  try {
    const pull = client.orders.iterate({ limit: 7 }, { ...options, signal: controller.signal });
    for await (const _ of pull) controller.abort(new Error('the caller stopped'));
  } catch (error) {
    caught = error;
  }
  assert(
    caught instanceof AbortError && caught instanceof OrderFulfillmentError,
    `an aborted pull ended in ${describeError(caught)}`,
  );
  return `${ids.size} orders with signal and totalTimeout; an abort is AbortError`;
}

/**
 * A refused connection is a ConnectionError, retried, with the cursor to resume from; and a
 * totalTimeout ends the wait before a retry.
 */
export async function checkRefused(config: SdkSmokeConfig): Promise<string> {
  const retries: string[] = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (message) => retries.push(String(message)),
    error: () => {},
  };
  const client = createClient({
    hostUrl: config.closedUrl,
    apiKey: config.apiKey,
    retry: { limit: 1, delay: () => 0 },
    logger,
    logLevel: 'warn',
  });
  let caught: unknown;
  try {
    for await (const _ of client.orders.iterate()) break;
  } catch (error) {
    caught = error;
  }
  assert(
    caught instanceof ConnectionError && caught instanceof OrderFulfillmentError,
    `a refused connection ended in ${describeError(caught)}`,
  );
  assert(caught.cursor !== undefined, 'the ConnectionError of a pull carries no cursor');
  assert(retries.length === 1, `${retries.length} retries logged, not 1: ${retries.join('; ')}`);
  await checkTotalTimeoutInWait(config);
  return `${caught.message}, retried once, with a cursor; totalTimeout ends a retry wait`;
}

// A totalTimeout ends the call in the wait between retries, not when the wait is over
// (ky cannot end that wait where there is no AbortSignal.any: Vercel's edge runtime).
async function checkTotalTimeoutInWait(config: SdkSmokeConfig): Promise<void> {
  const client = createClient({
    hostUrl: config.closedUrl,
    apiKey: config.apiKey,
    // No jitter: the default full jitter draws the wait below backoffLimit (10 s), and one
    // run in fifty drew one shorter than the 200 ms total timeout (CI failed on Deno).
    retry: { limit: 1, delay: () => 60_000, backoffLimit: 60_000, jitter: false },
    logLevel: 'off',
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise((resolve) => {
    timer = setTimeout(() => resolve('still waiting after 10 s'), 10_000);
  });
  const caught = await Promise.race([
    client.products.list({}, { totalTimeout: 200 }).catch((error: unknown) => error),
    stuck,
  ]);
  clearTimeout(timer);
  assert(
    caught instanceof TimeoutError && caught.limit === 'total',
    `a totalTimeout of 200 ms in a 60 s retry wait ended in ${describeError(caught)}`,
  );
}

/** The User-Agent the service saw: the runtime's name where one is expected, else none. */
export async function checkUserAgent(client: Client, config: SdkSmokeConfig): Promise<string> {
  await client.products.list();
  const journal = await fetch(`${config.hostUrl}/__mock/requests?limit=1`);
  const { items } = (await journal.json()) as {
    items: { headers: Record<string, string | undefined> }[];
  };
  const sent = items[0]?.headers['user-agent'] ?? '';
  const ours = sent.startsWith('order-fulfillment-sdk/');
  if (config.userAgent === null) {
    assert(!ours, `sent ${sent}, where no runtime should be named`);
    return `none of the SDK's (the runtime sent ${JSON.stringify(sent)})`;
  }
  assert(ours && sent.includes(`(${config.userAgent}/`), `sent ${JSON.stringify(sent)}`);
  return sent;
}
