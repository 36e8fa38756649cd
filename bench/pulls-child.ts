// Runs the SDK overhead pulls in a child process, on whichever node started it (Node 22 for
// the benchmark's second runtime), against the mock the parent serves; sends back the times.
import { measurePulls } from './pulls.js';

const [hostUrl] = process.argv.slice(2);
if (!hostUrl || !process.send) throw new Error('usage: forked with the mock URL as argument');
process.send({ version: process.version, pulls: await measurePulls(hostUrl) }, () =>
  process.exit(0),
);
