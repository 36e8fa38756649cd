// Code blocks of the documentation, type-checked as a reader pastes them. A block is a
// fragment, so each becomes a module whose imports stay on top and whose other lines run in an
// async function (a block may `await` or `return`). The names a set of blocks uses without
// defining them come from that set's prelude, a declaration file of globals; one program
// checks a whole set, so a set costs one type-check, not one per block.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '../..');
// Under the repository (and ignored by git), so that tsconfig's paths resolve the package;
// one folder per process, so that two runs in one checkout do not write over each other's.
const DIR = join(ROOT, '.tmp', 'doc-blocks', String(process.pid));

/** One code block, and where a reader finds it. */
export interface Block {
  /** The file it is in, from the repository root. */
  source: string;
  /** The file line of the block's first code line. */
  line: number;
  code: string;
  /** Import lines put above the block's own: what its surroundings import for it. */
  imports?: string[];
}

/** The ```ts blocks of a Markdown document; a block fenced ```ts ignore is left out. */
export function markdownBlocks(source: string, markdown: string): Block[] {
  const found: Block[] = [];
  const fence = /^```ts( ignore)?\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(fence)) {
    if (match[1]) continue;
    const line = markdown.slice(0, match.index).split('\n').length + 1;
    found.push({ source, line, code: match[2] as string });
  }
  return found;
}

/** A block as a module, and for each of its lines the source line it came from (0: none). */
interface Module {
  text: string;
  origins: number[];
}

// Imports on top (they may span lines), everything else in an async function, unless the block
// exports (it is then a module of its own, top-level await included); every line keeps its
// source line, so that an error names the line a reader sees.
function asModule(block: Block): Module {
  const lines = block.code.replace(/\n$/, '').split('\n');
  const given = block.imports ?? [];
  const imports: number[] = [];
  let inImport = false;
  lines.forEach((text, index) => {
    if (text.startsWith('import ')) inImport = true;
    if (inImport) imports.push(index);
    if (inImport && /(^| )from '[^']+';|^import '[^']+';/.test(text)) inImport = false;
  });
  if (lines.some((text) => text.startsWith('export '))) {
    return {
      text: `${[...given, ...lines].join('\n')}\n`,
      origins: [...given.map(() => 0), ...lines.map((_, index) => block.line + index)],
    };
  }
  const body = lines.map((_, index) => index).filter((index) => !imports.includes(index));
  const order = [...imports, -1, ...body, -1];
  const text = order.map((index, at) => {
    if (index >= 0) return lines[index];
    return at === imports.length ? 'export async function block() {' : '}';
  });
  return {
    text: `${[...given, ...text].join('\n')}\n`,
    origins: [
      ...given.map(() => 0),
      ...order.map((index) => (index >= 0 ? block.line + index : 0)),
    ],
  };
}

// The project's compiler options, read once for every set.
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config,
  ts.sys,
  ROOT,
);
let previous: ts.Program | undefined;

// A path as TypeScript names its files: with forward slashes on every platform, where
// node:path joins with backslashes on Windows.
const slashed = (path: string) => path.replaceAll('\\', '/');

/**
 * A program over `rootNames` with the project's options (unused locals allowed: a block may
 * show a value it does not use); the previous program lends the source files it shares.
 */
export function docProgram(rootNames: string[]): ts.Program {
  previous = ts.createProgram({
    rootNames,
    options: { ...options, noUnusedLocals: false },
    oldProgram: previous,
  });
  return previous;
}

/**
 * Type errors of a set of blocks, each as `source:line: message`, in source order.
 *
 * @param name - The set's name, for its folder under .tmp/.
 * @param prelude - A declaration file: the globals the blocks use without defining them.
 */
export function typeErrors(name: string, prelude: string, blocks: Block[]): string[] {
  const dir = join(DIR, name.replace(/[^\w.-]/g, '-'));
  // The set's files as the program names them: this folder's, not a sibling's sharing its start.
  const within = `${slashed(dir)}/`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const modules = new Map<string, { block: Block; origins: number[] }>();
  writeFileSync(join(dir, 'prelude.d.ts'), prelude);
  for (const block of blocks) {
    const module = asModule(block);
    const file = join(dir, `${block.source.replace(/[^\w.-]/g, '-')}-${block.line}.ts`);
    writeFileSync(file, module.text);
    modules.set(slashed(file), { block, origins: module.origins });
  }
  // One program per set, since each prelude declares its own globals.
  const program = docProgram([join(dir, 'prelude.d.ts'), ...modules.keys()]);
  try {
    return setErrors(program, name, within, modules);
  } finally {
    rmSync(DIR, { recursive: true, force: true });
  }
}

// The errors of a set's own files, each named by the line a reader sees.
function setErrors(
  program: ts.Program,
  name: string,
  within: string,
  modules: Map<string, { block: Block; origins: number[] }>,
): string[] {
  // In source order, so that the first error listed is the first a reader meets.
  // Only the blocks' own files are checked: the source they import is checked by tsc, and
  // reading only what the blocks use of it keeps a set to a fraction of a full check.
  const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(within)) continue;
    diagnostics.push(
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    );
  }
  return diagnostics
    .filter((diagnostic) => diagnostic.file?.fileName.startsWith(within))
    .map((diagnostic) => {
      const file = diagnostic.file?.fileName ?? '';
      const { line = 0 } =
        diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0) ?? {};
      const module = modules.get(file);
      const origin = module?.origins[line] ?? 0;
      const source = module?.block.source ?? name;
      const where = origin
        ? `${source}:${origin}`
        : `${source} (${file.slice(within.length)}:${line + 1})`;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return { source, origin, text: `${where}: ${message}` };
    })
    .sort((a, b) => a.source.localeCompare(b.source) || a.origin - b.origin)
    .map((error) => error.text);
}
