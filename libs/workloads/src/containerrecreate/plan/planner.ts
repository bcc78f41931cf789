// The ContainerRecreateRequest controller's reconcile as a pure function (docs/spec/image-pull.md §7.1,
// §7.3): from the request, its pod and the time, the writes Kruise's controller makes, in its order, and
// when to come back. kruise-daemon does the recreating (in the embedded cluster, the kubelet simulator).
import {
  ANNOTATION_CRR_SYNC_CONTAINER_STATUSES, CRR_UNREADY_ACQUIRED, LABEL_CRR_ACTIVE, LABEL_CRR_POD_UID,
  type ContainerRecreateRequest, type ContainerRecreateRequestSyncContainerStatus, type Pod,
} from '@coxswain/kruise-api';
import { timestampMillis } from '../../pod/time.js';

/** How long the daemon may leave a new request without a phase (Kruise's responseTimeout). */
export const DAEMON_RESPONSE_TIMEOUT_MS = 60_000;

export const CRR_MESSAGES = {
  podGone: 'pod has gone',
  daemonSilent: 'daemon has not responded for a long time',
  deadline: 'recreating has exceeded the activeDeadlineSeconds',
} as const;

export type CrrWrite =
  /** docs/spec/image-pull.md §7.3 release: the pod's KruisePodReady key (pod present, not being deleted), then the finalizer. */
  | { kind: 'releaseNotReady' }
  /** Merge patch deleting the label crr.apps.kruise.io/active. */
  | { kind: 'removeActiveLabel' }
  | { kind: 'delete' }
  /** Status: phase Completed, completionTime now, message. */
  | { kind: 'complete'; message: string }
  /** Merge patch of the annotation crr.apps.kruise.io/sync-container-statuses. */
  | { kind: 'syncContainerStatuses'; value: string }
  /** docs/spec/image-pull.md §7.3 acquire: with the pod's KruisePodReady gate the finalizer then the pod's key; then the annotation, now. */
  | { kind: 'acquireNotReady' };

export interface CrrPlan {
  writes: CrrWrite[];
  requeueAfterMs?: number;
}

/** One reconcile of `crr` with its pod (undefined: not found) at `now` (epoch ms). */
export function planContainerRecreate(crr: ContainerRecreateRequest, pod: Pod | undefined, now: number): CrrPlan {
  const finished = Boolean(crr.metadata.deletionTimestamp) || Boolean(crr.status?.completionTime);
  if (finished) {
    const writes: CrrWrite[] = (crr.metadata.finalizers ?? []).includes(CRR_UNREADY_ACQUIRED) ? [{ kind: 'releaseNotReady' }] : [];
    if (crr.metadata.deletionTimestamp) return { writes };
    if (crr.metadata.labels && Object.hasOwn(crr.metadata.labels, LABEL_CRR_ACTIVE)) return { writes: [...writes, { kind: 'removeActiveLabel' }] };
    const ttl = crr.spec.ttlSecondsAfterFinished;
    if (ttl === undefined || ttl === null) return { writes };
    const left = ttl * 1000 - (now - (timestampMillis(crr.status?.completionTime) ?? now));
    return left <= 0 ? { writes: [...writes, { kind: 'delete' }] } : { writes, requeueAfterMs: left };
  }
  if (!pod || pod.metadata.deletionTimestamp || (pod.metadata.uid ?? '') !== (crr.metadata.labels?.[LABEL_CRR_POD_UID] ?? '')) {
    return { writes: [{ kind: 'complete', message: CRR_MESSAGES.podGone }] };
  }
  const created = timestampMillis(crr.metadata.creationTimestamp) ?? now;
  let requeueAfterMs: number | undefined;
  const wait = (ms: number) => {
    requeueAfterMs = requeueAfterMs === undefined ? ms : Math.min(requeueAfterMs, ms);
  };
  if ((crr.status?.phase ?? '') === '') {
    const left = DAEMON_RESPONSE_TIMEOUT_MS - (now - created);
    if (left <= 0) return { writes: [{ kind: 'complete', message: CRR_MESSAGES.daemonSilent }] };
    wait(left);
  }
  const deadline = crr.spec.activeDeadlineSeconds;
  if (deadline !== undefined && deadline !== null) {
    const left = deadline * 1000 - (now - created);
    if (left <= 0) return { writes: [{ kind: 'complete', message: CRR_MESSAGES.deadline }] };
    wait(left);
  }
  const done = (writes: CrrWrite[]): CrrPlan => (requeueAfterMs === undefined ? { writes } : { writes, requeueAfterMs });
  if (crr.status?.phase !== 'Recreating') return done([]);
  const writes: CrrWrite[] = [];
  const value = JSON.stringify(syncedContainerStatuses(crr, pod));
  if (crr.metadata.annotations?.[ANNOTATION_CRR_SYNC_CONTAINER_STATUSES] !== value) writes.push({ kind: 'syncContainerStatuses', value });
  const grace = crr.spec.strategy?.unreadyGracePeriodSeconds;
  if (grace !== undefined && grace !== null && !crr.metadata.annotations?.[CRR_UNREADY_ACQUIRED]) writes.push({ kind: 'acquireNotReady' });
  return done(writes);
}

/**
 * docs/spec/image-pull.md §7.1 step 7: for each container of the request, in order, whose pod status is running and started at
 * or after the request's creation. Go's field order: name, ready, restartCount, containerID (omitempty).
 */
export function syncedContainerStatuses(crr: ContainerRecreateRequest, pod: Pod): ContainerRecreateRequestSyncContainerStatus[] {
  const created = timestampMillis(crr.metadata.creationTimestamp) ?? 0;
  const statuses = Array.isArray(pod.status?.containerStatuses) ? pod.status.containerStatuses : [];
  const synced: ContainerRecreateRequestSyncContainerStatus[] = [];
  for (const c of crr.spec.containers) {
    const status = statuses.find((s) => s?.name === c.name);
    const startedAt = timestampMillis(status?.state?.running?.startedAt);
    if (!status || startedAt === undefined || startedAt < created) continue;
    synced.push({ name: status.name, ready: status.ready === true, restartCount: status.restartCount ?? 0, ...(status.containerID ? { containerID: status.containerID } : {}) });
  }
  return synced;
}
