// Typed GraphQL operations from the API's schema and one client's operations (the dashboard's, the CLI's),
// by The Guild's GraphQL Code Generator (typescript-operations, typed-document-node in string mode: each
// operation is its query text typed with its result and variables, so neither the browser bundle nor the
// CLI needs a GraphQL runtime). Used by scripts/graphql-codegen.mjs and by the dashboard's unit test that
// shows a breaking schema change fails it.
import { codegen } from '@graphql-codegen/core';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { buildSchema, parse } from 'graphql';

export const GENERATED_HEADER =
  '// Typed GraphQL operations, generated from apps/api/schema.graphql and operations.graphql by\n// scripts/graphql-codegen.mjs (GraphQL Code Generator). Do not edit; run `npm run codegen`.\n/* eslint-disable */\n';

/** How each custom scalar of the schema arrives in JSON. A scalar missing here fails generation (strictScalars). */
export const SCALARS = {
  DateTime: 'string',
  JSON: 'unknown',
  IntOrPercent: 'number | string',
};

/**
 * The generated module's text (`location`: the operations file, named in errors). Rejects when an operation does not fit the schema (a field removed or
 * renamed, an argument changed), with graphql-js's message naming the field.
 */
export async function generateTypes(schemaText, operationsText, location) {
  const output = await codegen({
    filename: 'generated.ts',
    schema: parse(schemaText),
    schemaAst: buildSchema(schemaText),
    documents: [{ location, document: parse(operationsText) }],
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

/** What went wrong in words: document validation errors name the operation's field the schema lacks. */
export function describeFailure(err) {
  return (err?.errors ?? [err]).map((e) => `  ${e?.details ?? e?.message ?? e}`).join('\n');
}

/** The first line where two texts differ, for a message a person can act on. */
export function firstDifference(was, now) {
  const a = was.split('\n');
  const b = now.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: committed ${JSON.stringify(a[i] ?? '(end of file)')}, now ${JSON.stringify(b[i] ?? '(end of file)')}`;
  }
  return 'same text';
}
