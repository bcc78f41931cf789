// The fork's inputs, read through the cluster port (so embedded and Kubernetes mode fork alike): the
// workload and the workloads it owns (a UnitedDeployment's subsets), the pods they own, their
// ControllerRevisions (so the fork names revisions as the cluster did) and volume claims, every node
// (placement, zones, image caches) and the other pods bound to those nodes (the room they take: copied as
// they are, never reconciled in the fork). Read only: nothing here writes.
import { isApiError, type ClusterClient, type KindRef } from '@coxswain/cluster';
import type { ControllerRevision, KubeObject, Node, PersistentVolumeClaim, Pod } from '@coxswain/kruise-api';
import { workloadKind, type WorkloadKindDescriptor } from '@coxswain/workloads';
import { PreviewInputError } from './preview-errors.js';
import type { PreviewRequest } from './preview-types.js';

/**
 * The most pods (and nodes) a preview forks, the workload's own and the other pods on the nodes together:
 * beyond it the answer is an error naming the cap.
 */
export const MAX_FORKED_PODS = 10_000;
export const MAX_FORKED_NODES = 5_000;
const PAGE = 1_000;

export interface ForkSnapshot {
  descriptor: WorkloadKindDescriptor;
  workload: KubeObject;
  pods: Pod[];
  revisions: ControllerRevision[];
  /**
   * The workloads the workload owns, and theirs (a UnitedDeployment's subset CloneSets, StatefulSets or
   * Deployments, and a Deployment's ReplicaSets): forked with it, so the fork runs its subsets as the cluster does.
   */
  owned: KubeObject[];
  /**
   * The PersistentVolumeClaims of the workload's pods and volumeClaimTemplates (a StatefulSet keeps those of
   * its ordinals), as they are: bound ones stay bound, so the fork provisions none the cluster already has.
   */
  claims: PersistentVolumeClaim[];
  nodes: Node[];
  /**
   * Pods on the nodes that are not the workload's (other workloads', or no one's), bound and not finished:
   * node capacity. The fork holds them as they are; their owners are not forked, so nothing reconciles them.
   */
  others: Pod[];
  /** Other pods taking room beyond the fork's cap, not copied (0 when every one is). */
  othersLeftOut: number;
}

/** The kinds a workload can own (a UnitedDeployment's subset kinds, a Deployment's ReplicaSets), walked down from it. */
const OWNED_KINDS: readonly KindRef[] = [
  { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' },
  { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet' },
  { apiVersion: 'apps/v1', kind: 'StatefulSet' },
  { apiVersion: 'apps/v1', kind: 'Deployment' },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet' },
];

/** `cap`: the most pods forked, the workload's and the others together (MAX_FORKED_PODS; tests set less). */
export async function readForkSnapshot(client: ClusterClient, request: PreviewRequest, cap = MAX_FORKED_PODS): Promise<ForkSnapshot> {
  const descriptor = workloadKind(request.kind);
  if (!descriptor) throw new PreviewInputError('kind', `preview supports CLONE_SET, STATEFUL_SET and UNITED_DEPLOYMENT, not ${request.kind}`);
  // NotFound and the port's other failures pass as they are: the API translates them (errors/known-errors.ts).
  const workload = await client.get(descriptor.ref, request.namespace, request.name);
  const owned = await ownedWorkloads(client, workload);
  const owners = new Set([workload.metadata.uid, ...owned.map((o) => o.metadata.uid)]);
  const ownedBy = (object: KubeObject) => object.metadata.ownerReferences?.some((o) => owners.has(o.uid)) ?? false;
  const pods = (await listCapped<Pod>(client, { apiVersion: 'v1', kind: 'Pod' }, request.namespace, cap, 'pods'))
    .filter((pod) => descriptor.ownsPod(workload, pod) || ownedBy(pod));
  const revisions = (await listCapped<ControllerRevision>(client, { apiVersion: 'apps/v1', kind: 'ControllerRevision' }, request.namespace, MAX_FORKED_PODS, 'controllerrevisions'))
    .filter(ownedBy);
  const claims = await volumeClaims(client, request.namespace, [workload, ...owned], pods, ownedBy);
  const nodes = await listCapped<Node>(client, { apiVersion: 'v1', kind: 'Node' }, undefined, MAX_FORKED_NODES, 'nodes');
  const { others, othersLeftOut } = await otherPods(client, new Set(pods.map((pod) => pod.metadata.uid)), new Set(nodes.map((n) => n.metadata.name)), cap - pods.length);
  return { descriptor, workload, pods, revisions, owned, claims, nodes, others, othersLeftOut };
}

/**
 * The claims the pods mount, the workloads own (a CloneSet's), or a workload's volumeClaimTemplates name
 * (`<template>-<workload>-<ordinal>`: a StatefulSet's, owned by no one unless a retention policy says so).
 */
async function volumeClaims(client: ClusterClient, namespace: string, workloads: readonly KubeObject[], pods: readonly Pod[], ownedBy: (o: KubeObject) => boolean): Promise<PersistentVolumeClaim[]> {
  const mounted = new Set(pods.flatMap((p) => (p.spec?.volumes ?? []).flatMap((v) => (v.persistentVolumeClaim ? [v.persistentVolumeClaim.claimName] : []))));
  const prefixes = workloads.flatMap((w) => ((w as { spec?: { volumeClaimTemplates?: { metadata?: { name?: string } }[] } }).spec?.volumeClaimTemplates ?? [])
    .map((t) => `${t.metadata?.name}-${w.metadata.name}-`));
  const templated = (name: string) => prefixes.some((prefix) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)));
  if (mounted.size === 0 && prefixes.length === 0) return [];
  return (await listCapped<PersistentVolumeClaim>(client, { apiVersion: 'v1', kind: 'PersistentVolumeClaim' }, namespace, MAX_FORKED_PODS, 'persistentvolumeclaims'))
    .filter((c) => mounted.has(c.metadata.name!) || ownedBy(c) || templated(c.metadata.name!));
}

