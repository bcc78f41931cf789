// Multi-document YAML in and out. Parsing uses the YAML 1.2 core schema so `yes`/`on`/`no` stay
// strings and timestamps stay strings, exactly as the Kubernetes JSON they stand for; printing quotes
// anything a YAML 1.1 reader (kubectl, go-yaml) would take for a bool, number or timestamp.
import {
  LineCounter,
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  parseAllDocuments,
  type Scalar,
  visit,
  Document as YAMLDocument,
  type Document,
  type CreateNodeOptions,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
  type ToStringOptions,
} from 'yaml';
import { KINDS, findKindByName, lookupKind, lookupResource } from './kinds.js';
import type { KubeObject } from './meta.js';
import { TOO_DEEP } from './nesting.js';
import { MAX_REPORTED_DUPLICATES } from './duplicate-keys.js';
import { MAX_OBJECT_DEPTH } from './object-schema.js';
import { fieldPathText, type FieldSegment } from './unknown-fields.js';

/**
 * A manifest that cannot become a KubeObject.
 *
 * `documentIndex` is 0-based and counts only non-empty documents (documents that are blank, hold
 * only comments or are `null` are skipped and not counted); the message says "document N" with
 * N = documentIndex + 1. `line` (1-based, in the whole text) disambiguates when empty documents
 * make the count differ from what an editor shows.
 */
export class ManifestError extends Error {
  constructor(
    readonly documentIndex: number,
    /** The problem alone, without the "document N (line L): " prefix. */
    readonly reason: string,
    readonly line?: number,
    /** Dotted path of the offending field, e.g. `metadata.name`. */
    readonly field?: string,
  ) {
    super(`document ${documentIndex + 1}${line === undefined ? '' : ` (line ${line})`}: ${reason}`);
    this.name = 'ManifestError';
  }
}

const PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.2',
  // Explicit, so a `%YAML 1.1` directive cannot switch a document to 1.1 booleans and timestamps.
  schema: 'core',
  // kubectl (go-yaml) honours `<<: *anchor`; without this it would silently become a literal key.
  merge: true,
  // Messages stay one line; the line number is reported separately.
  prettyErrors: false,
  // A repeated key is found by checkStructure, which says where (readManifests reports it, parseManifests
  // refuses it); the value read is the last one, as JSON.parse and the apiserver's decoders keep.
  uniqueKeys: false,
};

const PRINT_OPTIONS: CreateNodeOptions & DocumentOptions & SchemaOptions & ToStringOptions = {
  version: '1.2',
  schema: 'core',
  compat: 'yaml-1.1',
  // Printing makes no merge keys; with this off a `<<` field is an ordinary key that printOne quotes.
  merge: false,
  lineWidth: 0,
  // Objects shared by reference are printed in full rather than as anchors and aliases.
  aliasDuplicateObjects: false,
  // kubectl's style: `containers:\n- name: app`.
  indentSeq: false,
};

/** A key written twice in one mapping of a manifest's document. */
export interface ManifestDuplicate {
  /** As ManifestError's: 0-based, counting only non-empty documents. */
  documentIndex: number;
  /** Where, as sigs.k8s.io/json prints a field path: `spec.replicas`, `spec.template.spec.containers[0].image`. */
  path: string;
  /** The 1-based line of the repeated key (in the whole text). */
  line: number;
  /** The key as written, unquoted. */
  key: string;
}

/**
 * Parses every document of a (possibly multi-document) manifest; throws ManifestError on the first bad
 * one, a key repeated in a mapping included (`duplicate field "spec.replicas"`).
 */
export function parseManifests(text: string): KubeObject[] {
  return readDocuments(text, true).objects;
}

/**
 * Parses every document like parseManifests, but reads a repeated key as its last value and reports
 * each repetition instead of refusing it: what a caller that lets its user choose (fieldValidation) needs.
 */
export function readManifests(text: string): { objects: KubeObject[]; duplicates: ManifestDuplicate[] } {
  return readDocuments(text, false);
}

