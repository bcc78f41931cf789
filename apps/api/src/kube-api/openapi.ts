// A minimal OpenAPI v3 for kubectl: an index of group versions and, per group version, the paths of
// each resource with their operations, the `x-kubernetes-group-version-kind` of each, and the
// `fieldValidation` and `dryRun` query parameters. kubectl (1.27+) reads it before `apply`/`create` to
// learn that the server validates fields itself; without it, `apply` fails with "failed to download
// openapi". The kinds' schemas are components (openapi-schemas.ts), for `kubectl explain`. The
// documents are built once, on first use, and kept.
import { createHash } from 'node:crypto';
import { componentName, componentSchema } from './openapi-schemas.js';
import { servedResources, type ServedResource } from './served-resources.js';

const QUERY = (name: string, description: string) => ({ name, in: 'query', description, schema: { type: 'string', uniqueItems: true } });
const FIELD_VALIDATION = QUERY('fieldValidation', 'Ignore, Warn or Strict: how the server treats unknown or duplicate fields.');
const DRY_RUN = QUERY('dryRun', 'All: validate and answer, persist nothing.');
const FIELD_MANAGER = QUERY('fieldManager', 'The name of the actor making the change.');
const WRITE_PARAMETERS = [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION];

function prefixOf(r: ServedResource): string {
  return r.group ? `/apis/${r.groupVersion}` : `/api/${r.version}`;
}

function operation(r: ServedResource, action: string, id: string, parameters: unknown[] = []) {
  return {
    operationId: `${id}${r.kind}`,
    parameters,
    responses: { '200': { description: 'OK' } },
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': { group: r.group, version: r.version, kind: r.kind },
  };
}

function pathsOf(r: ServedResource): Record<string, unknown> {
  const base = r.namespaced ? `${prefixOf(r)}/namespaces/{namespace}/${r.resource}` : `${prefixOf(r)}/${r.resource}`;
  // The self reviews are only ever created.
  if (r.review) return { [base]: { post: operation(r, 'post', 'create', WRITE_PARAMETERS) } };
  const paths: Record<string, unknown> = {
    [base]: { get: operation(r, 'list', 'list'), post: operation(r, 'post', 'create', WRITE_PARAMETERS) },
    [`${base}/{name}`]: {
      get: operation(r, 'get', 'read'),
      put: operation(r, 'put', 'replace', WRITE_PARAMETERS),
      patch: operation(r, 'patch', 'patch', [...WRITE_PARAMETERS, QUERY('force', 'Apply only: take over conflicting fields.')]),
      delete: operation(r, 'delete', 'delete', [DRY_RUN]),
    },
  };
  if (r.status) paths[`${base}/{name}/status`] = { get: operation(r, 'get', 'readStatus'), put: operation(r, 'put', 'replaceStatus', WRITE_PARAMETERS), patch: operation(r, 'patch', 'patchStatus', WRITE_PARAMETERS) };
  return paths;
}

function documentPath(r: ServedResource): string {
  return r.group ? `apis/${r.groupVersion}` : `api/${r.version}`;
}

interface Built {
  body: string;
  hash: string;
}

let documents: Map<string, Built> | undefined;

function build(): Map<string, Built> {
  const byPath = new Map<string, { paths: Record<string, unknown>; schemas: Record<string, unknown> }>();
  for (const r of servedResources()) {
    const key = documentPath(r);
    const doc = byPath.get(key) ?? { paths: {}, schemas: {} };
    Object.assign(doc.paths, pathsOf(r));
    const schema = componentSchema(r);
    if (schema) doc.schemas[componentName(r)] = schema;
    byPath.set(key, doc);
  }
  const out = new Map<string, Built>();
  for (const [key, { paths, schemas }] of byPath) {
    const body = JSON.stringify({ openapi: '3.0.0', info: { title: 'Coxswain', version: 'v1.32.0' }, paths, components: { schemas } });
    out.set(key, { body, hash: createHash('sha512').update(body).digest('hex').toUpperCase() });
  }
  return out;
}

function all(): Map<string, Built> {
  return (documents ??= build());
}

/**
 * `/openapi/v3`. client-go fetches each `serverRelativeURL` as an absolute path on the host, so the URLs
 * carry the prefix the API is mounted under.
 */
export function openApiIndex(mountPath: string): unknown {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const [key, doc] of all()) paths[key] = { serverRelativeURL: `${mountPath}/openapi/v3/${key}?hash=${doc.hash}` };
  return { paths };
}

/** `/openapi/v3/api/v1`, `/openapi/v3/apis/<group>/<version>`: the JSON text, or undefined. */
export function openApiDocument(groupVersion: string): string | undefined {
  const key = groupVersion.includes('/') ? `apis/${groupVersion}` : `api/${groupVersion}`;
  return all().get(key)?.body;
}