/** The workloads `workload` owns, then theirs, down the ownerReferences (two levels at most: UnitedDeployment, Deployment, ReplicaSet). */
async function ownedWorkloads(client: ClusterClient, workload: KubeObject): Promise<KubeObject[]> {
  const namespace = workload.metadata.namespace!;
  const candidates: KubeObject[] = [];
  for (const ref of OWNED_KINDS) {
    // A kind the cluster does not serve (no Kruise CRD, say) owns nothing.
    candidates.push(...(await listCapped(client, ref, namespace, MAX_FORKED_PODS, `${ref.kind}s`).catch((err: unknown) => {
      if (isApiError(err, 'NotFound')) return [];
      throw err;
    })));
  }
  const owners = new Set([workload.metadata.uid]);
  const owned: KubeObject[] = [];
  for (let found = true; found;) {
    found = false;
    for (const candidate of candidates) {
      if (owners.has(candidate.metadata.uid) || !candidate.metadata.ownerReferences?.some((o) => o.controller && owners.has(o.uid))) continue;
      owners.add(candidate.metadata.uid);
      owned.push(candidate);
      found = true;
    }
  }
  return owned;
}

/** Lists in pages and stops with an error past `cap`: a preview never holds an unbounded copy. */
async function listCapped<T extends KubeObject>(client: ClusterClient, ref: { apiVersion: string; kind: string }, namespace: string | undefined, cap: number, what: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | undefined;
  do {
    const page = await client.list<T>(ref, { namespace, limit: PAGE, continue: next });
    items.push(...page.items);
    if (items.length > cap) throw new PreviewInputError('name', `${namespace ? `the namespace ${namespace}` : 'the cluster'} holds more than ${cap} ${what}: a preview forks at most ${cap}`);
    next = page.continue || undefined;
  } while (next);
  return items;
}

/**
 * The pods of every namespace that take room on the forked nodes and are not the workload's, read page by
 * page and kept up to `budget` (the fork's cap less the workload's own pods); the rest are counted, not
 * copied, so a large cluster neither is refused nor held whole.
 */
async function otherPods(client: ClusterClient, own: ReadonlySet<string | undefined>, nodes: ReadonlySet<string | undefined>, budget: number): Promise<{ others: Pod[]; othersLeftOut: number }> {
  const others: Pod[] = [];
  let othersLeftOut = 0;
  let next: string | undefined;
  do {
    const page = await client.list<Pod>({ apiVersion: 'v1', kind: 'Pod' }, { limit: PAGE, continue: next });
    for (const pod of page.items) {
      if (own.has(pod.metadata.uid) || !takesRoom(pod, nodes)) continue;
      if (others.length < budget) others.push(pod);
      else othersLeftOut++;
    }
    next = page.continue || undefined;
  } while (next);
  return { others, othersLeftOut };
}

/** Bound to one of the forked nodes and not finished: the scheduler counts it against the node. */
function takesRoom(pod: Pod, nodes: ReadonlySet<string | undefined>): boolean {
  const node = pod.spec?.nodeName;
  return !!node && nodes.has(node) && pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed';
}
