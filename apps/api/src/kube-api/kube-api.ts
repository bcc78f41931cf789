// The Kubernetes REST API over the ClusterClient port: what kubectl and @kubernetes/client-node talk
// to. It reaches the cluster only through the port, so it serves the embedded cluster and a real one
// alike; every write goes through the cluster's own admission, and every mutation through the audit.
// It is plain Node HTTP (no framework): kube-api.server.ts serves it on an HTTPS listener of its own
// (KUBE_API_PORT), at the root of that listener.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiError, type Clock, type ClusterClient, type DeleteOptions, type KindRef } from '@coxswain/cluster';
import { Selector, type KubeObject } from '@coxswain/kruise-api';
import { clientAddress } from '../auth/client-address.js';
import type { Principal } from '../auth/principal.js';
import { aggregated, group, groupList, legacyRoot, resourceList, type Document } from './discovery.js';
import { FieldSelector } from './field-selector.js';
import { parseFieldValidation, validateFields } from './field-validation.js';
import type { BodyRole } from './strict-decoding.js';
import { forbiddenMessage, mayAccess, type KubeVerb } from './kube-access.js';
import { isDomainError } from '../errors/domain-error.js';
import { KubeStatusError, toStatusError } from './kube-status.js';
import { aggregatedDiscoveryVersion, bodyMediaType, parseAccept, tableVersion, type MediaType } from './negotiation.js';
import { openApiDocument, openApiIndex } from './openapi.js';
import { OPENAPI_V2_CONTENT_TYPE, OPENAPI_V2_PROTOBUF } from './openapi-v2.js';
import { parseKubePath, type ResourcePath } from './paths.js';
import { isPodStream, refusePodStream } from './pod-streams.js';
import { selfReview } from './self-reviews.js';
import { queryFlag } from './query-params.js';
import { applyConfiguration } from './patches/apply.js';
import { applyJsonPatch, parseJsonPatch } from './patches/json-patch.js';
import { applyStrategicMergePatch } from './patches/strategic-merge.js';
import { applyMergePatch } from '@coxswain/cluster';
import { parseBody, parseBodyText, readBody, readObjectBody, type ParsedBody } from './request-body.js';
import { checkScaleBody } from './scale-body.js';
import { acceptsStrategicMerge, findResource, type ServedResource } from './served-resources.js';
import { tableContentType, toTable, type IncludeObject } from './tables.js';
import { toRequestedVersion, toStorageVersion } from './versions.js';
import { serveWatch } from './watch-stream.js';
import { conflictBackoff } from '../cluster/conflict-backoff.js';

/** What the server reports as its version: kubectl picks its own build (and skew warnings) by it. */
export const KUBE_VERSION = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.0-coxswain',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-01-01T00:00:00Z',
  goVersion: 'go1.23.0',
  compiler: 'gc',
  platform: 'linux/amd64',
};

export interface KubeAuditRequest {
  /** `kube.create`, `kube.patch`, ...: the audit row's action. */
  action: string;
  principal: Principal;
  requestId: string;
  target: { kind: string; namespace: string | null; name: string | null };
}

/** The audit trail as the Kubernetes API uses it (apps/api's AuditTrail and AuditService behind it). */
export interface KubeAudit {
  /** Runs one mutation and writes its row: ok, or the Status reason the caller received. */
  record<T>(request: KubeAuditRequest, run: () => Promise<T>, resultOf: (err: unknown) => { result: string; message: string }): Promise<T>;
  noteObjectChange(before: KubeObject | null, after: KubeObject | null): void;
  noteDeletion(result: KubeObject): void;
  noteMessage(message: string): void;
}

export interface KubeApiOptions {
  cluster: ClusterClient;
  clock: Clock;
  /** `client` is the caller's address, whose failed attempts the token limiter counts. */
  authenticate(authorization: string | undefined, client: string): Promise<Principal | undefined>;
  audit: KubeAudit;
  /** Between BOOKMARK events of a watch that asked for them; default 15 s, well inside the 30 s after which client-node drops a silent watch. */
  bookmarkIntervalMs?: number;
  /** The pods run nowhere (the embedded cluster): their logs, exec, attach and port-forward say so. Default true. */
  simulatedPods?: boolean;
  onError?: (err: unknown) => void;
}

