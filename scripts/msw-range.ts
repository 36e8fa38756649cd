// The oldest msw the peer range admits: CI's msw-min step installs it (printed when this file
// runs: `tsx scripts/msw-range.ts`), and the pack smoke test names it in the message it expects
// from a mock without msw.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The lowest `x.y.z` of a range of `^x.y.z` parts joined by `||`; throws for any other range. */
export function lowestCaretBound(range: string): string {
  const bounds = range.split('||').map((part) => /^\^(\d+)\.(\d+)\.(\d+)$/.exec(part.trim()));
  if (bounds.length === 0 || !bounds.every((bound) => bound !== null)) {
    throw new Error(`the msw peer range is not ^x.y.z [|| ^x.y.z]: "${range}"`);
  }
  const [lowest] = bounds
    .map((bound) => bound.slice(1).map(Number))
    .sort(
      (a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0) || (a[2] ?? 0) - (b[2] ?? 0),
    );
  return (lowest ?? []).join('.');
}

/** The msw peer range of the package.json at the repository root. */
export function mswPeerRange(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return pkg.peerDependencies.msw;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(lowestCaretBound(mswPeerRange()));
}