function readDocuments(text: string, refuseDuplicates: boolean): { objects: KubeObject[]; duplicates: ManifestDuplicate[] } {
  const duplicates: ManifestDuplicate[] = [];
  const lineCounter = new LineCounter();
  const documents = parseDocuments(text, lineCounter);
  const objects: KubeObject[] = [];
  let documentIndex = 0;
  for (const document of documents) {
    const syntaxError = document.errors[0];
    if (syntaxError !== undefined) {
      const line = lineCounter.linePos(syntaxError.pos[0]).line;
      // The parser reports running out of stack as an error of its own; say what it means instead.
      if (syntaxError.code === 'RESOURCE_EXHAUSTION') throw new ManifestError(documentIndex, DOCUMENT_TOO_DEEP, line);
      throw new ManifestError(documentIndex, syntaxError.message, line);
    }
    const repeated = checkStructure(document, lineCounter, documentIndex);
    const first = repeated[0];
    if (refuseDuplicates && first !== undefined) throw new ManifestError(documentIndex, `duplicate field ${JSON.stringify(first.path)}`, first.line, first.path);
    const value = toPlainValue(document, lineCounter, documentIndex);
    if (value === null || value === undefined) continue;
    objects.push(checkObject(value, new DocumentLocator(document, lineCounter, documentIndex)));
    duplicates.push(...repeated);
    documentIndex++;
  }
  return { objects, duplicates };
}

/**
 * Prints objects as YAML documents separated by `---`. For JSON-shaped objects (no `undefined`,
 * functions or class instances) `parseManifests(printYaml(x))` deep-equals x.
 */
export function printYaml(objects: KubeObject | readonly KubeObject[]): string {
  const list: readonly KubeObject[] = isObjectList(objects) ? objects : [objects];
  return list.map(printOne).join('---\n');
}

const CORE_TAG_PREFIX = 'tag:yaml.org,2002:';
const CORE_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => CORE_TAG_PREFIX + name));
const DOCUMENT_TOO_DEEP = `the document ${TOO_DEEP}`;

function parseDocuments(text: string, lineCounter: LineCounter): Document.Parsed[] {
  try {
    return parseAllDocuments(text, { ...PARSE_OPTIONS, lineCounter }) as Document.Parsed[];
  } catch (error) {
    if (error instanceof RangeError) throw new ManifestError(0, DOCUMENT_TOO_DEEP);
    throw error;
  }
}

/** A place in a document, from its root: the steps are materialised only for a repeated key. */
interface Place {
  readonly parent: Place | null;
  readonly step: FieldSegment;
}

function stepsTo(place: Place | null): FieldSegment[] {
  const steps: FieldSegment[] = [];
  for (let at = place; at !== null; at = at.parent) steps.push(at.step);
  return steps.reverse();
}

/**
 * What the YAML library accepts but a Kubernetes manifest must not hold, found before the document is
 * turned into JSON: nesting deeper than any object (MAX_OBJECT_DEPTH), an alias inside the node it
 * refers to (a cycle, which no JSON can represent), and tags other than the core schema's (go-yaml
 * refuses `!!python/object` and friends; ignoring them would store something else than was written).
 * Keys repeated in a mapping are returned, in the order of the text, each repetition once (at most
 * MAX_REPORTED_DUPLICATES of them).
 */
