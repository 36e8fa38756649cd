// The typing proof: the public types are exact (a misspelt field does not compile) while the
// documented uses compile. Each fixture is compiled with the project's own compiler options,
// through the TypeScript API, so the proof checks what a consumer's tsc would say.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {
  ApiError,
  Order,
  OrderCursorParams,
  OrderPullParams,
  OrderStatus,
  PrefetchParams,
  Product,
  ValidationError,
  ValidationIssue,
  WebhookEventName,
} from 'order-fulfillment-sdk';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

const fixtures = [fixture('misspelt.ts'), fixture('consumer.ts')];
let diagnostics: readonly ts.Diagnostic[] | undefined;

// Both fixtures in one program: the SDK's sources are checked once.
function compile(file: string) {
  if (!diagnostics) {
    const { config } = ts.readConfigFile(`${root}tsconfig.json`, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
    diagnostics = ts.getPreEmitDiagnostics(ts.createProgram(fixtures, options));
  }
  return diagnostics
    .filter((diagnostic) => diagnostic.file?.fileName === file)
    .map((diagnostic) => {
      const where = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return {
        file: diagnostic.file?.fileName,
        line: (where?.line ?? -1) + 1,
        code: `TS${diagnostic.code}`,
        text: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      };
    });
}

// The errors misspelt.ts must give: its `// expect TSnnnn [suggestion]` comments.
function expected(file: string) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, index) => {
      const match = /\/\/ expect (TS\d+)(?: (\w+))?$/.exec(text);
      return match ? [{ line: index + 1, code: match[1], suggestion: match[2] }] : [];
    });
}

describe('the public types', () => {
  it('refuse every misspelt field, and nothing else, in a consumer', () => {
    const file = fixture('misspelt.ts');
    const errors = compile(file);
    // Nothing outside the fixture fails: the SDK's own sources compile under these options.
    expect(diagnostics?.filter((d) => !fixtures.includes(d.file?.fileName ?? ''))).toEqual([]);
    const wanted = expected(file);
    expect(wanted.length).toBeGreaterThan(5);
    expect(errors.map(({ line, code }) => ({ line, code }))).toEqual(
      wanted.map(({ line, code }) => ({ line, code })),
    );
    for (const want of wanted.filter((w) => w.suggestion)) {
      const error = errors.find((e) => e.line === want.line);
      // TypeScript suggests the right name, which it can only do for an exact type.
      expect(error?.text).toMatch(new RegExp(`Did you mean (to write )?'${want.suggestion}'`));
    }
  }, 60_000);

  it('accept the documented uses: relied-upon fields, open values, unknown fields by a cast', () => {
    expect(compile(fixture('consumer.ts'))).toEqual([]);
  }, 60_000);

  it('take an explicit undefined for every optional option under exactOptionalPropertyTypes', () => {
    const file = fixture('optional-undefined.ts');
    const { config } = ts.readConfigFile(`${root}tsconfig.json`, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
    const program = ts.createProgram([file], { ...options, exactOptionalPropertyTypes: true });
    const errors = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  }, 60_000);

  it('offer the known values of status and event kinds and keep money a number', () => {
    expectTypeOf<'Created'>().toExtend<OrderStatus>();
    expectTypeOf<'anything the service adds'>().toExtend<OrderStatus>();
    expectTypeOf<'order.created'>().toExtend<WebhookEventName>();
    expectTypeOf<Product['price']>().toEqualTypeOf<number>();
    expectTypeOf<Order['id']>().toEqualTypeOf<string>();
    expectTypeOf<Order>().not.toHaveProperty('statsu');
  });

  // `detail` is the body's own, unchecked: a 422 of `["limit too large"]` holds strings.
  it("type an error's detail as sent and its issues as checked", () => {
    expectTypeOf<ApiError['detail']>().toEqualTypeOf<string | unknown[] | undefined>();
    expectTypeOf<ValidationError['issues']>().toEqualTypeOf<ValidationIssue[]>();
  });

  it('keep OrderPullParams, an interface, the type it was as an intersection', () => {
    expectTypeOf<OrderPullParams>().branded.toEqualTypeOf<
      Omit<OrderCursorParams, 'since'> & { since?: string | Date | undefined } & PrefetchParams
    >();
  });
});
