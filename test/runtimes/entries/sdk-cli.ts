// The SDK checks as a command, for runtimes that run a file: Node, Bun and Deno.
import type { SdkSmokeConfig } from '../checks/config.js';
import { runSdkChecks } from '../checks/sdk.js';
import { configArgument, printRows } from './cli-io.js';

printRows(await runSdkChecks(configArgument<SdkSmokeConfig>()));
