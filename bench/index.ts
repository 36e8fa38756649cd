// Runs the benchmarks (all, or those named on the command line), prints the table, and
// writes docs/benchmarks.md after a full run. Not part of `npm test`: `npm run bench`.
import { cursorCost } from './cursor-cost.js';
import { memory } from './memory.js';
import { pipelined } from './pipelined.js';
import { receiverSize } from './receiver-size.js';
import {
  type Benchmark,
  describeMachine,
  markdown,
  type Result,
  textTable,
  verdict,
  writeReport,
} from './report.js';
import { sdkOverhead } from './sdk-overhead.js';
import { signing } from './signing.js';
import { size } from './size.js';
import { throughput } from './throughput.js';

const ALL: Benchmark[] = [
  size,
  receiverSize,
  signing,
  cursorCost,
  sdkOverhead,
  pipelined,
  memory,
  throughput,
];

const names = process.argv.slice(2);
const unknown = names.filter((name) => !ALL.some((benchmark) => benchmark.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}; known: ${ALL.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}
if (typeof globalThis.gc !== 'function') {
  console.error('Run with node --expose-gc (npm run bench does).');
  process.exit(2);
}
const selected = names.length > 0 ? ALL.filter((benchmark) => names.includes(benchmark.name)) : ALL;

const started = performance.now();
const results: Result[] = [];
for (const benchmark of selected) {
  const start = performance.now();
  console.log(`${benchmark.name} ...`);
  const figures = await benchmark.run();
  results.push(...figures);
  for (const figure of figures) {
    console.log(`  ${figure.name}: ${figure.value.toFixed(3)} ${verdict(figure)}`);
  }
  console.log(`  (${((performance.now() - start) / 1000).toFixed(1)} s)`);
}
const seconds = (performance.now() - started) / 1000;
console.log(`\n${textTable(results)}\n`);

if (selected.length === ALL.length) {
  const text = markdown(results, selected, describeMachine(), seconds);
  await writeReport(new URL('../docs/benchmarks.md', import.meta.url), text);
  console.log('Wrote docs/benchmarks.md');
} else {
  console.log('A subset ran, so docs/benchmarks.md was left as it is (a full run writes it).');
}
// A missed target is a finding, reported in the table, not a crash: exit 0 either way.
