// Observe mode beside a live controller (OpenKruise): per workload, what the cluster actually did to its
// pods, each action set against the plan Coxswain had computed just before it — so a team can see
// whether Coxswain would have done the same before letting it act. Pod changes are read from the
// informer's events: a new pod is a CREATE, a deletion (marked or gone) a DELETE, a new revision on
// the same pod an UPDATE_IN_PLACE, a new lifecycle state a LIFECYCLE_TRANSITION.
import { LABEL_CONTROLLER_REVISION_HASH, LABEL_LIFECYCLE_STATE, type Pod } from '@coxswain/kruise-api';

export interface ShadowPlan {
  actions: readonly { type: string; pod: string; reason: string; revision?: string }[];
  blockers: readonly { code: string; message: string; pods: readonly string[] }[];
}

export interface ClusterAction {
  at: string;
  type: 'CREATE' | 'DELETE' | 'UPDATE_IN_PLACE' | 'LIFECYCLE_TRANSITION';
  pod: string;
  /** Revision (CREATE, UPDATE_IN_PLACE) or lifecycle state (LIFECYCLE_TRANSITION) the pod went to. */
  to?: string;
  /** What Coxswain's plan said about this pod at that moment ("CREATE" for any creation it planned), if anything. */
  plannedAs?: string;
  /** The cluster did what Coxswain planned. */
  matched: boolean;
}

export interface ShadowComparison {
  namespace: string;
  name: string;
  /** Coxswain's plan now (what it would do next). */
  plan: ShadowPlan | undefined;
  /** Newest first. */
  clusterActions: ClusterAction[];
  matched: number;
  unplanned: number;
  since: string;
}

interface Record {
  actions: ClusterAction[];
  matched: number;
  unplanned: number;
  since: string;
}

/** Planned action types that a cluster action of each type carries out. */
const CARRIED_OUT_BY: { [K in ClusterAction['type']]: readonly string[] } = {
  CREATE: ['CREATE'],
  DELETE: ['DELETE', 'MARK_SPECIFIED_DELETE', 'RECREATE'],
  UPDATE_IN_PLACE: ['UPDATE_IN_PLACE'],
  LIFECYCLE_TRANSITION: ['LIFECYCLE_TRANSITION', 'UPDATE_IN_PLACE', 'DELETE'],
};

export class ShadowRecorder {
  private readonly records = new Map<string, Record>();

  constructor(
    /** The workload that controls a pod: namespace/name, or undefined. */
    private readonly ownerOf: (pod: Pod) => { namespace: string; name: string } | undefined,
    /** Coxswain's plan for a workload as last computed. */
    private readonly planOf: (namespace: string, name: string) => ShadowPlan | undefined,
    private readonly now: () => number,
    private readonly keep = 200,
  ) {}

  podAdded(pod: Pod, isInInitialList: boolean): void {
    if (!isInInitialList) this.note(pod, 'CREATE', pod.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH]);
  }

  podUpdated(old: Pod, next: Pod): void {
    if (next.metadata.deletionTimestamp && !old.metadata.deletionTimestamp) return this.note(next, 'DELETE');
    const revision = next.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH];
    if (revision !== old.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH] && old.metadata.uid === next.metadata.uid) this.note(next, 'UPDATE_IN_PLACE', revision);
    const state = next.metadata.labels?.[LABEL_LIFECYCLE_STATE];
    if (state && state !== old.metadata.labels?.[LABEL_LIFECYCLE_STATE]) this.note(next, 'LIFECYCLE_TRANSITION', state);
  }

  podDeleted(pod: Pod): void {
    // A pod that was marked first was noted then.
    if (!pod.metadata.deletionTimestamp) this.note(pod, 'DELETE');
  }

  comparison(namespace: string, name: string): ShadowComparison {
    const record = this.records.get(`${namespace}/${name}`);
    return {
      namespace,
      name,
      plan: this.planOf(namespace, name),
      clusterActions: record ? [...record.actions].reverse() : [],
      matched: record?.matched ?? 0,
      unplanned: record?.unplanned ?? 0,
      since: record?.since ?? new Date(this.now()).toISOString(),
    };
  }

  private note(pod: Pod, type: ClusterAction['type'], to?: string): void {
    const owner = this.ownerOf(pod);
    if (!owner) return;
    const key = `${owner.namespace}/${owner.name}`;
    let record = this.records.get(key);
    if (!record) this.records.set(key, (record = { actions: [], matched: 0, unplanned: 0, since: new Date(this.now()).toISOString() }));
    const plan = this.planOf(owner.namespace, owner.name);
    const name = pod.metadata.name!;
    const planned = type === 'CREATE'
      ? plan?.actions.find((a) => a.type === 'CREATE')
      : plan?.actions.find((a) => a.pod === name);
    const matched = planned !== undefined && CARRIED_OUT_BY[type].includes(planned.type);
    record.actions.push({ at: new Date(this.now()).toISOString(), type, pod: name, ...(to ? { to } : {}), ...(planned ? { plannedAs: planned.type } : {}), matched });
    if (record.actions.length > this.keep) record.actions.splice(0, record.actions.length - this.keep);
    if (matched) record.matched++;
    else record.unplanned++;
  }
}
