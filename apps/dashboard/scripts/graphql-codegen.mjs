#!/usr/bin/env node
// The dashboard's GraphQL types, generated instead of copied by hand (issue 14 item 10):
//   1. the schema the API serves, printed by the built API (apps/api/dist/cli/print-schema.js) into
//      src/lib/api/schema.graphql, committed so review shows every schema change;
//   2. typed operations from that schema and src/lib/api/operations.graphql into src/lib/api/generated.ts,
//      by The Guild's GraphQL Code Generator (typescript-operations, typed-document-node in string mode).
// An operation the schema does not allow (a field removed or renamed, a changed argument) fails
// generation, and a changed result type fails the type check of the code that reads it.
//
//   node scripts/graphql-codegen.mjs           writes both files
//   node scripts/graphql-codegen.mjs --check   writes nothing; exits 1 when either file is not what the
//                                              API and the operations give now (the build runs this)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFailure, firstDifference, generateTypes } from './graphql-types.mjs';

const DASHBOARD = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(DASHBOARD, '..', '..');
const PRINT_SCHEMA = join(ROOT, 'apps', 'api', 'dist', 'cli', 'print-schema.js');
const API_DIR = join(DASHBOARD, 'src', 'lib', 'api');
const SCHEMA_FILE = join(API_DIR, 'schema.graphql');
const OPERATIONS_FILE = join(API_DIR, 'operations.graphql');
const GENERATED_FILE = join(API_DIR, 'generated.ts');
const FIX = 'npx nx run @coxswain/dashboard:codegen (builds the API, prints its schema, regenerates)';

const SCHEMA_HEADER =
  '# The GraphQL schema the API serves, printed by apps/api/src/cli/print-schema.ts.\n# Generated: do not edit. Regenerate with `npx nx run @coxswain/dashboard:codegen`.\n\n';

function servedSchema() {
  if (!existsSync(PRINT_SCHEMA)) fail(`${relative(ROOT, PRINT_SCHEMA)} is missing: build the API first (npx nx run @coxswain/api:build)`);
  return SCHEMA_HEADER + execFileSync(process.execPath, [PRINT_SCHEMA], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function fail(message) {
  process.stderr.write(`graphql-codegen: ${message}\n`);
  process.exit(1);
}

async function main() {
  const check = process.argv.includes('--check');
  const schemaText = servedSchema();
  let code;
  try {
    code = await generateTypes(schemaText, readFileSync(OPERATIONS_FILE, 'utf8'), relative(DASHBOARD, OPERATIONS_FILE));
  } catch (err) {
    fail(`the dashboard's operations (src/lib/api/operations.graphql) do not fit the API's schema:\n${describeFailure(err)}`);
  }
  const files = [
    [SCHEMA_FILE, schemaText],
    [GENERATED_FILE, code],
  ];
  if (!check) {
    for (const [file, text] of files) writeFileSync(file, text);
    process.stdout.write(`graphql-codegen: wrote ${files.map(([f]) => relative(DASHBOARD, f)).join(' and ')}\n`);
    return;
  }
  const stale = files.filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
  if (stale.length > 0) {
    const lines = stale.map(
      ([file, text]) => `  ${relative(DASHBOARD, file)}: ${existsSync(file) ? firstDifference(readFileSync(file, 'utf8'), text) : 'missing'}`,
    );
    fail(`generated files are out of date with the API's schema or the operations:\n${lines.join('\n')}\nRegenerate and commit them: ${FIX}`);
  }
  process.stdout.write('graphql-codegen: schema.graphql and generated.ts are up to date\n');
}

await main();
