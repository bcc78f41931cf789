// Waves from what the pods do: each pod the rollout touches (its revision changes in place, it is
// deleted, a new pod appears, or it enters a lifecycle hook's PreparingUpdate/PreparingDelete, where it
// waits on whoever owns the hook) is stamped with the moment it was first touched and the moment it was
// ready at the update revision; pods touched at the same moment form one wave (the controllers act on a
// wave in one reconcile). The same recorder reads the fork and, in the measurement test, the cluster the
// change is then made on, so the two are compared by one rule.
import { LABEL_LIFECYCLE_STATE, LIFECYCLE_STATES, type Node, type Pod } from '@coxswain/kruise-api';
import type { PodAction, Wave, WavePod } from './preview-types.js';

const ZONE_LABEL = 'topology.kubernetes.io/zone';

interface Track {
  action: PodAction;
  touchedAt: number;
  readyAt: number | null;
  node: string | null;
  subset: string | null;
}

export class WaveRecorder {
  private readonly initial = new Map<string, string | undefined>();
  private readonly initialStates = new Map<string, string | undefined>();
  private readonly tracks = new Map<string, Track>();

  /**
   * `revisionOf` reads a pod's revision by the kind's rule; `isUpdated` says whether it is at the update
   * revision (read at each observation, so a revision computed after the change counts).
   */
  constructor(
    pods: readonly Pod[],
    private readonly start: number,
    private readonly revisionOf: (pod: Pod) => string | undefined,
    private readonly isUpdated: (pod: Pod) => boolean,
    /** The subset a pod belongs to, for kinds with subsets (UnitedDeployment). */
    private readonly subsetOf: (pod: Pod) => string | null = () => null,
  ) {
    for (const pod of pods) {
      this.initial.set(pod.metadata.name!, revisionOf(pod));
      this.initialStates.set(pod.metadata.name!, pod.metadata.labels?.[LABEL_LIFECYCLE_STATE]);
    }
  }

  /** One observation of a pod at `now` (ms of the cluster's clock); `deleted` for a watch's DELETED. */
  observe(pod: Pod, now: number, deleted = false): void {
    const name = pod.metadata.name!;
    let track = this.tracks.get(name);
    if (!track) {
      const action = this.actionOf(pod, deleted);
      if (!action) return;
      track = { action, touchedAt: now, readyAt: null, node: null, subset: this.subsetOf(pod) };
      this.tracks.set(name, track);
    }
    track.node = pod.spec?.nodeName ?? track.node;
    if (track.readyAt === null && track.action !== 'DELETE' && !deleted && this.isUpdated(pod) && isReady(pod)) track.readyAt = now;
    if (track.action === 'DELETE' && deleted && track.readyAt === null) track.readyAt = now;
  }

  private actionOf(pod: Pod, deleted: boolean): PodAction | undefined {
    const name = pod.metadata.name!;
    if (!this.initial.has(name)) return 'CREATE';
    if (deleted || pod.metadata.deletionTimestamp) return 'DELETE';
    const state = pod.metadata.labels?.[LABEL_LIFECYCLE_STATE];
    if (state === LIFECYCLE_STATES.PreparingDelete && this.initialStates.get(name) !== state) return 'DELETE';
    if (state === LIFECYCLE_STATES.PreparingUpdate && this.initialStates.get(name) !== state) return 'UPDATE_IN_PLACE';
    return this.revisionOf(pod) !== this.initial.get(name) ? 'UPDATE_IN_PLACE' : undefined;
  }

  /** The waves in order, pods by name within each; `nodes` give the zones. */
  waves(nodes: readonly Node[]): Wave[] {
    const zones = new Map(nodes.map((n) => [n.metadata.name!, n.metadata.labels?.[ZONE_LABEL] ?? null]));
    const byTime = new Map<number, WavePod[]>();
    for (const [pod, t] of [...this.tracks].sort(([a], [b]) => a.localeCompare(b))) {
      const entry: WavePod = { pod, action: t.action, subset: t.subset, node: t.node, zone: t.node ? (zones.get(t.node) ?? null) : null, readyAtMs: t.readyAt === null ? null : t.readyAt - this.start };
      const list = byTime.get(t.touchedAt) ?? [];
      list.push(entry);
      byTime.set(t.touchedAt, list);
    }
    return [...byTime].sort(([a], [b]) => a - b).map(([at, pods]) => ({
      startMs: at - this.start,
      endMs: pods.some((p) => p.readyAtMs === null) ? null : Math.max(...pods.map((p) => p.readyAtMs!)),
      pods,
    }));
  }
}

function isReady(pod: Pod): boolean {
  return pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}
