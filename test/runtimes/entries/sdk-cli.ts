// The SDK checks as a command, for runtimes that run a file: Node, Bun and Deno.
import type { SdkSmokeConfig } from '../checks/config.js';
import { runSdkChecks } from '../checks/sdk.js';
import { configArgument, printRows } from './cli-io.js';
import { startOwnServer } from './own-server.js';

const server = await startOwnServer();
try {
  printRows(await runSdkChecks(configArgument<SdkSmokeConfig>(), server.serve));
} finally {
  await server.close();
}
