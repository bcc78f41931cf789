#!/usr/bin/env node
// The CLI's GraphQL types, generated from the schema the API serves, as the dashboard's are
// (apps/dashboard/scripts/graphql-codegen.mjs; same generator, same configuration):
//   1. the schema printed by the built API (apps/api/dist/cli/print-schema.js) into src/api/schema.graphql,
//      committed so review shows every schema change the CLI was generated against;
//   2. typed operations from that schema and src/api/operations.graphql into src/api/generated.ts, by
//      GraphQL Code Generator (typescript-operations, typed-document-node in string mode: each operation is
//      its query text typed with its result and variables, so the CLI needs no GraphQL runtime).
// An operation the schema does not allow (a field removed or renamed, a changed argument) fails
// generation naming the field, and a changed result type fails the type check of the code that reads it.
//
//   node scripts/graphql-codegen.mjs           writes both files
//   node scripts/graphql-codegen.mjs --check   writes nothing; exits 1 when either file is not what the
//                                              API and the operations give now (the build runs this)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { buildSchema, parse } from 'graphql';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(CLI, '..', '..');
const PRINT_SCHEMA = join(ROOT, 'apps', 'api', 'dist', 'cli', 'print-schema.js');
const API_DIR = join(CLI, 'src', 'api');
const SCHEMA_FILE = join(API_DIR, 'schema.graphql');
const OPERATIONS_FILE = join(API_DIR, 'operations.graphql');
const GENERATED_FILE = join(API_DIR, 'generated.ts');
const FIX = 'npx nx run @coxswain/cli:codegen (builds the API, prints its schema, regenerates)';

const SCHEMA_HEADER = '# The GraphQL schema the API serves, printed by apps/api/src/cli/print-schema.ts.\n# Generated: do not edit. Regenerate with `npx nx run @coxswain/cli:codegen`.\n\n';
const GENERATED_HEADER = '// Typed GraphQL operations, generated from schema.graphql and operations.graphql by\n// scripts/graphql-codegen.mjs (GraphQL Code Generator). Do not edit; run `npx nx run @coxswain/cli:codegen`.\n/* eslint-disable */\n';

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

async function generateTypes(schemaText, operationsText) {
  const output = await codegen({
    filename: 'generated.ts',
    schema: parse(schemaText),
    schemaAst: buildSchema(schemaText),
    documents: [{ location: relative(CLI, OPERATIONS_FILE), document: parse(operationsText) }],
    plugins: [{ 'typescript-operations': {} }, { 'typed-document-node': {} }],
    pluginMap: { 'typescript-operations': typescriptOperations, 'typed-document-node': typedDocumentNode },
    config: {
      scalars: SCALARS,
      strictScalars: true,
      enumsAsTypes: true,
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

function describeFailure(err) {
  return (err?.errors ?? [err]).map((e) => `  ${e?.details ?? e?.message ?? e}`).join('\n');
}

function firstDifference(was, now) {
  const a = was.split('\n');
  const b = now.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: committed ${JSON.stringify(a[i] ?? '(end of file)')}, now ${JSON.stringify(b[i] ?? '(end of file)')}`;
  }
  return 'same text';
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
    code = await generateTypes(schemaText, readFileSync(OPERATIONS_FILE, 'utf8'));
  } catch (err) {
    fail(`the CLI's operations (src/api/operations.graphql) do not fit the API's schema:\n${describeFailure(err)}`);
  }
  const files = [[SCHEMA_FILE, schemaText], [GENERATED_FILE, code]];
  if (!check) {
    for (const [file, text] of files) writeFileSync(file, text);
    process.stdout.write(`graphql-codegen: wrote ${files.map(([f]) => relative(CLI, f)).join(' and ')}\n`);
    return;
  }
  const stale = files.filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
  if (stale.length > 0) {
    const lines = stale.map(([file, text]) => `  ${relative(CLI, file)}: ${existsSync(file) ? firstDifference(readFileSync(file, 'utf8'), text) : 'missing'}`);
    fail(`generated files are out of date with the API's schema or the operations:\n${lines.join('\n')}\nRegenerate and commit them: ${FIX}`);
  }
  process.stdout.write('graphql-codegen: schema.graphql and generated.ts are up to date\n');
}

await main();