function checkStructure(document: Document.Parsed, lineCounter: LineCounter, documentIndex: number): ManifestDuplicate[] {
  const repeated: { key: Scalar; place: Place | null }[] = [];
  const lineOf = (node: unknown) => {
    const start = (node as { range?: [number, number, number] } | null)?.range?.[0];
    return start === undefined ? undefined : lineCounter.linePos(start).line;
  };
  const unknownTag = (tag: string, line: number | undefined) =>
    new ManifestError(documentIndex, `unknown YAML tag ${tag.replace(CORE_TAG_PREFIX, '!!')}: a manifest may use only the YAML 1.2 core schema's tags`, line);
  const unresolved = document.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (unresolved !== undefined) {
    throw unknownTag(/Unresolved tag: (\S+)/.exec(unresolved.message)?.[1] ?? 'tag', lineCounter.linePos(unresolved.pos[0]).line);
  }
  // Depth first and without recursion: the document may be nested arbitrarily deep.
  const stack: { node: unknown; depth: number; ancestors: readonly unknown[]; place: Place | null }[] = [
    { node: document.contents, depth: 0, ancestors: [], place: null },
  ];
  while (stack.length > 0) {
    const { node, depth, ancestors, place } = stack.pop()!;
    if (isAlias(node)) {
      const source = node.resolve(document);
      if (source !== undefined && ancestors.includes(source)) {
        throw new ManifestError(documentIndex, `the alias *${node.source} refers to a node that contains it (a cycle), which a manifest cannot hold`, lineOf(node));
      }
      continue;
    }
    // The library resolves YAML 1.1's !!binary, !!timestamp, !!set, !!omap even in the core schema.
    const tag = (node as { tag?: string } | null)?.tag;
    if (tag !== undefined && !CORE_TAGS.has(tag)) throw unknownTag(tag, lineOf(node));
    if (!isCollection(node)) continue;
    if (depth >= MAX_OBJECT_DEPTH) throw new ManifestError(documentIndex, DOCUMENT_TOO_DEEP, lineOf(node));
    const inside = [...ancestors, node];
    const keys = isMap(node) ? new Set<string>() : undefined;
    // Pushed last to first, so that the walk (and the duplicates it finds) follows the text.
    for (let index = node.items.length - 1; index >= 0; index--) {
      const item = node.items[index];
      if (isPair(item)) {
        const key = isScalar(item.key) ? String(item.key.value) : undefined;
        const child: Place = { parent: place, step: key ?? index };
        stack.push({ node: item.value, depth: depth + 1, ancestors: inside, place: child });
        stack.push({ node: item.key, depth: depth + 1, ancestors: inside, place: child });
      } else {
        stack.push({ node: item, depth: depth + 1, ancestors: inside, place: { parent: place, step: index } });
      }
    }
    if (keys === undefined) continue;
    for (const item of node.items) {
      if (!isPair(item) || !isScalar(item.key)) continue;
      const key = String(item.key.value);
      // `<<` merges a mapping in (merge: true); fields written beside it override it, as kubectl's reader does.
      if (key === '<<' && item.key.type === 'PLAIN') continue;
      if (!keys.has(key)) {
        keys.add(key);
        continue;
      }
      repeated.push({ key: item.key, place });
    }
  }
  // Mappings are walked before their members; the apiserver's decoder meets repetitions in the text's order.
  repeated.sort((a, b) => (a.key.range?.[0] ?? 0) - (b.key.range?.[0] ?? 0));
  return repeated.slice(0, MAX_REPORTED_DUPLICATES).map(({ key, place }) => {
    const name = String(key.value);
    return { documentIndex, path: fieldPathText([...stepsTo(place), name]), line: lineOf(key) ?? 1, key: name };
  });
}

function printOne(object: KubeObject): string {
  const document = new YAMLDocument(object, PRINT_OPTIONS);
  // A plain `<<` key reads back as a merge key; quoted it stays the field it is.
  visit(document, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === '<<') pair.key.type = 'QUOTE_DOUBLE';
    },
  });
  return document.toString(PRINT_OPTIONS);
}

// toJS throws on unresolvable or excessive aliases (the latter guards against "billion laughs").
function toPlainValue(document: Document.Parsed, lineCounter: LineCounter, documentIndex: number): unknown {
  try {
    return document.toJS();
  } catch (error) {
    const start = document.contents?.range?.[0];
    const line = start === undefined ? undefined : lineCounter.linePos(start).line;
    throw new ManifestError(documentIndex, error instanceof Error ? error.message : String(error), line);
  }
}

function isObjectList(value: KubeObject | readonly KubeObject[]): value is readonly KubeObject[] {
  return Array.isArray(value);
}

/** Builds ManifestErrors that point at the line where a field (or its nearest present parent) is written. */
class DocumentLocator {
  constructor(
    private readonly document: Document.Parsed,
    private readonly lineCounter: LineCounter,
    private readonly documentIndex: number,
  ) {}

  error(path: readonly string[], reason: string): ManifestError {
    const field = path.length > 0 ? path.join('.') : undefined;
    return new ManifestError(this.documentIndex, reason, this.lineOf(path), field);
  }

  /** The original text of a scalar, so messages can show `1.0` rather than the parsed `1`. */
  sourceOf(path: readonly string[]): string | undefined {
    const node: unknown = this.document.getIn(path, true);
    return isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
  }

  private lineOf(path: readonly string[]): number | undefined {
    for (let length = path.length; length > 0; length--) {
      const offset = this.keyOffset(path.slice(0, length));
      if (offset !== undefined) return this.lineCounter.linePos(offset).line;
    }
    const start = this.document.contents?.range?.[0];
    return start === undefined ? undefined : this.lineCounter.linePos(start).line;
  }

