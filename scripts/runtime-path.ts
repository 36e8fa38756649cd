// Prints the executable of a runtime the matrix pins (bun, deno), installing it under .ci/ first
// when missing, so a CI step that runs one outside the matrix uses the same cached binary. The
// path is the last line of stdout (an install prints npm's own lines before it):
//   tsx scripts/runtime-path.ts bun | tail -n 1
import { fileURLToPath } from 'node:url';
import { cachedBinary } from '../test/runtimes/matrix/install.js';
import { BUN, DENO, type Install } from '../test/runtimes/matrix/installs.js';

const INSTALLS: Record<string, Install> = { bun: BUN, deno: DENO };

const name = process.argv[2] ?? '';
const install = INSTALLS[name];
if (!install) throw new Error(`no runtime named '${name}': ${Object.keys(INSTALLS).join(', ')}`);
const { binary, done } = cachedBinary(fileURLToPath(new URL('..', import.meta.url)), install);
console.error(done);
console.log(binary);
