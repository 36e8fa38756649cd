// The SDK checks one runtime runs against the mock on the host: a pull over HTTP, the call
// options, a refused connection and the User-Agent, both signature pairs, the receiver
// helpers on real deliveries, and a signed notification.
// Runtime-neutral: only fetch, Request, Response and the SDK entry.
import { createClient } from 'order-fulfillment-sdk';
import { checkCallOptions, checkRefused, checkUserAgent } from './calls.js';
import type { SdkSmokeConfig } from './config.js';
import { collectDeliveries, type Deliveries } from './deliveries.js';
import { SDK_CHECKS } from './names.js';
import { checkNodeListener } from './node-listener.js';
import { checkHandler, checkReplay, checkUnwrap } from './receiver.js';
import { assert, type CheckRow, describeError, runCheck } from './report.js';
import { checkServed, type Serve } from './served.js';
import { checkAsyncPair, checkSyncPair } from './signatures.js';

const NOT_SERVED = 'the program was given no server of the runtime to install a handler behind';

/**
 * Runs every SDK check; never throws, each failure is a row.
 *
 * @param serve - Installs a handler behind the runtime's own server and returns its URL.
 */
export async function runSdkChecks(config: SdkSmokeConfig, serve?: Serve): Promise<CheckRow[]> {
  const [
    pull,
    callOptions,
    refused,
    agent,
    sync,
    async,
    unwrap,
    handler,
    replay,
    listener,
    served,
    notify,
  ] = SDK_CHECKS;
  const client = createClient({
    hostUrl: config.hostUrl,
    apiKey: config.apiKey,
    signingSecret: config.signingSecret,
    retry: 0,
  });
  const rows = [
    await runCheck(pull, async () => {
      const ids = new Set<string>();
      for await (const order of client.orders.iterate({ limit: 7 })) ids.add(order.id);
      assert(ids.size === config.orderCount, `pulled ${ids.size} of ${config.orderCount} orders`);
      return `${ids.size} orders over the cursor, pages of 7`;
    }),
    await runCheck(callOptions, () => checkCallOptions(client, config)),
    await runCheck(refused, () => checkRefused(config)),
    await runCheck(agent, () => checkUserAgent(client, config)),
  ];
  // Every receiver check needs the deliveries: when they cannot be had, each says why.
  let deliveries: Deliveries | undefined;
  let missing = '';
  try {
    deliveries = await collectDeliveries(client, config);
  } catch (error) {
    missing = `no deliveries: ${describeError(error)}`;
  }
  const withDeliveries = (name: string, body: (d: Deliveries) => Promise<string>) =>
    runCheck(name, () => (deliveries ? body(deliveries) : Promise.reject(new Error(missing))));
  rows.push(
    await withDeliveries(sync, (d) => checkSyncPair(d, config.nodeCrypto)),
    await withDeliveries(async, (d) => checkAsyncPair(d, config.nodeCrypto)),
    await withDeliveries(unwrap, checkUnwrap),
    await withDeliveries(handler, checkHandler),
    await withDeliveries(replay, checkReplay),
    config.nodeHttp === true
      ? await withDeliveries(listener, checkNodeListener)
      : { check: listener, status: 'n/a', detail: config.nodeHttp.reason },
    serve
      ? await runCheck(served, () => checkServed(client, config, serve))
      : { check: served, status: 'n/a', detail: NOT_SERVED },
    await runCheck(notify, async () => {
      const result = await client.fulfillment.notifyShipped({ inbound_order_id: '2' });
      assert(result.status === 'applied', `the service answered ${result.status}`);
      return `signed and applied (order ${result.order_id})`;
    }),
  );
  return rows;
}