  private keyOffset(path: readonly string[]): number | undefined {
    const parent: unknown = path.length === 1 ? this.document.contents : this.document.getIn(path.slice(0, -1), true);
    if (!isMap(parent)) return undefined;
    const name = path[path.length - 1];
    const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === name);
    return isScalar(pair?.key) ? pair.key.range?.[0] : undefined;
  }
}

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a sequence';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

function checkObject(value: unknown, at: DocumentLocator): KubeObject {
  if (!isPlainObject(value)) {
    throw at.error([], `expected a mapping with apiVersion, kind and metadata, got ${describeValue(value)}`);
  }
  const apiVersion = requireString(value, 'apiVersion', at);
  const kind = requireString(value, 'kind', at);
  checkServed(apiVersion, kind, at);
  checkMetadata(value['metadata'], at);
  return value as unknown as KubeObject;
}

function requireString(object: PlainObject, key: string, at: DocumentLocator): string {
  const value = object[key];
  if (value === undefined || value === null || value === '') throw at.error([key], `missing ${key}`);
  if (typeof value !== 'string') throw at.error([key], `${key} must be a string, got ${describeValue(value)}`);
  return value;
}

function checkServed(apiVersion: string, kind: string, at: DocumentLocator): void {
  if (lookupKind(apiVersion, kind)) return;
  const sameName = findKindByName(kind);
  if (sameName && sameName.kind !== kind) {
    throw at.error(['kind'], `unknown kind "${kind}" in apiVersion "${apiVersion}"; kinds are case-sensitive, did you mean "${sameName.kind}"?`);
  }
  // Same kind name in another group/version, e.g. apps/v1 StatefulSet vs Advanced StatefulSet.
  const sameKind = KINDS.find((info) => info.kind === kind);
  if (sameKind && !lookupResource(apiVersion, kind)) {
    throw at.error(
      ['apiVersion'],
      `kind "${kind}" is not served in apiVersion "${apiVersion}"; Coxswain serves ${kind} as ${sameKind.apiVersions.join(' or ')}`,
    );
  }
  if (sameKind) {
    throw at.error(['apiVersion'], `version "${apiVersion}" of ${kind} is not served; use ${sameKind.apiVersions.join(' or ')}`);
  }
  throw at.error(['kind'], `unknown kind "${kind}" in apiVersion "${apiVersion}" (Coxswain serves: ${servedKinds()})`);
}

function servedKinds(): string {
  return KINDS.flatMap((info) => info.apiVersions.map((version) => `${info.kind} ${version}`)).join(', ');
}

function checkMetadata(metadata: unknown, at: DocumentLocator): void {
  if (metadata === undefined || metadata === null) throw at.error(['metadata'], 'missing metadata (metadata.name is required)');
  if (!isPlainObject(metadata)) throw at.error(['metadata'], `metadata must be a mapping, got ${describeValue(metadata)}`);
  for (const key of ['name', 'generateName', 'namespace'] as const) {
    const value = metadata[key];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      throw at.error(['metadata', key], `metadata.${key} must be a string, got ${describeValue(value)}`);
    }
  }
  if (!metadata['name'] && !metadata['generateName']) {
    throw at.error(['metadata', 'name'], 'missing metadata.name (or metadata.generateName)');
  }
  checkStringMap(metadata, 'labels', 'label', at);
  checkStringMap(metadata, 'annotations', 'annotation', at);
}

// Labels and annotations are map[string]string in Kubernetes: `version: 1.0` is a decode error there,
// and would silently become the number 1 here.
function checkStringMap(metadata: PlainObject, key: 'labels' | 'annotations', noun: string, at: DocumentLocator): void {
  const map = metadata[key];
  if (map === undefined || map === null) return;
  if (!isPlainObject(map)) throw at.error(['metadata', key], `metadata.${key} must be a mapping, got ${describeValue(map)}`);
  for (const [name, value] of Object.entries(map)) {
    if (typeof value === 'string') continue;
    const path = ['metadata', key, name];
    const written = at.sourceOf(path);
    const hint = written !== undefined && (typeof value === 'number' || typeof value === 'boolean') ? `; quote it: "${written}"` : '';
    throw at.error(path, `${noun} "${name}" must be a string, got ${describeValue(value)}${hint}`);
  }
}
