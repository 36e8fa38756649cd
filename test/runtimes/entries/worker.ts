// The SDK checks as a Workers-style module (a default export with `fetch`), for workerd:
// the runner POSTs the config and reads the rows from the response.
import type { SdkSmokeConfig } from '../checks/config.js';
import { runSdkChecks } from '../checks/sdk.js';

export default {
  async fetch(request: Request): Promise<Response> {
    const config = (await request.json()) as SdkSmokeConfig;
    return Response.json(await runSdkChecks(config));
  },
};
