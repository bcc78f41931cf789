// kruise-daemon's side of a ContainerRecreateRequest (docs/spec/image-pull.md §7.2), as pure functions
// over the requests of one pod and the runtime's view of its containers: which request is worked on,
// each container's recreate state, and the one step a sync takes (a kill, a status write, completion).
// The simulator (crr-daemon.ts) reads the runtime and does the writes.
import {
  ANNOTATION_CRR_SYNC_CONTAINER_STATUSES, CRR_UNREADY_ACQUIRED, type ContainerRecreateRequest, type ContainerRecreateRequestContainerRecreateState as RecreateState,
  type ContainerRecreateRequestPhase, type ContainerRecreateRequestSyncContainerStatus,
} from '@coxswain/kruise-api';

/** The runtime's newest container of a name (the kubelet's FindContainerStatusByName). */
export interface RuntimeContainer {
  name: string;
  /** `exited`: stopped and not yet started again. */
  state: 'running' | 'exited' | 'created';
  containerID: string;
  restartCount: number;
  /** Epoch ms the container started (running only). */
  startedAtMs?: number;
}

export type RuntimeView = ReadonlyMap<string, RuntimeContainer>;

/** A request the daemon has nothing more to do for. */
export function isFinished(crr: ContainerRecreateRequest): boolean {
  return Boolean(crr.metadata.deletionTimestamp) || Boolean(crr.status?.completionTime);
}

/** Kruise's crrListByPhaseAndCreated: Completed, Recreating, Pending, then no phase; older first within a phase. */
const PHASE_WEIGHT: Partial<Record<ContainerRecreateRequestPhase | '', number>> = { Completed: 1, Recreating: 2, Pending: 3 };

export function phaseOrder(a: ContainerRecreateRequest, b: ContainerRecreateRequest): number {
  const pa = a.status?.phase ?? '';
  const pb = b.status?.phase ?? '';
  if (pa === pb) return Date.parse(a.metadata.creationTimestamp ?? '') - Date.parse(b.metadata.creationTimestamp ?? '') || 0;
  return (PHASE_WEIGHT[pa] ?? 4) - (PHASE_WEIGHT[pb] ?? 4);
}

/**
 * docs/spec/image-pull.md §7.2 step 1: the unfinished request worked on for the pod, and the other unfinished ones without a
 * phase, which become Pending.
 */
export function pickRequest(crrs: readonly ContainerRecreateRequest[]): { picked?: ContainerRecreateRequest; toPending: ContainerRecreateRequest[] } {
  const sorted = [...crrs].sort(phaseOrder);
  let picked: ContainerRecreateRequest | undefined;
  const toPending: ContainerRecreateRequest[] = [];
  for (const crr of sorted) {
    if (isFinished(crr)) continue;
    if (picked === undefined) picked = crr;
    else if ((crr.status?.phase ?? '') === '') toPending.push(crr);
  }
  return { picked, toPending };
}

/** The controller's annotation (docs/spec/image-pull.md §7.1 step 7) by container name; unreadable → none. */
export function syncContainerStatuses(crr: ContainerRecreateRequest): Map<string, ContainerRecreateRequestSyncContainerStatus> {
  const text = crr.metadata.annotations?.[ANNOTATION_CRR_SYNC_CONTAINER_STATUSES];
  const byName = new Map<string, ContainerRecreateRequestSyncContainerStatus>();
  if (!text) return byName;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return byName;
    for (const entry of parsed) {
      if (entry !== null && typeof entry === 'object' && typeof entry.name === 'string') byName.set(entry.name, entry as ContainerRecreateRequestSyncContainerStatus);
    }
  } catch {
    // Go's json.Unmarshal error: Kruise logs it and reads no statuses.
  }
  return byName;
}

/** docs/spec/image-pull.md §7.2 step 4: each container's state from the runtime, in the request's order. */
export function currentRecreateStates(crr: ContainerRecreateRequest, runtime: RuntimeView, nowMs: number): RecreateState[] {
  const minStartedMs = (crr.spec.strategy?.minStartedSeconds ?? 0) * 1000;
  const synced = syncContainerStatuses(crr);
  const previousStates = crr.status?.containerRecreateStates ?? [];
  return crr.spec.containers.map((c): RecreateState => {
    const previous = previousStates.find((s) => s.name === c.name);
    if (previous && (previous.phase === 'Failed' || previous.phase === 'Succeeded')) return previous;
    const isKilled = previous?.isKilled ?? false;
    const running = runtime.get(c.name);
    if (!running) return { name: c.name, phase: 'Pending', isKilled, message: 'not found container on Node' };
    if (running.state === 'exited') return { name: c.name, phase: 'Recreating', isKilled };
    if (crr.spec.strategy?.forceRecreate && !previous?.isKilled) return { name: c.name, phase: 'Pending', isKilled: false };
    const context = c.statusContext;
    if (context && (running.containerID !== context.containerID || running.restartCount > context.restartCount)) {
      const sync = synced.get(c.name);
      const startedLongEnough = running.startedAtMs !== undefined && nowMs - running.startedAtMs > minStartedMs;
      const succeeded = sync !== undefined && sync.containerID === running.containerID && sync.ready === true && startedLongEnough;
      return { name: c.name, phase: succeeded ? 'Succeeded' : 'Recreating', isKilled };
    }
    return { name: c.name, phase: 'Pending', isKilled };
  });
}

