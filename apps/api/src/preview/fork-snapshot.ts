// The fork's inputs, read through the cluster port (so embedded and Kubernetes mode fork alike): the
// workload, the pods it owns, its ControllerRevisions (so the fork names revisions as the cluster did) and
// every node (placement, zones, image caches). Read only: nothing here writes.
import type { ClusterClient } from '@coxswain/cluster';
import type { ControllerRevision, KubeObject, Node, Pod } from '@coxswain/kruise-api';
import { workloadKind, type WorkloadKindDescriptor } from '@coxswain/workloads';
import { PreviewInputError } from './preview-errors.js';
import type { PreviewRequest } from './preview-types.js';

/** The most pods (and nodes) a preview forks: beyond it the answer is an error naming the cap. */
export const MAX_FORKED_PODS = 10_000;
export const MAX_FORKED_NODES = 5_000;
const PAGE = 1_000;

export interface ForkSnapshot {
  descriptor: WorkloadKindDescriptor;
  workload: KubeObject;
  pods: Pod[];
  revisions: ControllerRevision[];
  nodes: Node[];
}

/** Kinds whose whole state the fork copies; a UnitedDeployment's subset workloads are not copied yet. */
const FORKABLE = new Set(['CLONE_SET', 'STATEFUL_SET']);

export async function readForkSnapshot(client: ClusterClient, request: PreviewRequest): Promise<ForkSnapshot> {
  const descriptor = workloadKind(request.kind);
  if (!descriptor || !FORKABLE.has(request.kind)) throw new PreviewInputError('kind', `preview supports CLONE_SET and STATEFUL_SET, not ${request.kind}`);
  // NotFound and the port's other failures pass as they are: the API translates them (errors/known-errors.ts).
  const workload = await client.get(descriptor.ref, request.namespace, request.name);
  const pods = (await listCapped<Pod>(client, { apiVersion: 'v1', kind: 'Pod' }, request.namespace, MAX_FORKED_PODS, 'pods'))
    .filter((pod) => descriptor.ownsPod(workload, pod));
  const uid = workload.metadata.uid;
  const revisions = (await listCapped<ControllerRevision>(client, { apiVersion: 'apps/v1', kind: 'ControllerRevision' }, request.namespace, MAX_FORKED_PODS, 'controllerrevisions'))
    .filter((r) => r.metadata.ownerReferences?.some((o) => o.uid === uid));
  const nodes = await listCapped<Node>(client, { apiVersion: 'v1', kind: 'Node' }, undefined, MAX_FORKED_NODES, 'nodes');
  return { descriptor, workload, pods, revisions, nodes };
}

/** Lists in pages and stops with an error past `cap`: a preview never holds an unbounded copy. */
async function listCapped<T extends KubeObject>(client: ClusterClient, ref: { apiVersion: string; kind: string }, namespace: string | undefined, cap: number, what: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | undefined;
  do {
    const page = await client.list<T>(ref, { namespace, limit: PAGE, continue: next });
    items.push(...page.items);
    if (items.length > cap) throw new PreviewInputError('name', `the namespace holds more than ${cap} ${what}: a preview forks at most ${cap}`);
    next = page.continue || undefined;
  } while (next);
  return items;
}
