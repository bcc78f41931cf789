// Use cases over raw cluster objects, each named after its GraphQL field: apply a manifest (all
// documents or none), list, get, patch, delete, list nodes, stream changes. Resolvers stay thin; this is
// where the rules live.
import { Inject, Injectable } from '@nestjs/common';
import { applyObjects, isApiError, type AppliedObject, type ClusterClient, type KindRef, type MergePatch, type WatchEvent } from '@coxswain/cluster';
import {
  findKindByName, KINDS, lookupKind, printYaml, readManifests, Selector,
  type KindInfo, type KubeObject,
} from '@coxswain/kruise-api';
import { AuditTrail } from '../audit/audit-trail.js';
import type { Runtime } from '../runtime.js';
import { CLUSTER, RUNTIME } from '../tokens.js';
import { ALL_INDEX, ClusterCache, POD_NODE } from './cluster-cache.js';
import { nodeFacts } from './node-facts.js';
import { NAMESPACE_INDEX, objectKey, splitKey } from '@coxswain/controller-runtime';
import { sortedSource, type OrderedSource } from './ordered-source.js';
import { watchIterator } from './watch-iterator.js';
import { admitKnownFields, FieldValidation } from './unknown-fields.js';
import { mayAccessObject, objectRefusal, type ObjectVerb } from '../auth/object-access.js';
import type { Principal } from '../auth/principal.js';
import { DomainError } from '../errors/domain-error.js';

export interface NodeSummary {
  name: string;
  status: string;
  ready: boolean;
  unschedulable: boolean;
  zone: string | null;
  internalIP: string | null;
  pods: number;
  podCapacity: number;
  taints: string[];
  labels: Record<string, string>;
  createdAt: Date;
}

@Injectable()
export class ClusterObjectsService {
  constructor(
    @Inject(CLUSTER) private readonly cluster: ClusterClient,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly cache: ClusterCache,
    private readonly trail: AuditTrail,
  ) {}

  async applyManifest(principal: Principal, yaml: string, dryRun: boolean, fieldValidation = FieldValidation.STRICT): Promise<AppliedObject[]> {
    const { objects: read, duplicates } = readManifests(yaml);
    const objects = read.map((o, documentIndex) => {
      const repeated = duplicates.filter((d) => d.documentIndex === documentIndex).map((d) => d.path);
      return admitKnownFields(o, fieldValidation, '', { documentIndex }, repeated);
    });
    if (objects.length === 0) throw new DomainError('BAD_USER_INPUT', 'the manifest has no documents', { fieldErrors: [{ field: 'yaml', message: 'no documents' }] });
    // Read first, for the authorization's verb and the audit's before.
    const before = await Promise.all(objects.map((o) => this.current(o)));
    objects.forEach((o, i) => {
      const info = lookupKind(o.apiVersion, o.kind);
      if (info) authorize(principal, before[i] ? 'update' : 'create', info);
    });
    const applied = await applyObjects(this.cluster, objects, { dryRun, seeder: this.runtime.seeder });
    if (!dryRun) {
      applied.forEach((a, i) => a.action !== 'unchanged' && this.trail.noteObjectChange(before[i] ?? null, a.object));
      await this.cache.caughtUp(applied.map((a) => a.object));
    }
    return applied;
  }

  resolveKind(kind: string): KindRef & { info: KindInfo } {
    const info = findKindByName(kind);
    if (!info) {
      throw new DomainError('BAD_USER_INPUT', `unknown kind "${kind}"`, { fieldErrors: [{ field: 'kind', message: `not served; try one of: ${servedKinds()}` }] });
    }
    return { apiVersion: info.apiVersions[0]!, kind: info.kind, info };
  }

