// The type checks of the pack smoke test (scripts/pack-smoke.ts): test/packaging/consumer's
// types.ts compiled against the published declarations in the configurations integrators
// have, by every TypeScript the README names. The compilers besides the repository's own are
// npm packages pinned here and cached under .ci/ (gitignored), as the runtime matrix caches
// its runtimes: a run downloads each once, and the devDependencies keep the TypeScript that
// typedoc needs.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Install } from '../test/runtimes/matrix/installs.js';

/** One compile: the folder it runs in and its tsconfig file there. */
export interface TypeCheck {
  dir: string;
  config: string;
}

/** The kinds of configuration a compiler is checked with (see {@link typeChecks}). */
export type Kind = 'classic' | 'init' | 'init-node' | 'no-dom';

/** A pinned compiler and what it checks. */
interface OtherTypeScript {
  install: Install;
  kinds: Kind[];
}

const typescript = (version: string, kinds: Kind[]): OtherTypeScript => ({
  install: { prefix: `.ci/typescript-${version}`, name: 'typescript', version, binary: 'bin/tsc' },
  kinds,
});

/**
 * The floor the README names (zod 4's types use `NoInfer`, new in 5.4); 6.0, the last
 * JavaScript compiler, whose `tsc --init` writes the defaults 7 keeps, checked with that
 * config alone (its results matched 7's in every configuration tried); and the newest major,
 * `npm i -D typescript`'s today. Exact versions, so a run installs the same compilers.
 */
export const OTHER_TYPESCRIPTS: readonly OtherTypeScript[] = [
  typescript('5.4.5', ['classic']),
  typescript('6.0.3', ['init', 'init-node']),
  typescript('7.0.2', ['classic', 'init', 'init-node', 'no-dom']),
];

function writeConfig(dir: string, name: string, config: object): TypeCheck {
  writeFileSync(join(dir, name), JSON.stringify(config, null, 2));
  return { dir, config: name };
}

/**
 * Lays out the scratch project's type-check folders: types.ts beside the package's install
 * (resolved as ESM, "type": "module"), and again in cjs/, a "type": "commonjs" folder, whose
 * imports resolve the require condition (the .d.cts files).
 */
export function prepareConsumers(scratch: string, consumer: string): void {
  const cjs = join(scratch, 'cjs');
  mkdirSync(cjs, { recursive: true });
  writeFileSync(join(cjs, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  cpSync(join(consumer, 'types.ts'), join(cjs, 'types.ts'));
}

/**
 * A config of the kind the README has always listed: node16 or bundler, the DOM lib, no
 * global types; written as `tsconfig.<file>.<resolution>.json` in `dir`.
 */
export function classicConfig(
  dir: string,
  module: string,
  resolution: string,
  skipLibCheck: boolean,
  file = 'types.ts',
): TypeCheck {
  const compilerOptions = {
    module,
    moduleResolution: resolution,
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck,
  };
  const name = `tsconfig.${file.replace(/\.ts$/, '')}.${resolution}.json`;
  return writeConfig(dir, name, { compilerOptions, files: [file] });
}

/**
 * The configs of the kinds asked for, written into the scratch project (after
 * {@link prepareConsumers}, with @types/node installed), for the compiler `tsc` (`version`
 * names the folder its `tsc --init` writes into):
 *  - classic: node16 as ESM and as CJS, and bundler, skipLibCheck off except under node16
 *    CJS, which reads ky's ESM-only types as TS1479 (README "Runtimes" says so);
 *  - init: the tsconfig.json `tsc --init` writes (module nodenext, strict,
 *    exactOptionalPropertyTypes, verbatimModuleSyntax, declaration, `types: []`,
 *    skipLibCheck), as written;
 *  - init-node: the same with the lib and types its comment gives for Node (`lib: ["esnext"]`,
 *    `types: ["node"]`), as ESM and as CJS: no DOM lib, so a DOM-only name in our declarations
 *    reads as `any` under skipLibCheck, which types.ts's `@ts-expect-error`s catch;
 *  - no-dom: sdk-types.ts with that lib and skipLibCheck off, so any name our SDK
 *    declarations (or ky's, or zod's) take from the DOM lib fails by name.
 */
export function typeChecks(
  scratch: string,
  tsc: string,
  version: string,
  kinds: readonly Kind[],
): TypeCheck[] {
  const cjs = join(scratch, 'cjs');
  const checks: TypeCheck[] = [];
  if (kinds.includes('classic')) {
    checks.push(
      classicConfig(scratch, 'node16', 'node16', false),
      classicConfig(cjs, 'node16', 'node16', true),
      classicConfig(scratch, 'esnext', 'bundler', false),
    );
  }
  if (kinds.includes('init') || kinds.includes('init-node')) {
    // `tsc --init` writes into the folder it runs in and will not overwrite a tsconfig.json.
    const initDir = join(scratch, `tsc-init-${version}`);
    mkdirSync(initDir);
    execFileSync('node', [tsc, '--init'], { cwd: initDir, stdio: 'ignore' });
    const node = { lib: ['esnext'], types: ['node'] };
    const config = (dir: string, name: string, options: object) =>
      writeConfig(dir, name, {
        extends: `./${relative(dir, join(initDir, 'tsconfig.json'))}`,
        compilerOptions: { noEmit: true, ...options },
        files: ['types.ts'],
      });
    if (kinds.includes('init')) checks.push(config(scratch, 'tsconfig.init.json', {}));
    if (kinds.includes('init-node')) {
      checks.push(
        config(scratch, 'tsconfig.init-node.json', node),
        // A CommonJS file cannot be written in import syntax under verbatimModuleSyntax.
        config(cjs, 'tsconfig.init-node.json', { ...node, verbatimModuleSyntax: false }),
      );
    }
  }
  if (kinds.includes('no-dom')) {
    const compilerOptions = {
      module: 'nodenext',
      lib: ['ES2022'],
      types: ['node'],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
    };
    checks.push(
      writeConfig(scratch, 'tsconfig.no-dom.json', { compilerOptions, files: ['sdk-types.ts'] }),
    );
  }
  return checks;
}
