// Use cases over raw cluster objects: apply a manifest (all documents or none), list, get, delete,
// list nodes, stream changes. Resolvers stay thin; this is where the rules live.
import { Inject, Injectable } from '@nestjs/common';
import { applyObjects, isApiError, type AppliedObject, type ClusterClient, type KindRef, type ObjectList, type WatchEvent } from '@coxswain/cluster';
import {
  findKindByName, KINDS, lookupKind, parseManifests, printYaml, Selector, LABEL_TOPOLOGY_ZONE,
  type KindInfo, type KubeObject, type Node, type Pod,
} from '@coxswain/kruise-api';
import { AuditTrail } from '../audit/audit-trail.js';
import { badUserInput } from '../graphql/errors.js';
import type { Runtime } from '../runtime.js';
import { CLUSTER, RUNTIME } from '../tokens.js';
import { watchIterator } from './watch-iterator.js';

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
    private readonly trail: AuditTrail,
  ) {}

  async apply(yaml: string, dryRun: boolean): Promise<AppliedObject[]> {
    const objects = parseManifests(yaml);
    if (objects.length === 0) throw badUserInput('the manifest has no documents', [{ field: 'yaml', message: 'no documents' }]);
    // Read first, for the audit's before; a dry run changes nothing, so it notes nothing.
    const before = dryRun ? [] : await Promise.all(objects.map((o) => this.current(o)));
    const applied = await applyObjects(this.cluster, objects, { dryRun, seeder: this.runtime.seeder });
    if (!dryRun) applied.forEach((a, i) => a.action !== 'unchanged' && this.trail.noteObjectChange(before[i] ?? null, a.object));
    return applied;
  }

  resolveKind(kind: string): KindRef & { info: KindInfo } {
    const info = findKindByName(kind);
    if (!info) {
      throw badUserInput(`unknown kind "${kind}"`, [{ field: 'kind', message: `not served; try one of: ${servedKinds()}` }]);
    }
    return { apiVersion: info.apiVersions[0]!, kind: info.kind, info };
  }

  async list(kind: string, namespace?: string | null, labelSelector?: string | null): Promise<ObjectList> {
    const ref = this.resolveKind(kind);
    if (labelSelector) Selector.parse(labelSelector); // a bad selector is the caller's error, named as such
    return this.cluster.list(ref, { namespace: namespace ?? undefined, labelSelector: labelSelector ?? undefined });
  }

  async get(kind: string, namespace: string | null | undefined, name: string): Promise<KubeObject | null> {
    const ref = this.resolveKind(kind);
    try {
      return await this.cluster.get(ref, ref.info.namespaced ? (namespace ?? 'default') : undefined, name);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return null;
      throw err;
    }
  }

  async delete(kind: string, namespace: string | null | undefined, name: string): Promise<KubeObject> {
    const ref = this.resolveKind(kind);
    const result = await this.cluster.delete(ref, ref.info.namespaced ? (namespace ?? 'default') : undefined, name);
    this.trail.noteDeletion(result);
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

  async nodes(): Promise<NodeSummary[]> {
    const [nodes, pods] = await Promise.all([
      this.cluster.list<Node>({ apiVersion: 'v1', kind: 'Node' }),
      this.cluster.list<Pod>({ apiVersion: 'v1', kind: 'Pod' }),
    ]);
    const podsPerNode = new Map<string, number>();
    for (const pod of pods.items) {
      const node = pod.spec?.nodeName;
      if (node) podsPerNode.set(node, (podsPerNode.get(node) ?? 0) + 1);
    }
    return nodes.items.map((node) => {
      const ready = node.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
      const unschedulable = node.spec?.unschedulable === true;
      const name = node.metadata.name!;
      return {
        name,
        ready,
        unschedulable,
        status: `${ready ? 'Ready' : 'NotReady'}${unschedulable ? ',SchedulingDisabled' : ''}`,
        zone: node.metadata.labels?.[LABEL_TOPOLOGY_ZONE] ?? null,
        internalIP: node.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? null,
        pods: podsPerNode.get(name) ?? 0,
        podCapacity: Number(node.status?.allocatable?.pods ?? node.status?.capacity?.pods ?? 0),
        taints: (node.spec?.taints ?? []).map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`),
        labels: node.metadata.labels ?? {},
        createdAt: new Date(node.metadata.creationTimestamp!),
      };
    });
  }

  changes(kind: string, namespace?: string | null, labelSelector?: string | null, resourceVersion?: string | null): AsyncIterableIterator<WatchEvent> {
    const ref = this.resolveKind(kind);
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

function servedKinds(): string {
  return KINDS.map((k) => k.kind).join(', ');
}
