// What a rollout preview is asked (a workload and one proposed change) and what it answers: the waves the
// controllers will take, how long, what will hold the rollout and the state it ends in. docs/preview.md
// is the user guide.
import type { IntOrString } from '@coxswain/kruise-api';
import type { WorkloadKindName } from '@coxswain/workloads';

/** Exactly one change, as the confirm dialogs and `coxswain preview` propose it. */
export type ProposedChange =
  | { image: { container: string; image: string } }
  | { partition: { value: IntOrString; subset?: string } }
  | { scale: { replicas: number } }
  | { paused: boolean }
  /** The workload's whole manifest (YAML or JSON), as applyManifest would take it. */
  | { manifest: string };

export interface PreviewRequest {
  kind: WorkloadKindName;
  namespace: string;
  name: string;
  change: ProposedChange;
}

/** Where the fork's kubelet timings came from. */
export type TimingSource = 'CONFIGURED' | 'LEARNED' | 'DEFAULT';

export interface PreviewTimings {
  source: TimingSource;
  /** Pod starts the timings were learned from (0 unless LEARNED). */
  samples: number;
  imagePullMs: number;
  containerStartMs: number;
  terminationMs: number;
}

export type PodAction = 'UPDATE_IN_PLACE' | 'DELETE' | 'CREATE';

export interface WavePod {
  pod: string;
  action: PodAction;
  /** The subset the pod belongs to (UnitedDeployment), else null. */
  subset: string | null;
  node: string | null;
  zone: string | null;
  /** Ms after the change when the pod was at the update revision and ready (null: not within the preview). */
  readyAtMs: number | null;
}

export interface Wave {
  /** Ms after the change when the controllers started this wave's pods. */
  startMs: number;
  /** Ms after the change when the last of its pods was ready (null: one never was within the preview). */
  endMs: number | null;
  pods: WavePod[];
}

export interface PreviewStop {
  /** The controller's blocker code (PARTITION, PAUSED, UNSCHEDULABLE, HOOK_PENDING, MAX_UNAVAILABLE, ...). */
  code: string;
  message: string;
  pods: string[];
}

export type PreviewOutcome = 'COMPLETE' | 'STOPPED' | 'TRUNCATED';

export interface PreviewAnswer {
  outcome: PreviewOutcome;
  /** Why the preview was cut short, when outcome is TRUNCATED. */
  truncated: string | null;
  /** Ms from the change to COMPLETE or to the point where the rollout stops. */
  durationMs: number;
  waves: Wave[];
  /** What holds the rollout where it ends (empty when COMPLETE). */
  stops: PreviewStop[];
  /** The HOOK_PENDING stops, one per pod: the hook it waits on and who must act. */
  hooks: PreviewStop[];
  timings: PreviewTimings;
  final: { replicas: number; updatedReplicas: number; updatedReadyReplicas: number; images: string[]; health: string };
  /** The fork's size: the workload's pods, the other pods on the nodes (capacity only), its volume claims and the nodes copied. */
  forked: { pods: number; otherPods: number; otherPodsLeftOut: number; volumeClaims: number; nodes: number };
  /** Wall-clock ms the simulation took. */
  wallMs: number;
}
