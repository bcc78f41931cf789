#!/usr/bin/env node
// The GraphQL schema the API serves, printed once, and each client's typed operations generated from it
// (the dashboard's and the CLI's; issue 14 item 10, issue 32):
//   1. the schema printed by the built API (apps/api/dist/cli/print-schema.js) into apps/api/schema.graphql,
//      committed so review shows every schema change the clients were generated against;
//   2. for each client, typed operations from that schema and its operations.graphql into the generated.ts
//      beside it (scripts/graphql-types.mjs: GraphQL Code Generator, one configuration for all clients).
// An operation the schema does not allow (a field removed or renamed, a changed argument) fails
// generation naming the field, and a changed result type fails the type check of the code that reads it.
//
//   npm run codegen                                    builds the API, then runs this: writes every file
//   node scripts/graphql-codegen.mjs                   writes the schema and every client's generated.ts
//   node scripts/graphql-codegen.mjs --check <client>  writes nothing; exits 1 when the schema or that
//                                                      client's generated.ts is not what the API and its
//                                                      operations give now (each client's build runs this)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFailure, firstDifference, generateTypes } from './graphql-types.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PRINT_SCHEMA = join(ROOT, 'apps', 'api', 'dist', 'cli', 'print-schema.js');
const SCHEMA_FILE = join(ROOT, 'apps', 'api', 'schema.graphql');
const FIX = 'npm run codegen (builds the API, prints its schema, regenerates every client)';

/** Each client's folder of operations.graphql (what it sends) and generated.ts (their types). */
const CLIENTS = {
  dashboard: join(ROOT, 'apps', 'dashboard', 'src', 'lib', 'api'),
  cli: join(ROOT, 'apps', 'cli', 'src', 'api'),
};

const SCHEMA_HEADER =
  '# The GraphQL schema the API serves, printed by apps/api/src/cli/print-schema.ts.\n# Generated: do not edit. Regenerate with `npm run codegen`.\n\n';

function servedSchema() {
  if (!existsSync(PRINT_SCHEMA)) fail(`${relative(ROOT, PRINT_SCHEMA)} is missing: build the API first (npx nx run @coxswain/api:build)`);
  return SCHEMA_HEADER + execFileSync(process.execPath, [PRINT_SCHEMA], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function fail(message) {
  process.stderr.write(`graphql-codegen: ${message}\n`);
  process.exit(1);
}

/** [file, text] for a client's generated.ts; exits naming the field when an operation does not fit. */
async function clientTypes(client, schemaText) {
  const operations = join(CLIENTS[client], 'operations.graphql');
  try {
    return [join(CLIENTS[client], 'generated.ts'), await generateTypes(schemaText, readFileSync(operations, 'utf8'), relative(ROOT, operations))];
  } catch (err) {
    fail(`the ${client}'s operations (${relative(ROOT, operations)}) do not fit the API's schema:\n${describeFailure(err)}`);
  }
}

async function main() {
  const at = process.argv.indexOf('--check');
  const checked = at < 0 ? undefined : process.argv[at + 1];
  if (at >= 0 && !(checked in CLIENTS)) fail(`--check takes one client: ${Object.keys(CLIENTS).join(' or ')}`);
  const schemaText = servedSchema();
  const clients = checked ? [checked] : Object.keys(CLIENTS);
  const files = [[SCHEMA_FILE, schemaText]];
  for (const client of clients) files.push(await clientTypes(client, schemaText));
  if (!checked) {
    for (const [file, text] of files) writeFileSync(file, text);
    process.stdout.write(`graphql-codegen: wrote ${files.map(([f]) => relative(ROOT, f)).join(', ')}\n`);
    return;
  }
  const stale = files.filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
  if (stale.length > 0) {
    const lines = stale.map(([file, text]) => `  ${relative(ROOT, file)}: ${existsSync(file) ? firstDifference(readFileSync(file, 'utf8'), text) : 'missing'}`);
    fail(`generated files are out of date with the API's schema or the operations:\n${lines.join('\n')}\nRegenerate and commit them: ${FIX}`);
  }
  process.stdout.write(`graphql-codegen: ${files.map(([f]) => relative(ROOT, f)).join(' and ')} are up to date\n`);
}

await main();
