// The @example blocks of the TSDoc in src/ and mock/, as typedoc shows them: the code an
// integrator copies. An example names the exports it uses without importing them, as the
// prose around it does; each block gets the imports an integrator would write, from the
// package's public entries, so an example that uses something those entries do not export
// fails as it would in the integrator's editor.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { type Block, docProgram } from './doc-blocks.js';

const ROOT = join(import.meta.dirname, '../..');

/** The package's public entries, by the specifier an integrator imports. */
export const ENTRIES = {
  'order-fulfillment-sdk': 'src/index.ts',
  'order-fulfillment-sdk/mock': 'mock/index.ts',
} as const;

/** A folder's examples, and the @example tags with no ```ts block after them. */
export interface Examples {
  blocks: Block[];
  /** Each as `source:line` of its tag. */
  withoutCode: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(dir, file))
    .sort();
}

// The ```ts block under each @example tag of each doc comment (`/** ... */`), its ` * `
// margin taken off. A block fenced ```ts ignore is left out, as in the Markdown documents.
function examplesOf(source: string, text: string, found: Examples): void {
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const first = text.slice(0, comment.index).split('\n').length;
    const lines = comment[0].split('\n').map((line) => line.replace(/^\s*\*(?!\/) ?/, ''));
    let tag: number | undefined;
    let code: string[] | undefined;
    for (const [index, line] of lines.entries()) {
      if (code) {
        if (line.trim() !== '```') {
          code.push(line);
          continue;
        }
        found.blocks.push({
          source,
          line: first + index - code.length,
          code: `${code.join('\n')}\n`,
        });
        code = undefined;
      } else if (/^\s*@example\b/.test(line)) {
        if (tag !== undefined) found.withoutCode.push(`${source}:${tag}`);
        tag = first + index;
      } else if (tag !== undefined && /^\s*```ts( ignore)?\s*$/.test(line)) {
        code = line.includes('ignore') ? undefined : [];
        tag = undefined;
      } else if (tag !== undefined && /^\s*@\w/.test(line)) {
        found.withoutCode.push(`${source}:${tag}`);
        tag = undefined;
      }
    }
    if (tag !== undefined) found.withoutCode.push(`${source}:${tag}`);
  }
}

/** The @example blocks of every TypeScript file under `dir` (from the repository root). */
export function tsdocExamples(dir: string): Examples {
  const found: Examples = { blocks: [], withoutCode: [] };
  for (const source of sourceFiles(dir)) {
    examplesOf(source, readFileSync(join(ROOT, source), 'utf8'), found);
  }
  return found;
}

/** An export of a public entry: where it comes from, and whether it is only a type. */
interface PublicName {
  entry: keyof typeof ENTRIES;
  typeOnly: boolean;
}

// Type-only when some re-export on the way says so (`export type { ... }`), or when what it
// names is no value: then only `import type` may bring it in under verbatimModuleSyntax.
function isTypeOnly(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  const typeOnlyExport = (declaration: ts.Declaration) =>
    ts.isExportSpecifier(declaration) && ts.isTypeOnlyExportDeclaration(declaration);
  let at: ts.Symbol | undefined = symbol;
  while (at && at.flags & ts.SymbolFlags.Alias) {
    if (at.declarations?.some(typeOnlyExport)) return true;
    at = checker.getImmediateAliasedSymbol(at);
  }
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return !(target.flags & ts.SymbolFlags.Value);
}

let names: Map<string, PublicName[]> | undefined;

/** Every name the public entries export, with each entry that exports it; read once. */
export function publicNames(): Map<string, PublicName[]> {
  if (names) return names;
  const entries = Object.keys(ENTRIES) as (keyof typeof ENTRIES)[];
  const program = docProgram(entries.map((entry) => join(ROOT, ENTRIES[entry])));
  const checker = program.getTypeChecker();
  names = new Map();
  for (const entry of entries) {
    const file = program.getSourceFile(join(ROOT, ENTRIES[entry]));
    const module = file && checker.getSymbolAtLocation(file);
    if (!module) throw new Error(`cannot read the exports of ${ENTRIES[entry]}`);
    for (const symbol of checker.getExportsOfModule(module)) {
      const name = { entry, typeOnly: isTypeOnly(checker, symbol) };
      names.set(symbol.name, [...(names.get(symbol.name) ?? []), name]);
    }
  }
  return names;
}

/**
 * The block with the imports an integrator writes for it: each public name it mentions, from
 * the entry that exports it (`prefer` when both do). A block that imports from the package
 * itself shows its imports, so they must be complete: it gets none.
 */
export function withImports(block: Block, prefer: keyof typeof ENTRIES): Block {
  if (/^import [^;]*'order-fulfillment-sdk(\/mock)?';/m.test(block.code)) return block;
  const wanted = new Map<string, string[]>();
  for (const word of new Set(block.code.match(/[A-Za-z_$][\w$]*/g))) {
    const found = publicNames().get(word);
    const name = found?.find((each) => each.entry === prefer) ?? found?.[0];
    if (!name) continue;
    const key = `${name.typeOnly ? 'import type' : 'import'}\0${name.entry}`;
    wanted.set(key, [...(wanted.get(key) ?? []), word]);
  }
  const imports = [...wanted].map(([key, words]) => {
    const [kind, entry] = key.split('\0');
    return `${kind} { ${words.join(', ')} } from '${entry}';`;
  });
  return { ...block, imports };
}
