// The pods waiting on a lifecycle hook, for the teams that acknowledge them: every pod of a workload
// with `spec.lifecycle` whose pendingHook() names a hook, oldest wait first. A hook-acker limited to
// namespaces only sees those. Read from the cache's index of pods in hook states: the cost follows the
// pods that may be waiting, not every pod.
import { Injectable } from '@nestjs/common';
import { LABEL_TOPOLOGY_ZONE, LIFECYCLE_STATES } from '@coxswain/kruise-api';
import { pendingHook, type HookPoint } from '@coxswain/workloads';
import { coversNamespace, type Principal } from '../auth/principal.js';
import { ClusterCache, POD_HOOK_STATE } from '../cluster/cluster-cache.js';

export interface PendingHookView {
  namespace: string;
  pod: string;
  podUid: string;
  /** The pod's workload: its Kubernetes kind ("CloneSet", "StatefulSet") and name. */
  workload: { kind: string; name: string };
  hook: HookPoint;
  /** The lifecycle state the pod waits in (PreparingDelete, ...). */
  state: string;
  /** When the pod entered that state, RFC 3339; null when the pod carries no lifecycle timestamp. */
  since: string | null;
  podIP: string | null;
  node: string | null;
  zone: string | null;
}

/** The lifecycle state each hook holds a pod in. */
const HOOK_STATE: Record<HookPoint, string> = {
  preNormal: LIFECYCLE_STATES.PreparingNormal,
  preUpdate: LIFECYCLE_STATES.PreparingUpdate,
  postUpdate: LIFECYCLE_STATES.Updated,
  preDelete: LIFECYCLE_STATES.PreparingDelete,
};

@Injectable()
export class PendingHooksService {
  constructor(private readonly cache: ClusterCache) {}

  list(principal: Principal, namespace: string | undefined, hook: HookPoint | undefined): PendingHookView[] {
    const states = hook === undefined ? Object.values(HOOK_STATE) : [HOOK_STATE[hook]];
    const nodes = this.cache.nodeMap();
    const views: PendingHookView[] = [];
    for (const pod of states.flatMap((state) => this.cache.pods.byIndex(POD_HOOK_STATE, state))) {
      const podNamespace = pod.metadata.namespace ?? 'default';
      if ((namespace !== undefined && podNamespace !== namespace) || !coversNamespace(principal, podNamespace)) continue;
      const owner = this.cache.podOwner(pod);
      const lifecycle = owner?.descriptor.lifecycle(owner.object);
      if (!owner || !lifecycle) continue;
      const pending = pendingHook(pod, lifecycle);
      if (!pending || (hook !== undefined && pending.hook !== hook)) continue;
      const node = pod.spec.nodeName ?? null;
      views.push({
        namespace: podNamespace,
        pod: pod.metadata.name!,
        podUid: pod.metadata.uid!,
        workload: { kind: owner.descriptor.clusterKind, name: owner.object.metadata.name! },
        hook: pending.hook,
        state: pending.state,
        since: pending.since ?? null,
        podIP: pod.status?.podIP ?? null,
        node,
        zone: (node && nodes.get(node)?.metadata.labels?.[LABEL_TOPOLOGY_ZONE]) || null,
      });
    }
    return views.sort((a, b) => (a.since ?? '').localeCompare(b.since ?? '') || `${a.namespace}/${a.pod}`.localeCompare(`${b.namespace}/${b.pod}`));
  }

}
