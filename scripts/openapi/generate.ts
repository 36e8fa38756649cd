// Writes docs/openapi.json (the service) and docs/openapi-control.json (the mock's control
// endpoints), each checked against the OpenAPI 3.1 schema first.
//   tsx scripts/openapi/generate.ts           write both documents
//   tsx scripts/openapi/generate.ts --check   fail if either differs from a fresh build
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { renderControlDocument } from './control/document.js';
import { renderOpenApiDocument } from './service/document.js';

const OPENAPI_PATH = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));
const CONTROL_OPENAPI_PATH = fileURLToPath(
  new URL('../../docs/openapi-control.json', import.meta.url),
);

// Builds, validates, and writes (or with --check compares) one document; false when stale
// or invalid.
async function emit(path: string, text: string, check: boolean): Promise<boolean> {
  const name = relative(process.cwd(), path);
  const result = await new Validator().validate(JSON.parse(text));
  if (!result.valid) {
    console.error(`The generated ${name} is not valid OpenAPI 3.1:`);
    console.error(JSON.stringify(result.errors, null, 2));
    return false;
  }
  if (!check) {
    writeFileSync(path, text);
    console.log(`wrote ${path} (valid OpenAPI 3.1)`);
    return true;
  }
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    // A missing file is just another way of being stale.
  }
  if (current !== text) {
    console.error(
      `${name} is stale: the zod schemas in src/schemas or mock/, or scripts/openapi/, ` +
        `changed since it was generated. Run \`npm run openapi\` and commit ${name}.`,
    );
    return false;
  }
  console.log(`${name} is current and valid OpenAPI 3.1.`);
  return true;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const results = [
    await emit(OPENAPI_PATH, renderOpenApiDocument(), check),
    await emit(CONTROL_OPENAPI_PATH, renderControlDocument(), check),
  ];
  if (results.includes(false)) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