const PATCH_TYPES = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
} as const;

/** A patch computed from a read object is retried when the object moved on meanwhile, as the apiserver's GuaranteedUpdate does. */
const PATCH_ATTEMPTS = 20;

interface Request {
  req: IncomingMessage;
  res: ServerResponse;
  path: ResourcePath;
  resource: ServedResource;
  query: URLSearchParams;
  accept: MediaType[];
  principal: Principal;
  requestId: string;
}

export class KubeApi {
  private readonly bookmarkIntervalMs: number;

  constructor(private readonly options: KubeApiOptions) {
    this.bookmarkIntervalMs = options.bookmarkIntervalMs ?? 15_000;
  }

  /** Serves one request; `mountPath` is where the API is mounted ("" on its own listener), `url` the path below it. */
  async handle(req: IncomingMessage, res: ServerResponse, url: string, mountPath: string, requestId: string): Promise<void> {
    const parsed = new URL(url, 'http://localhost');
    const path = parseKubePath(parsed.pathname);
    try {
      if (path.type === 'version') return this.json(res, 200, KUBE_VERSION);
      const principal = await this.options.authenticate(req.headers.authorization, clientAddress(req));
      if (!principal) throw new KubeStatusError('Unauthorized', 'Unauthorized');
      const accept = parseAccept(req.headers.accept);
      switch (path.type) {
        case 'discovery-root': {
          const version = aggregatedDiscoveryVersion(accept);
          if (version) return this.document(res, aggregated(path.legacy, version));
          return this.document(res, path.legacy ? legacyRoot(req.headers.host ?? '') : groupList());
        }
        case 'discovery-group':
          return this.document(res, group(path.group) ?? notFound());
        case 'discovery-version':
          return this.document(res, resourceList(path.groupVersion) ?? notFound());
        case 'openapi-index':
          return this.json(res, 200, openApiIndex(mountPath));
        case 'openapi-v2':
          res.writeHead(200, { 'content-type': OPENAPI_V2_CONTENT_TYPE });
          res.end(OPENAPI_V2_PROTOBUF);
          return;
        case 'openapi-document': {
          const body = openApiDocument(path.groupVersion) ?? notFound();
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(body);
          return;
        }
        case 'resource': {
          const resource = findResource(path.groupVersion, path.resource);
          if (!resource) throw notFound();
          if (resource.review) return this.json(res, 201, await selfReview({ resource, path, method: req.method ?? 'GET', principal, body: async () => (await readObjectBody(req)).value }));
          await this.serveResource({ req, res, path, resource, query: parsed.searchParams, accept, principal, requestId });
          return;
        }
        default:
          throw notFound();
      }
    } catch (err) {
      if (!(err instanceof KubeStatusError) && !isApiError(err) && !isDomainError(err)) this.options.onError?.(err);
      this.fail(res, toStatusError(err));
    }
  }

