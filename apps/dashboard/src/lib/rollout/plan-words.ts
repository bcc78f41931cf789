// The rollout plan in plain words: what the controller does next, and what holds it back. The plan
// itself comes from the API (the same pure planner the controller runs); this only phrases it.
import type { Blocker, PlannedAction, RolloutPlan } from '../api/types';

/** `until`: the API's moment the blocker lifts by itself, for a countdown (lib/clock/countdown). */
export interface BlockerWords {
  code: string;
  sentence: string;
  pods: string[];
  until: string | null;
}
export interface PlanWords {
  headline: string;
  next: string[];
  blockers: BlockerWords[];
  numbers: string;
}

const LIST_LIMIT = 5;

export function listNames(names: readonly string[], limit = LIST_LIMIT): string {
  if (names.length <= limit) return names.join(', ');
  return `${names.slice(0, limit).join(', ')} and ${names.length - limit} more`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const VERBS: Record<string, (n: number) => string> = {
  CREATE: (n) => `Create ${plural(n, 'pod')}`,
  DELETE: (n) => `Delete ${plural(n, 'pod')}`,
  MARK_SPECIFIED_DELETE: (n) => `Mark ${plural(n, 'pod')} for deletion`,
  RECREATE: (n) => `Recreate ${plural(n, 'pod')}`,
  UPDATE_IN_PLACE: (n) => `Update ${plural(n, 'pod')} in place`,
  LIFECYCLE_TRANSITION: (n) => `Move ${plural(n, 'pod')} to the next lifecycle state`,
  LABEL_POD: (n) => `Label ${plural(n, 'pod')}`,
  REPAIR_POD: (n) => `Repair the identity or storage of ${plural(n, 'pod')}`,
  UPDATE_PVC: (n) => `Set the retention policy on the claims of ${plural(n, 'pod')}`,
};

// A UnitedDeployment plans changes to its subsets' workloads, not to pods: such an action names no
// pod, and its reason names the subset. Actions of one type and revision are one kind of change, one
// sentence with each subset's reason.
const WORKLOAD_VERBS: Record<string, (n: number) => string> = {
  CREATE_WORKLOAD: (n) => `Create ${n === 1 ? 'a subset workload' : `${n} subset workloads`}`,
  SCALE_WORKLOAD: (n) => `Scale ${n === 1 ? 'a subset workload' : `${n} subset workloads`}`,
  UPDATE_WORKLOAD: (n) => `Update ${n === 1 ? 'a subset workload' : `${n} subset workloads`}`,
  DELETE_WORKLOAD: (n) => `Delete ${n === 1 ? 'a subset workload' : `${n} subset workloads`}`,
};

function workloadActionsInWords(group: readonly PlannedAction[]): string {
  const first = group[0]!;
  const verb = (
    WORKLOAD_VERBS[first.type] ??
    (() =>
      first.type
        .toLowerCase()
        .replace(/_/g, ' ')
        .replace(/^./, (c) => c.toUpperCase()))
  )(group.length);
  const reasons = group.map((a) => a.reason.replace(/\.$/, '')).filter(Boolean);
  return `${verb}${first.revision ? ` at revision ${first.revision}` : ''}${reasons.length > 0 ? `: ${reasons.join('; ')}` : ''}.`;
}

/**
 * Actions of one type and revision become one sentence, e.g. "Recreate 2 pods at revision r: a, b (why)";
 * actions on subset workloads (no pod) of one type and revision one sentence with their reasons.
 */
export function actionsInWords(actions: readonly PlannedAction[]): string[] {
  const groups = new Map<string, PlannedAction[]>();
  const workloadGroups = new Map<string, PlannedAction[]>();
  for (const a of actions) {
    const workload = !a.pod;
    const key = `${a.type}\u0000${a.revision ?? ''}\u0000${a.type === 'LIFECYCLE_TRANSITION' ? a.reason : ''}`;
    const into = workload ? workloadGroups : groups;
    const group = into.get(key);
    if (group) group.push(a);
    else into.set(key, [a]);
  }
  return [
    ...[...workloadGroups.values()].map(workloadActionsInWords),
    ...[...groups.values()].map((group) => {
      const first = group[0]!;
      const verb = (VERBS[first.type] ?? ((n: number) => `${first.type.toLowerCase().replace(/_/g, ' ')} ${plural(n, 'pod')}`))(group.length);
      const at = first.revision ? ` at revision ${first.revision}` : '';
      const reasons = [...new Set(group.map((a) => a.reason).filter(Boolean))];
      const why = reasons.length === 1 ? ` (${reasons[0]})` : '';
      return `${verb}${at}: ${listNames(group.map((a) => a.pod))}${why}.`;
    }),
  ];
}

export function blockerInWords(blocker: Blocker): BlockerWords {
  // The API's messages may end a sentence themselves (the scheduler's do): one full stop is enough.
  const b = { ...blocker, message: blocker.message.replace(/\.$/, '') };
  const lead: Record<string, string> = {
    PAUSED: 'The rollout is paused (updateStrategy.paused): no pod is updated until it is resumed.',
    PARTITION: `The partition holds the rest: ${b.message}.`,
    MAX_UNAVAILABLE: `Waiting for pods to become available (maxUnavailable): ${b.message}.`,
    HOOK_PENDING: `Waiting on a lifecycle hook: ${b.message}. Acknowledge it to let the pod go on.`,
    MIN_READY_SECONDS: `Waiting for minReadySeconds: ${b.message}.`,
    SCALE_EXPECTATIONS: `Waiting for the controller to observe its own recent changes: ${b.message}.`,
    SCALE_UP_LIMITED: `Scale-up is rate limited: ${b.message}.`,
    WAITING_FOR_DELETIONS: `Waiting for deletions: ${b.message}.`,
    ON_DELETE: `${b.message}.`,
    UNSCHEDULABLE: `Cannot be scheduled: ${b.message}.`,
    IMAGE_PULL_FAILED: `Image pull failing: ${b.message}.`,
    POD_FAILING: `Pods failing: ${b.message}.`,
    POD_NOT_READY: `Not ready yet: ${b.message}.`,
    IN_PLACE_UPDATING: `In-place update in progress: ${b.message}.`,
    ORDERED_READY: `One pod at a time (podManagementPolicy OrderedReady): ${b.message}.`,
    UPDATE_EXPECTATIONS: `Waiting for the controller to see its in-place updates: ${b.message}.`,
    STALE_PVC: `Waiting for an old claim to go: ${b.message}.`,
    WAITING_FOR_SUBSET: `Waiting for a subset's workload to bring its pods along: ${b.message}.`,
    PODS_NOT_CREATED: `Stalled: ${b.message}`,
  };
  return { code: b.code, sentence: lead[b.code] ?? `${b.code}: ${b.message}.`, pods: b.pods, until: b.until ?? null };
}

/** What holds each pod back, from the plan's blockers: the pod tooltip and the pod list say it. */
export function blockersByPod(blockers: readonly Blocker[]): Map<string, Blocker[]> {
  const byPod = new Map<string, Blocker[]>();
  for (const b of blockers) {
    for (const pod of b.pods) {
      const list = byPod.get(pod);
      if (list) list.push(b);
      else byPod.set(pod, [b]);
    }
  }
  return byPod;
}

// The diff numbers worth a glance, under the spec's names: CloneSet's, then Advanced StatefulSet's.
const NUMBER_NAMES = [
  'scaleUpNum',
  'scaleDownNum',
  'updateNum',
  'scaleUpNumOldRevision',
  'scaleDownNumOldRevision',
  'useSurge',
  'updateMaxUnavailable',
  'deleteReadyLimit',
  'scaleUpLimit',
  'toCreate',
  'missing',
  'condemned',
  'maxUpdate',
  'unavailable',
];

export function planInWords(plan: RolloutPlan, replicas: number): PlanWords {
  const next = actionsInWords(plan.actions);
  const blockers = plan.blockers.map(blockerInWords);
  const diff = (plan.diff && typeof plan.diff === 'object' ? plan.diff : {}) as Record<string, unknown>;
  const numbers = NUMBER_NAMES.filter((k) => typeof diff[k] === 'number' && diff[k] !== 0)
    .map((k) => `${k} ${diff[k]}`)
    .join(', ');
  let headline: string;
  if (plan.complete) headline = `Nothing to do: all ${plural(replicas, 'pod')} run revision ${plan.updateRevision} and are available.`;
  else if (next.length > 0)
    headline = `Next, the controller will: ${next.length === 1 ? next[0]!.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase()) : `${next.length} kinds of change (below)`}.`;
  else if (blockers.length > 0) headline = 'Nothing moves right now; see what holds the rollout below.';
  else headline = 'Waiting for pods to converge (starting, becoming ready or terminating).';
  return { headline, next, blockers, numbers: numbers || 'no pending scale or update' };
}
