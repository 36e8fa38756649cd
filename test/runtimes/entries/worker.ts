// The SDK checks as a Workers-style module (a default export with `fetch`), for workerd and
// (through edge-runtime.ts) the edge runtime: the runner POSTs the config and reads the rows
// from the response. The same module also answers the mock's deliveries at HOOKS_PATH, with
// the handler the checks installed, so the mock can deliver to the runtime's own server.
import type { WebhookHandler } from 'order-fulfillment-sdk';
import type { SdkSmokeConfig } from '../checks/config.js';
import { runSdkChecks } from '../checks/sdk.js';

const HOOKS_PATH = '/hooks/orders';

// Module scope, as a deployed receiver keeps it: one isolate serves the run and the
// deliveries that arrive while the run waits for them.
let served: WebhookHandler | undefined;

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname === HOOKS_PATH) {
      return served ? served(request) : new Response('no receiver installed', { status: 503 });
    }
    const config = (await request.json()) as SdkSmokeConfig;
    const { selfUrl } = config;
    const serve = selfUrl
      ? (handler: WebhookHandler) => {
          served = handler;
          return { url: `${selfUrl}${HOOKS_PATH}`, server: config.selfServer ?? 'its own server' };
        }
      : undefined;
    return Response.json(await runSdkChecks(config, serve));
  },
};