  private async serveResource(r: Request): Promise<void> {
    const { path, resource } = r;
    // A namespaced resource is addressed in a namespace except when listed across all of them; a
    // cluster-scoped one never is.
    if (resource.namespaced ? path.name !== undefined && path.namespace === undefined : path.namespace !== undefined) throw notFound();
    if (isPodStream(resource, path) && (this.options.simulatedPods ?? true)) return refusePodStream(this.options.cluster, r.principal, r.req.method ?? 'GET', resource, path);
    if (path.subresource !== undefined && !(path.subresource === 'status' && resource.status) && !(path.subresource === 'scale' && resource.scale)) throw notFound();
    const method = r.req.method ?? 'GET';
    const verb = verbOf(method, path.name !== undefined, r.query);
    if (!verb) throw new KubeStatusError('MethodNotAllowed', `the server does not allow this method on the requested resource`);
    const authorize = () => {
      if (!mayAccess(r.principal, verb, resource)) {
        throw new KubeStatusError('Forbidden', forbiddenMessage(r.principal, verb, resource, path.name, path.namespace, path.subresource), {
          name: path.name, group: resource.group, kind: resource.resource,
        });
      }
    };
    if (verb === 'get' || verb === 'list' || verb === 'watch') {
      authorize();
      try {
        if (verb === 'watch') return await this.watch(r);
        if (verb === 'list') return await this.list(r);
        return await this.get(r);
      } catch (err) {
        throw toStatusError(err, resource, path.name);
      }
    }
    const action = `kube.${verb}${path.subresource ? `.${path.subresource}` : ''}`;
    const target = { kind: resource.kind, namespace: path.namespace ?? null, name: path.name ?? null };
    // Refusals are audited too, as GraphQL's are.
    await this.options.audit.record({ action, principal: r.principal, requestId: r.requestId, target }, async () => {
      try {
        authorize();
        await this.write(r, verb);
      } catch (err) {
        throw toStatusError(err, resource, path.name);
      }
    }, (err) => {
      const status = toStatusError(err, resource, path.name);
      return { result: status.reason, message: status.message };
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Reads

  private ref(resource: ServedResource): KindRef {
    return { apiVersion: resource.groupVersion, kind: resource.kind };
  }

  private async get(r: Request): Promise<void> {
    const object = await this.options.cluster.get(this.ref(r.resource), r.path.namespace, r.path.name!);
    if (r.path.subresource === 'scale') return this.json(r.res, 200, scaleOf(object, r.resource));
    this.respondObject(r, 200, object);
  }

  private async list(r: Request): Promise<void> {
    const { resource, query } = r;
    const fieldSelector = FieldSelector.parse(query.get('fieldSelector') ?? undefined, resource);
    const labelSelector = query.get('labelSelector') || undefined;
    const labels = labelSelector ? parseLabelSelector(labelSelector) : undefined;
    const limit = parseNonNegative(query.get('limit'), 'limit');
    const ref = this.ref(resource);
    const namespace = r.path.namespace;
    let items: KubeObject[] = [];
    let resourceVersion: string;
    let next: string | undefined;
    const pinned = fieldSelector.pinnedName();
    if (pinned !== undefined && (namespace !== undefined || !resource.namespaced) && !query.get('continue')) {
      // One object named by the selector (kubectl's wait after delete): read it rather than the collection.
      // The collection's version is read first, so a watch from it misses no later change.
      resourceVersion = (await this.options.cluster.list(ref, { namespace, limit: 1 })).resourceVersion;
      try {
        const object = await this.options.cluster.get(ref, namespace, pinned);
        if (fieldSelector.matches(object) && (!labels || labels.matches(object.metadata.labels))) items = [object];
      } catch (err) {
        if (!isApiError(err, 'NotFound')) throw err;
      }
    } else {
      let token = query.get('continue') || undefined;
      let first: string | undefined;
      do {
        const page = await this.options.cluster.list(ref, { namespace, labelSelector, limit: limit ? limit - items.length : undefined, continue: token });
        first ??= page.resourceVersion;
        for (const item of page.items) if (fieldSelector.matches(item)) items.push(item);
        token = page.continue;
      } while (limit && items.length < limit && token);
      resourceVersion = first!;
      next = token;
    }
    const converted = items.map((o) => toRequestedVersion(o, resource));
    const table = tableVersion(r.accept);
    if (table) {
      const body = toTable(resource, converted, this.options.clock.now(), { version: table, include: includeObject(query), withColumns: true, resourceVersion, continue: next });
      return this.json(r.res, 200, body, tableContentType(table));
    }
    this.json(r.res, 200, {
      kind: `${resource.kind}List`,
      apiVersion: resource.groupVersion,
      metadata: { resourceVersion, ...(next ? { continue: next } : {}) },
      items: converted,
    });
  }

  private async watch(r: Request): Promise<void> {
    const { resource, query } = r;
    const table = tableVersion(r.accept);
    const namespace = r.path.namespace;
    const fieldSelector = FieldSelector.parse(query.get('fieldSelector') ?? undefined, resource);
    const labelSelector = query.get('labelSelector') || undefined;
    if (labelSelector) parseLabelSelector(labelSelector);
    // GET .../pods/NAME?watch=true watches one object (the deprecated form of a name field selector).
    const named = r.path.name !== undefined ? FieldSelector.parse(`metadata.name=${r.path.name}`, resource) : undefined;
    const both = named && !fieldSelector.empty ? FieldSelector.parse(`metadata.name=${r.path.name},${query.get('fieldSelector')}`, resource) : (named ?? fieldSelector);
    await serveWatch({
      cluster: this.options.cluster,
      resource,
      namespace,
      labelSelector,
      fieldSelector: both,
      resourceVersion: query.get('resourceVersion') ?? undefined,
      timeoutSeconds: parseNonNegative(query.get('timeoutSeconds'), 'timeoutSeconds'),
      bookmarks: queryFlag(query, 'allowWatchBookmarks'),
      bookmarkIntervalMs: this.bookmarkIntervalMs,
      table: table ? { version: table, include: includeObject(query) } : undefined,
      now: () => this.options.clock.now(),
    }, r.res);
  }

  // ---------------------------------------------------------------------------------------------
  // Writes

  private async write(r: Request, verb: KubeVerb): Promise<void> {
    const dryRun = parseDryRun(r.query.getAll('dryRun'));
    const { resource, path } = r;
    const cluster = this.options.cluster;
    const audit = this.options.audit;
    if (dryRun) audit.noteMessage('dryRun=All');
    switch (verb) {
      case 'create': {
        const body = await this.body(r);
        const object = this.admitFields(this.bodyObject(body.value, r, undefined), r, body);
        // As the apiserver (NamespaceLifecycle): no namespace comes into being with what is created in it.
        const created = await cluster.create(object, { dryRun, createNamespace: false });
        if (!dryRun) audit.noteObjectChange(null, created);
        return this.respondObject(r, 201, created);
      }
      case 'update': {
        const body = await this.body(r);
        if (path.subresource === 'scale') {
          const scale = checkScaleBody(body.value, path.name!);
          return this.writeScale(r, () => scale, dryRun);
        }
        const object = this.admitFields(this.bodyObject(body.value, r, path.name), r, body);
        const before = dryRun ? null : await this.currentOrNull(r);
        const written = path.subresource === 'status' ? await cluster.updateStatus(toStorageVersion(object), { dryRun }) : await cluster.update(object, { dryRun });
        if (!dryRun) audit.noteObjectChange(before, written);
        return this.respondObject(r, 200, written);
      }
      case 'patch':
        return this.patch(r, dryRun);
      case 'delete': {
        const options = await this.deleteOptions(r, dryRun);
        const result = await cluster.delete(this.ref(resource), path.namespace, path.name!, options);
        if (!dryRun) audit.noteDeletion(result);
        return this.respondObject(r, 200, result);
      }
      default:
        throw new KubeStatusError('MethodNotAllowed', 'the server does not allow this method on the requested resource');
    }
  }

  private async patch(r: Request, dryRun: boolean): Promise<void> {
    const { resource, path, req } = r;
    const type = bodyMediaType(req.headers['content-type']);
    const accepted = acceptsStrategicMerge(resource)
      ? [PATCH_TYPES.json, PATCH_TYPES.merge, PATCH_TYPES.strategic, PATCH_TYPES.apply]
      : [PATCH_TYPES.json, PATCH_TYPES.merge, PATCH_TYPES.apply];
    if (!(accepted as string[]).includes(type)) throw KubeStatusError.unsupportedPatch(accepted);
    if (type === PATCH_TYPES.apply && !r.query.get('fieldManager')) {
      throw new KubeStatusError('BadRequest', 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch');
    }
    const body = parseBodyText(await readBody(req), req.headers['content-type']);
    const patch = body.value;
    const role: BodyRole = type === PATCH_TYPES.apply ? 'apply' : type === PATCH_TYPES.json ? 'json-patch' : type === PATCH_TYPES.strategic ? 'strategic-patch' : 'merge-patch';
    if (path.subresource === 'scale') {
      return this.writeScale(r, (scale) => patchDocument(scale, patch, type, true), dryRun);
    }
    const transform = (current: KubeObject) => patchDocument(current, patch, type, acceptsStrategicMerge(resource)) as KubeObject;
    const cluster = this.options.cluster;
    const statusOnly = path.subresource === 'status';
    for (let attempt = 1; ; attempt++) {
      let current: KubeObject | undefined;
      try {
        current = toRequestedVersion(await cluster.get(this.ref(resource), path.namespace, path.name!), resource);
      } catch (err) {
        if (!(type === PATCH_TYPES.apply && isApiError(err, 'NotFound') && !statusOnly)) throw err;
      }
      if (!current) {
        // Server-side apply creates what is not there yet.
        const created = await cluster.create(this.admitFields(this.bodyObject(patch, r, path.name), r, body, role), { dryRun, createNamespace: false });
        if (!dryRun) this.options.audit.noteObjectChange(null, created);
        return this.respondObject(r, 201, created);
      }
      const patched = transform(current);
      if (!isObject(patched) || !isObject(patched.metadata)) throw KubeStatusError.badRequest('the patch leaves the object without metadata');
      const next = this.admitFields(patched, r, body, role);
      if (next.metadata.name !== current.metadata.name || (next.metadata.namespace ?? undefined) !== (current.metadata.namespace ?? undefined)) {
        throw KubeStatusError.badRequest('metadata.name and metadata.namespace cannot be changed by a patch');
      }
      const preconditioned = patchedResourceVersion(patch, type, next, current);
      next.metadata = { ...next.metadata, resourceVersion: preconditioned ?? current.metadata.resourceVersion };
      if (next.metadata.uid !== current.metadata.uid) throw new KubeStatusError('Conflict', `Precondition failed: UID in precondition: ${next.metadata.uid}, UID in object meta: ${current.metadata.uid}`);
      try {
        const written = statusOnly ? await cluster.updateStatus(toStorageVersion(next), { dryRun }) : await cluster.update(next, { dryRun });
        if (!dryRun) this.options.audit.noteObjectChange(current, written);
        return this.respondObject(r, 200, written);
      } catch (err) {
        if (!isApiError(err, 'Conflict') || preconditioned !== undefined || attempt >= PATCH_ATTEMPTS) throw err;
      }
      await conflictBackoff(attempt);
    }
  }

  /** GET/PUT/PATCH of `/scale`: an autoscaling/v1 Scale over spec.replicas and the status. */
  private async writeScale(r: Request, change: (scale: ReturnType<typeof scaleOf>) => unknown, dryRun: boolean): Promise<void> {
    const { resource, path } = r;
    const cluster = this.options.cluster;
    for (let attempt = 1; ; attempt++) {
      const current = await cluster.get(this.ref(resource), path.namespace, path.name!);
      const scale = scaleOf(current, resource);
      const wanted = change(structuredClone(scale)) as { spec?: { replicas?: unknown }; metadata?: { resourceVersion?: string } };
      const replicas = wanted?.spec?.replicas;
      if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
        throw new KubeStatusError('Invalid', `Scale.autoscaling "${path.name}" is invalid: spec.replicas: Invalid value: ${JSON.stringify(replicas)}: must be greater than or equal to 0`, {
          name: path.name, group: 'autoscaling', kind: 'Scale', causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: ${JSON.stringify(replicas)}: must be greater than or equal to 0`, field: 'spec.replicas' }],
        });
      }
      const precondition = wanted.metadata?.resourceVersion && wanted.metadata.resourceVersion !== scale.metadata.resourceVersion ? wanted.metadata.resourceVersion : undefined;
      const next: KubeObject = { ...current, spec: { ...(current.spec as object), replicas }, metadata: { ...current.metadata, resourceVersion: precondition ?? current.metadata.resourceVersion } };
      try {
        const written = await cluster.update(next, { dryRun });
        if (!dryRun) this.options.audit.noteObjectChange(current, written);
        return this.json(r.res, 200, scaleOf(written, resource));
      } catch (err) {
        if (!isApiError(err, 'Conflict') || precondition !== undefined || attempt >= PATCH_ATTEMPTS) throw err;
      }
      await conflictBackoff(attempt);
    }
  }

  private async deleteOptions(r: Request, dryRun: boolean): Promise<DeleteOptions> {
    const text = await readBody(r.req);
    const body = text.trim() ? (parseBody(text, r.req.headers['content-type']) as Record<string, any>) : {};
    const grace = body.gracePeriodSeconds ?? parseNonNegative(r.query.get('gracePeriodSeconds'), 'gracePeriodSeconds');
    let policy: string | undefined = body.propagationPolicy ?? r.query.get('propagationPolicy') ?? undefined;
    if (body.orphanDependents === true || queryFlag(r.query, 'orphanDependents')) policy = 'Orphan';
    if (policy === 'Foreground') {
      throw KubeStatusError.badRequest('propagationPolicy Foreground is not supported; use Background (the default) or Orphan');
    }
    if (policy !== undefined && policy !== 'Background' && policy !== 'Orphan') throw KubeStatusError.badRequest(`unsupported propagationPolicy "${policy}"`);
    const bodyDryRun = Array.isArray(body.dryRun) ? parseDryRun(body.dryRun) : false;
    const preconditions = body.preconditions && (body.preconditions.uid || body.preconditions.resourceVersion) ? { uid: body.preconditions.uid, resourceVersion: body.preconditions.resourceVersion } : undefined;
    return {
      dryRun: dryRun || bodyDryRun,
      ...(grace !== undefined ? { gracePeriodSeconds: grace } : {}),
      ...(policy ? { propagationPolicy: policy as 'Background' | 'Orphan' } : {}),
      ...(preconditions ? { preconditions } : {}),
    };
  }

  private body(r: Request): Promise<ParsedBody> {
    return readObjectBody(r.req);
  }

  /** A write's body as the object it addresses, checked against the URL as the apiserver checks it. */
  private bodyObject(body: unknown, r: Request, name: string | undefined): KubeObject {
    const { resource, path } = r;
    if (!isObject(body)) throw KubeStatusError.badRequest('the body must be a JSON object');
    const object = body as unknown as KubeObject;
    if (object.apiVersion === undefined) object.apiVersion = resource.groupVersion;
    if (object.kind === undefined) object.kind = resource.kind;
    if (object.apiVersion !== resource.groupVersion) {
      throw KubeStatusError.badRequest(`the API version in the data (${String(object.apiVersion)}) does not match the expected API version (${resource.groupVersion})`);
    }
    if (object.kind !== resource.kind) throw KubeStatusError.badRequest(`the kind in the data (${String(object.kind)}) does not match the expected kind (${resource.kind})`);
    if (!isObject(object.metadata)) object.metadata = {};
    if (resource.namespaced) {
      if (object.metadata.namespace && object.metadata.namespace !== path.namespace) {
        throw KubeStatusError.badRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      object.metadata.namespace = path.namespace;
    }
    if (name !== undefined) {
      if (object.metadata.name && object.metadata.name !== name) {
        throw KubeStatusError.badRequest(`the name of the object (${object.metadata.name}) does not match the name on the URL (${name})`);
      }
      object.metadata.name = name;
    }
    return object;
  }

  /**
   * The object without the fields its schema does not declare, as the request's `fieldValidation` says,
   * which also says what becomes of the keys `body` repeats (strict-decoding.ts).
   */
  private admitFields(object: KubeObject, r: Request, body: ParsedBody, role: BodyRole = 'object'): KubeObject {
    return validateFields(object, r.resource, parseFieldValidation(r.query), r.res, body, role);
  }

  private async currentOrNull(r: Request): Promise<KubeObject | null> {
    try {
      return await this.options.cluster.get(this.ref(r.resource), r.path.namespace, r.path.name!);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return null;
      throw err;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Answers

  private respondObject(r: Request, status: number, object: KubeObject): void {
    const converted = toRequestedVersion(object, r.resource);
    const table = tableVersion(r.accept);
    if (table && r.req.method === 'GET') {
      const body = toTable(r.resource, [converted], this.options.clock.now(), { version: table, include: includeObject(r.query), withColumns: true, resourceVersion: converted.metadata.resourceVersion });
      return this.json(r.res, status, body, tableContentType(table));
    }
    this.json(r.res, status, converted);
  }

  private document(res: ServerResponse, doc: Document): void {
    this.json(res, 200, doc.body, doc.contentType);
  }

  private json(res: ServerResponse, status: number, body: unknown, contentType = 'application/json', headers: Record<string, string> = {}): void {
    if (res.headersSent) return;
    res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-cache, private', ...headers });
    res.end(JSON.stringify(body));
  }

  private fail(res: ServerResponse, err: KubeStatusError): void {
    if (res.headersSent) {
      res.end();
      return;
    }
    // As the apiserver: a 429 (or 503) says when to come back in the header too, which clients obey.
    const retryAfter = err.details?.retryAfterSeconds;
    this.json(res, err.code, err.toStatus(), 'application/json', retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) });
  }
}

function notFound(): never {
  throw new KubeStatusError('NotFound', 'the server could not find the requested resource');
}

function isObject(value: unknown): value is Record<string, any> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function verbOf(method: string, named: boolean, query: URLSearchParams): KubeVerb | undefined {
  switch (method) {
    case 'GET':
      if (queryFlag(query, 'watch')) return 'watch';
      return named ? 'get' : 'list';
    case 'POST':
      return named ? undefined : 'create';
    case 'PUT':
      return named ? 'update' : undefined;
    case 'PATCH':
      return named ? 'patch' : undefined;
    case 'DELETE':
      return named ? 'delete' : undefined;
    default:
      return undefined;
  }
}

function parseNonNegative(value: string | null, name: string): number | undefined {
  if (value === null || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw KubeStatusError.badRequest(`invalid value for ${name}: "${value}": must be a non-negative integer`);
  return Number(value);
}

function parseDryRun(values: readonly string[]): boolean {
  for (const v of values) if (v !== 'All') throw new KubeStatusError('BadRequest', `dryRun: Unsupported value: "${v}": supported values: "All"`);
  return values.length > 0;
}

function parseLabelSelector(text: string): Selector {
  try {
    return Selector.parse(text);
  } catch (err) {
    throw KubeStatusError.badRequest(`unable to parse requirement: ${(err as Error).message}`);
  }
}

function includeObject(query: URLSearchParams): IncludeObject {
  const value = query.get('includeObject');
  return value === 'None' || value === 'Object' ? value : 'Metadata';
}

function patchDocument(current: unknown, patch: unknown, type: string, strategic: boolean): unknown {
  switch (type) {
    case PATCH_TYPES.json:
      return applyJsonPatch(current, parseJsonPatch(patch));
    case PATCH_TYPES.merge:
      if (!isObject(patch)) throw KubeStatusError.badRequest('a merge patch must be a JSON object');
      return applyMergePatch(current, patch);
    case PATCH_TYPES.strategic:
      return applyStrategicMergePatch(current, patch);
    default:
      return applyConfiguration(current, patch, strategic);
  }
}

/** The resourceVersion a patch itself sets (a precondition), if any. */
function patchedResourceVersion(patch: unknown, type: string, next: KubeObject, current: KubeObject): string | undefined {
  if (type === PATCH_TYPES.json) return next.metadata.resourceVersion !== current.metadata.resourceVersion ? next.metadata.resourceVersion : undefined;
  const rv = isObject(patch) && isObject(patch.metadata) ? patch.metadata.resourceVersion : undefined;
  return typeof rv === 'string' && rv !== '' ? rv : undefined;
}

/** The object's autoscaling/v1 Scale: spec.replicas, status.replicas and status.labelSelector. */
function scaleOf(object: KubeObject, resource: ServedResource) {
  const spec = (object.spec ?? {}) as { replicas?: number };
  const status = (object.status ?? {}) as { replicas?: number; labelSelector?: string };
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: object.metadata.name,
      ...(resource.namespaced ? { namespace: object.metadata.namespace } : {}),
      uid: object.metadata.uid,
      resourceVersion: object.metadata.resourceVersion,
      creationTimestamp: object.metadata.creationTimestamp,
    },
    spec: { replicas: spec.replicas ?? 1 },
    status: { replicas: status.replicas ?? 0, ...(status.labelSelector ? { selector: status.labelSelector } : {}) },
  };
}
