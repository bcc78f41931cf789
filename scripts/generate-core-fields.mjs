#!/usr/bin/env node
// Writes libs/kruise-api/src/upstream-fields.generated.ts: for every Kubernetes type reachable from the
// built-in kinds Coxswain serves, the JSON name of each field its Go type declares and the type that
// field holds, read from the models of the installed @kubernetes/client-node (each model's static
// `attributeTypeMap`, generated from the apiserver's OpenAPI). Unknown-field pruning closes the core
// types against this table (libs/kruise-api/src/upstream-schemas.ts); a test fails when the committed
// table differs from what this script prints (libs/kruise-api/test/upstream-fields.test.ts).
//
//   node scripts/generate-core-fields.mjs            # rewrites the table
//   node scripts/generate-core-fields.mjs --stdout   # prints it instead
//
// A field's type is written as: a type of the table (`V1Container`), a primitive (`string`, `boolean`,
// `int32`, `int64`, `number`, `date-time`, `intOrString`), `json` for any JSON value (RawExtension, the
// JSON of a CRD schema's defaults: kept open), `T[]` for a list and `map<T>` for a map with string keys.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_NODE = join(ROOT, 'node_modules', '@kubernetes', 'client-node');
const MODELS = join(CLIENT_NODE, 'dist', 'gen', 'models');
export const TABLE_PATH = join(ROOT, 'libs', 'kruise-api', 'src', 'upstream-fields.generated.ts');

/** The upstream type of each built-in kind served (libs/kruise-api/src/kinds.ts), by apiVersion/kind. */
export const KIND_TYPES = {
  'v1/Namespace': 'V1Namespace',
  'v1/Node': 'V1Node',
  'v1/Pod': 'V1Pod',
  'v1/PersistentVolumeClaim': 'V1PersistentVolumeClaim',
  'v1/PersistentVolume': 'V1PersistentVolume',
  'v1/Event': 'CoreV1Event',
  'v1/Secret': 'V1Secret',
  'apps/v1/ControllerRevision': 'V1ControllerRevision',
  'apps/v1/StatefulSet': 'V1StatefulSet',
  'apps/v1/Deployment': 'V1Deployment',
  'apps/v1/ReplicaSet': 'V1ReplicaSet',
  'coordination.k8s.io/v1/Lease': 'V1Lease',
  'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration': 'V1MutatingWebhookConfiguration',
  'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration': 'V1ValidatingWebhookConfiguration',
  'apiextensions.k8s.io/v1/CustomResourceDefinition': 'V1CustomResourceDefinition',
};

/** Every model class of client-node with its attribute map, by name. */
async function loadModels() {
  const models = new Map();
  for (const file of readdirSync(MODELS).filter((f) => f.endsWith('.js')).sort()) {
    const module = await import(pathToFileURL(join(MODELS, file)).href);
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'function' && Array.isArray(value.attributeTypeMap)) models.set(name, value.attributeTypeMap);
    }
  }
  return models;
}

const MAP = /^\{ \[key: string\]: (.+); \}$/;
const LIST = /^Array<(.+)>$/;

/** The table's notation for a client-node attribute type (see the header), and the model types it names. */
function notation(type, format, models, named) {
  const list = LIST.exec(type);
  if (list) return `${notation(list[1], '', models, named)}[]`;
  const map = MAP.exec(type);
  if (map) return `map<${notation(map[1], '', models, named)}>`;
  switch (type) {
    case 'string':
      return format === 'int-or-string' ? 'intOrString' : 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return format === 'int32' || format === 'int64' ? format : 'number';
    case 'Date':
    case 'V1MicroTime':
      return 'date-time';
    case 'IntOrString':
      return 'intOrString';
    case 'any':
      return 'json';
  }
  if (!models.has(type)) throw new Error(`client-node names a type it has no model of: ${type}`);
  named.push(type);
  return type;
}

/** The table: every type reachable from KIND_TYPES, sorted by name, each field in the model's order. */
export async function upstreamFields() {
  const models = await loadModels();
  const table = new Map();
  const pending = Object.values(KIND_TYPES);
  while (pending.length > 0) {
    const name = pending.pop();
    if (table.has(name)) continue;
    const attributes = models.get(name);
    if (!attributes) throw new Error(`client-node has no model ${name}`);
    const fields = {};
    for (const attribute of attributes) fields[attribute.baseName] = notation(attribute.type, attribute.format, models, pending);
    table.set(name, fields);
  }
  return new Map([...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function clientNodeVersion() {
  return JSON.parse(readFileSync(join(CLIENT_NODE, 'package.json'), 'utf8')).version;
}

/** The OpenAPI release the models were generated from, as their header says ("release-1.36"). */
function specVersion() {
  return /OpenAPI spec version: (\S+)/.exec(readFileSync(join(MODELS, 'V1Pod.js'), 'utf8'))?.[1] ?? 'unknown';
}

const quote = (text) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text) ? text : JSON.stringify(text));

/** The text of the generated TypeScript file. */
export async function generatedTable() {
  const table = await upstreamFields();
  const lines = [
    `// GENERATED by scripts/generate-core-fields.mjs from @kubernetes/client-node ${clientNodeVersion()} (the models of`,
    `// Kubernetes' OpenAPI, spec ${specVersion()}): do not edit. After upgrading client-node, regenerate with`,
    '//   node scripts/generate-core-fields.mjs',
    '// and libs/kruise-api/test/upstream-fields.test.ts checks that this file is what the script prints.',
    '//',
    '// Every field of every Kubernetes type reachable from the built-in kinds Coxswain serves: its JSON name',
    '// and the type it holds (a type of this table, a primitive, `json` for any JSON value, `T[]` a list,',
    '// `map<T>` a map). Unknown-field pruning declares exactly these fields (upstream-schemas.ts).',
    '',
    '/** The upstream type of each served built-in kind, by `apiVersion/kind`. */',
    'export const KIND_UPSTREAM_TYPES = {',
    ...Object.entries(KIND_TYPES).map(([key, name]) => `  ${JSON.stringify(key)}: ${JSON.stringify(name)},`),
    '} as const;',
    '',
    'export const UPSTREAM_FIELDS = {',
  ];
  for (const [name, fields] of table) {
    lines.push(`  ${name}: {`);
    for (const [field, type] of Object.entries(fields)) lines.push(`    ${quote(field)}: ${JSON.stringify(type)},`);
    lines.push('  },');
  }
  lines.push('} as const satisfies Record<string, Record<string, string>>;', '');
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = await generatedTable();
  if (process.argv.includes('--stdout')) process.stdout.write(text);
  else writeFileSync(TABLE_PATH, text);
}
