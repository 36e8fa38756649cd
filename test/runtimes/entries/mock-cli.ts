// The mock checks as a command, for the runtimes the mock supports: Node, Bun and Deno.
import type { MockSmokeConfig } from '../checks/config.js';
import { runMockChecks } from '../checks/mock.js';
import { configArgument, printRows } from './cli-io.js';

printRows(await runMockChecks(configArgument<MockSmokeConfig>()));
