// The pods waiting on a lifecycle hook, for the teams that acknowledge them: every pod of a workload
// with `spec.lifecycle` whose pendingHook() names a hook, oldest wait first. A hook-acker limited to
// namespaces only sees those.
import { Inject, Injectable } from '@nestjs/common';
import type { ClusterClient } from '@coxswain/cluster';
import { LABEL_TOPOLOGY_ZONE, type CloneSet, type Node, type Pod } from '@coxswain/kruise-api';
import { CLONESET_REF, NODE_REF, pendingHook, POD_REF, type HookPoint } from '@coxswain/workloads';
import { coversNamespace, type Principal } from '../auth/principal.js';
import { CLUSTER } from '../tokens.js';

export interface PendingHookView {
  namespace: string;
  pod: string;
  podUid: string;
  workload: { kind: 'CloneSet'; name: string };
  hook: HookPoint;
  /** The lifecycle state the pod waits in (PreparingDelete, ...). */
  state: string;
  /** When the pod entered that state, RFC 3339; null when the pod carries no lifecycle timestamp. */
  since: string | null;
  podIP: string | null;
  node: string | null;
  zone: string | null;
}

@Injectable()
export class PendingHooksService {
  constructor(@Inject(CLUSTER) private readonly cluster: ClusterClient) {}

  async list(principal: Principal, namespace: string | undefined, hook: HookPoint | undefined): Promise<PendingHookView[]> {
    const [cloneSets, pods, nodes] = await Promise.all([
      this.cluster.list<CloneSet>(CLONESET_REF, { namespace }),
      this.cluster.list<Pod>(POD_REF, { namespace }),
      this.cluster.list<Node>(NODE_REF),
    ]);
    const owners = new Map(cloneSets.items.filter((cs) => cs.spec.lifecycle).map((cs) => [cs.metadata.uid!, cs]));
    const zones = new Map(nodes.items.map((n) => [n.metadata.name!, n.metadata.labels?.[LABEL_TOPOLOGY_ZONE] ?? null]));
    const views: PendingHookView[] = [];
    for (const pod of pods.items) {
      const podNamespace = pod.metadata.namespace ?? 'default';
      if (!coversNamespace(principal, podNamespace)) continue;
      const ref = pod.metadata.ownerReferences?.find((r) => r.controller && owners.has(r.uid));
      const owner = ref && owners.get(ref.uid);
      if (!owner) continue;
      const pending = pendingHook(pod, owner.spec.lifecycle);
      if (!pending || (hook !== undefined && pending.hook !== hook)) continue;
      const node = pod.spec.nodeName ?? null;
      views.push({
        namespace: podNamespace,
        pod: pod.metadata.name!,
        podUid: pod.metadata.uid!,
        workload: { kind: 'CloneSet', name: owner.metadata.name! },
        hook: pending.hook,
        state: pending.state,
        since: pending.since ?? null,
        podIP: pod.status?.podIP ?? null,
        node,
        zone: node ? (zones.get(node) ?? null) : null,
      });
    }
    return views.sort((a, b) => (a.since ?? '').localeCompare(b.since ?? '') || `${a.namespace}/${a.pod}`.localeCompare(`${b.namespace}/${b.pod}`));
  }
}
