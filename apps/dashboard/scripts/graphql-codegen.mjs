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
import { codegen } from '@graphql-codegen/core';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, parse } from 'graphql';

const DASHBOARD = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(DASHBOARD, '..', '..');
const PRINT_SCHEMA = join(ROOT, 'apps', 'api', 'dist', 'cli', 'print-schema.js');
const API_DIR = join(DASHBOARD, 'src', 'lib', 'api');
const SCHEMA_FILE = join(API_DIR, 'schema.graphql');
const OPERATIONS_FILE = join(API_DIR, 'operations.graphql');
const GENERATED_FILE = join(API_DIR, 'generated.ts');
const FIX = 'npx nx run @coxswain/dashboard:codegen (builds the API, prints its schema, regenerates)';

const SCHEMA_HEADER = '# The GraphQL schema the API serves, printed by apps/api/src/cli/print-schema.ts.\n# Generated: do not edit. Regenerate with `npx nx run @coxswain/dashboard:codegen`.\n\n';
const GENERATED_HEADER = '// Typed GraphQL operations, generated from schema.graphql and operations.graphql by\n// scripts/graphql-codegen.mjs (GraphQL Code Generator). Do not edit; run `npx nx run @coxswain/dashboard:codegen`.\n/* eslint-disable */\n';

/** How each custom scalar of the schema arrives in JSON. A scalar missing here fails generation (strictScalars). */
const SCALARS = {
  DateTime: 'string',
  JSON: 'unknown',
  IntOrPercent: 'number | string',
};

function servedSchema() {
  if (!existsSync(PRINT_SCHEMA)) fail(`${relative(ROOT, PRINT_SCHEMA)} is missing: build the API first (npx nx run @coxswain/api:build)`);
  return SCHEMA_HEADER + execFileSync(process.execPath, [PRINT_SCHEMA], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

async function generated(schemaText) {
  const operations = readFileSync(OPERATIONS_FILE, 'utf8');
  const output = await codegen({
    filename: GENERATED_FILE,
    schema: parse(schemaText),
    schemaAst: buildSchema(schemaText),
    documents: [{ location: relative(DASHBOARD, OPERATIONS_FILE), document: parse(operations) }],
    plugins: [{ 'typescript-operations': {} }, { 'typed-document-node': {} }],
    pluginMap: { 'typescript-operations': typescriptOperations, 'typed-document-node': typedDocumentNode },
    config: {
      scalars: SCALARS,
      strictScalars: true,
      enumsAsTypes: true,
      onlyOperationTypes: true,
      useTypeImports: true,
      skipTypename: true,
      avoidOptionals: { field: true, object: true },
      maybeValue: 'T | null',
      inputMaybeValue: 'T | null | undefined',
      documentMode: 'string',
      dedupeFragments: true,
    },
  });
  return `${GENERATED_HEADER}${output.trimEnd()}\n`;
}

function fail(message) {
  process.stderr.write(`graphql-codegen: ${message}\n`);
  process.exit(1);
}

/** The first line where two texts differ, for a message a person can act on. */
function firstDifference(was, now) {
  const a = was.split('\n');
  const b = now.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: committed ${JSON.stringify(a[i] ?? '(end of file)')}, now ${JSON.stringify(b[i] ?? '(end of file)')}`;
  }
  return 'same text';
}

async function main() {
  const check = process.argv.includes('--check');
  const schemaText = servedSchema();
  let code;
  try {
    code = await generated(schemaText);
  } catch (err) {
    // Document validation errors name the operation and the field the schema no longer has.
    const details = (err?.errors ?? [err]).map((e) => `  ${e?.details ?? e?.message ?? e}`).join('\n');
    fail(`the dashboard's operations (src/lib/api/operations.graphql) do not fit the API's schema:\n${details}`);
  }
  const files = [[SCHEMA_FILE, schemaText], [GENERATED_FILE, code]];
  if (!check) {
    for (const [file, text] of files) writeFileSync(file, text);
    process.stdout.write(`graphql-codegen: wrote ${files.map(([f]) => relative(DASHBOARD, f)).join(' and ')}\n`);
    return;
  }
  const stale = files.filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
  if (stale.length > 0) {
    const lines = stale.map(([file, text]) => `  ${relative(DASHBOARD, file)}: ${existsSync(file) ? firstDifference(readFileSync(file, 'utf8'), text) : 'missing'}`);
    fail(`generated files are out of date with the API's schema or the operations:\n${lines.join('\n')}\nRegenerate and commit them: ${FIX}`);
  }
  process.stdout.write('graphql-codegen: schema.graphql and generated.ts are up to date\n');
}

await main();