  /**
   * Objects of a kind in key order. Kinds the API caches (pods, CloneSets, nodes, events, revisions) are
   * paged from the cache's ordered indexes, so a page of a 100,000-pod namespace costs the page; other
   * kinds are few and listed from the cluster. The resourceVersion is the one to watch from.
   */
  async objects(principal: Principal, kind: string, namespace?: string | null, labelSelector?: string | null): Promise<{ source: OrderedSource<KubeObject>; resourceVersion: string }> {
    const ref = this.resolveKind(kind);
    authorize(principal, 'list', ref.info);
    const selector = labelSelector ? Selector.parse(labelSelector) : undefined; // a bad selector is the caller's error, named as such
    const scope = ref.info.namespaced ? (namespace ?? undefined) : undefined;
    const informer = this.cache.informerFor(ref.apiVersion, ref.kind);
    if (informer && !selector) {
      const [index, value] = scope === undefined ? [ALL_INDEX, ''] : [NAMESPACE_INDEX, scope];
      return {
        source: {
          page: (after, limit) => informer.pageByIndex(index, value, after === undefined ? undefined : splitKey(after), limit),
          count: (after) => informer.countByIndex(index, value, after === undefined ? undefined : splitKey(after)),
          keyOf: objectKey,
        },
        resourceVersion: informer.lastSyncResourceVersion(),
      };
    }
    const { items, resourceVersion } = informer
      ? { items: (scope === undefined ? informer.list() : informer.list(scope)).filter((o) => selector!.matches(o.metadata.labels)), resourceVersion: informer.lastSyncResourceVersion() }
      : await this.cluster.list(ref, { namespace: scope, labelSelector: labelSelector ?? undefined });
    const sorted = items.map((o) => [objectKey(o), o] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, o]) => o);
    return { source: sortedSource(sorted, objectKey), resourceVersion };
  }

  async object(principal: Principal, kind: string, namespace: string | null | undefined, name: string): Promise<KubeObject | null> {
    const ref = this.resolveKind(kind);
    authorize(principal, 'get', ref.info);
    try {
      return await this.cluster.get(ref, ref.info.namespaced ? (namespace ?? 'default') : undefined, name);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return null;
      throw err;
    }
  }

  /**
   * A JSON merge patch (RFC 7386) of one object's metadata and spec, as `kubectl patch --type=merge`
   * does it: what the patch names changes, everything else stays (unlike applyManifest, which replaces
   * the object). A `metadata.resourceVersion` in the patch makes it conditional (CONFLICT when stale).
   */
  async patchObject(principal: Principal, kind: string, namespace: string | null | undefined, name: string, patch: unknown, fieldValidation = FieldValidation.STRICT): Promise<KubeObject> {
    const ref = this.resolveKind(kind);
    authorize(principal, 'patch', ref.info);
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
      throw new DomainError('BAD_USER_INPUT', 'patch must be a JSON object (a merge patch)', { fieldErrors: [{ field: 'patch', message: 'must be a JSON object' }] });
    }
    if ('status' in patch) {
      throw new DomainError('BAD_USER_INPUT', 'status is written by the controllers, not by patches', { fieldErrors: [{ field: 'patch.status', message: 'status cannot be patched' }] });
    }
    // The patch is read in the version the cluster keeps the kind in (CloneSet: v1beta1's fields).
    const { apiVersion: _v, kind: _k, ...known } = admitKnownFields({ ...patch, apiVersion: ref.apiVersion, kind: ref.kind }, fieldValidation, 'patch.');
    patch = known;
    const scope = ref.info.namespaced ? (namespace ?? 'default') : undefined;
    const before = await this.cluster.get(ref, scope, name);
    const written = await this.cluster.patch(ref, scope, name, patch as MergePatch);
    this.trail.noteObjectChange(before, written);
    await this.cache.caughtUp([written]);
    return written;
  }

  async deleteObject(principal: Principal, kind: string, namespace: string | null | undefined, name: string): Promise<KubeObject> {
    const ref = this.resolveKind(kind);
    authorize(principal, 'delete', ref.info);
    const result = await this.cluster.delete(ref, ref.info.namespaced ? (namespace ?? 'default') : undefined, name);
    this.trail.noteDeletion(result);
    await this.cache.caughtUp([result]);
    return result;
  }

  private async current(object: KubeObject): Promise<KubeObject | null> {
    const namespaced = lookupKind(object.apiVersion, object.kind)?.namespaced ?? true;
    if (!object.metadata.name) return null;
    try {
      return await this.cluster.get(object, namespaced ? (object.metadata.namespace ?? 'default') : undefined, object.metadata.name);
    } catch (err) {
      // Not there, or not a kind the cluster serves: applyObjects reports the latter with its document.
      if (isApiError(err)) return null;
      throw err;
    }
  }

  /** Nodes with their pod counts, from the cache (pods per node are index bucket sizes). */
  nodes(): NodeSummary[] {
    const podsPerNode = this.cache.pods.indexValues(POD_NODE);
    return this.cache.nodes.list().sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!)).map((node) => {
      const facts = nodeFacts(node);
      const name = node.metadata.name!;
      return {
        name,
        ...facts,
        status: `${facts.ready ? 'Ready' : 'NotReady'}${facts.unschedulable ? ',SchedulingDisabled' : ''}`,
        internalIP: node.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? null,
        pods: podsPerNode.get(name) ?? 0,
        podCapacity: Number(node.status?.allocatable?.pods ?? node.status?.capacity?.pods ?? 0),
        labels: node.metadata.labels ?? {},
        createdAt: new Date(node.metadata.creationTimestamp!),
      };
    });
  }

  objectChanged(principal: Principal, kind: string, namespace?: string | null, labelSelector?: string | null, resourceVersion?: string | null): AsyncIterableIterator<WatchEvent> {
    const ref = this.resolveKind(kind);
    authorize(principal, 'watch', ref.info);
    if (labelSelector) Selector.parse(labelSelector);
    return watchIterator(this.cluster, ref, {
      namespace: namespace ?? undefined,
      labelSelector: labelSelector ?? undefined,
      resourceVersion: resourceVersion ?? undefined,
    });
  }

  manifest(object: KubeObject): string {
    return printYaml(object);
  }
}

/** The one object-access table (auth/object-access.ts), as the Kubernetes API applies it. */
function authorize(principal: Principal, verb: ObjectVerb, info: KindInfo): void {
  if (!mayAccessObject(principal, verb, info)) throw new DomainError('FORBIDDEN', objectRefusal(principal, verb, info));
}

function servedKinds(): string {
  return KINDS.map((k) => k.kind).join(', ');
}