/** What one sync of the picked, Recreating request does after the states were computed (docs/spec/image-pull.md §7.2 step 5). */
export type ManageStep =
  | { kind: 'writeStates'; states: RecreateState[] }
  | { kind: 'kill'; container: string; containerID: string; states: RecreateState[] }
  | { kind: 'complete' }
  | { kind: 'wait'; resyncAfterMs?: number };

/**
 * Kruise's `manage`. `killFailures`: containers whose kill the runtime refused, with its error; the
 * simulator plans again with them after a failed kill, which reproduces Go's in-loop handling.
 */
export function manageStep(
  crr: ContainerRecreateRequest,
  current: readonly RecreateState[],
  runtime: RuntimeView,
  killFailures: ReadonlyMap<string, string> = new Map(),
): ManageStep {
  const previous = crr.status?.containerRecreateStates ?? [];
  if (!sameStates(previous, current)) return { kind: 'writeStates', states: [...current] };
  const ignore = crr.spec.strategy?.failurePolicy === 'Ignore';
  const states = current.map((s) => ({ ...s }));
  let completed = 0;
  let kill: { container: string; containerID: string } | undefined;
  for (const state of states) {
    if (state.phase === 'Succeeded') {
      completed++;
      continue;
    }
    if (state.phase === 'Failed') {
      completed++;
      if (ignore) continue;
      return { kind: 'complete' };
    }
    if (state.phase === 'Recreating') {
      state.isKilled = true;
      if (crr.spec.strategy?.orderedRecreate) break;
      continue;
    }
    const running = runtime.get(state.name);
    if (!running) break;
    const failure = killFailures.get(state.name);
    if (failure !== undefined) {
      state.phase = 'Failed';
      state.message = `kill container error: ${failure}`;
      if (ignore) continue;
      return { kind: 'writeStates', states };
    }
    state.isKilled = true;
    state.phase = 'Recreating';
    kill = { container: state.name, containerID: running.containerID };
    break;
  }
  if (kill) return { kind: 'kill', ...kill, states };
  if (!sameStates(previous, states)) return { kind: 'writeStates', states };
  if (completed === states.length) return { kind: 'complete' };
  const minStarted = crr.spec.strategy?.minStartedSeconds ?? 0;
  return minStarted > 0 ? { kind: 'wait', resyncAfterMs: minStarted * 1000 } : { kind: 'wait' };
}

/**
 * docs/spec/image-pull.md §7.2 step 3: with unreadyGracePeriodSeconds, whether to wait for the controller's mark or for the
 * grace period to end, or to complete because the mark is no time.
 */
export function unreadyGate(crr: ContainerRecreateRequest, nowMs: number):
  | { kind: 'go' }
  | { kind: 'waitForMark' }
  | { kind: 'waitUntil'; resyncAfterMs: number }
  | { kind: 'complete'; message: string } {
  const grace = crr.spec.strategy?.unreadyGracePeriodSeconds;
  if (grace === undefined || grace === null) return { kind: 'go' };
  const mark = crr.metadata.annotations?.[CRR_UNREADY_ACQUIRED] ?? '';
  if (mark === '') return { kind: 'waitForMark' };
  const at = parseRfc3339(mark);
  if (at === undefined) return { kind: 'complete', message: `failed to parse unready time ${mark}: parsing time ${JSON.stringify(mark)} as "2006-01-02T15:04:05Z07:00": cannot parse` };
  const left = grace * 1000 - (nowMs - at);
  // Kruise requeues 100 ms after the period ends.
  return left > 0 ? { kind: 'waitUntil', resyncAfterMs: left + 100 } : { kind: 'go' };
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function parseRfc3339(text: string): number | undefined {
  if (!RFC3339.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** reflect.DeepEqual over the states as Go holds them (an absent message is "", isKilled false). */
function sameStates(a: readonly RecreateState[], b: readonly RecreateState[]): boolean {
  return a.length === b.length && a.every((s, i) =>
    s.name === b[i].name && s.phase === b[i].phase && (s.message ?? '') === (b[i].message ?? '') && (s.isKilled ?? false) === (b[i].isKilled ?? false));
}
