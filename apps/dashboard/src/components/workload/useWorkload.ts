'use client';
// One workload, live (useLiveQuery). workloadChanged carries spec, status and health: merged at once
// (progress, partition, badge). Revisions, events and the plan are derived data: reloaded at most once a
// second while changes arrive, less often when the API is slow to compute them (ReloadPace). The plan
// comes in a request of its own, so the page (and its first pods) paints without waiting for the planner.
import { WorkloadChangedDocument, WorkloadDocument, WorkloadPlanDocument } from '../../lib/api/generated';
import type { RolloutPlan, Workload, WorkloadDetail, WorkloadKind } from '../../lib/api/types';
import { serverClock } from '../../lib/clock/server-clock';
import { useLiveQuery } from '../common/useLiveQuery';

const RELOAD_MIN_MS = 1000;
/** A quiet rollout still moves (minReadySeconds, plan blockers): refresh now and then. */
const POLL_MS = 15_000;

export interface WorkloadState {
  workload: WorkloadDetail | null;
  /** Null until the first plan arrives. */
  plan: RolloutPlan | null;
  missing: boolean;
  error: string | null;
  reload(): void;
}

interface Loaded {
  workload: WorkloadDetail | null;
  /** The plan with the resourceVersion it was computed at: an older plan never replaces a newer one. */
  plan: { plan: RolloutPlan; resourceVersion: number } | null;
  missing: boolean;
}

const NOTHING: Loaded = { workload: null, plan: null, missing: false };

/** The detail with newer workload fields (from the socket) laid over it. */
function withLatest(detail: WorkloadDetail, latest: Workload): WorkloadDetail {
  return { ...detail, ...latest } as WorkloadDetail;
}

export function useWorkload(kind: WorkloadKind, namespace: string, name: string): WorkloadState {
  const { data, error, reload } = useLiveQuery<Loaded>(
    ({ http, live }) => {
      const vars = { kind, namespace, name };
      return {
        action: `load ${namespace}/${name}`,
        reloadMinMs: RELOAD_MIN_MS,
        pollMs: POLL_MS,
        async load(update) {
          const loadDetail = async () => {
            const answer = await http.request(WorkloadDocument, vars);
            // A status newer than this answer may already have arrived over the socket: keep the newer one.
            update((c) => {
              const current = c?.workload;
              const detail = answer.workload;
              const workload = !detail
                ? null
                : current && Number(current.resourceVersion) > Number(detail.resourceVersion)
                  ? withLatest(detail, current)
                  : detail;
              return { ...(c ?? NOTHING), missing: detail === null, workload };
            });
          };
          const loadPlan = async () => {
            const sentAt = Date.now();
            const answer = await http.request(WorkloadPlanDocument, vars);
            serverClock.note(answer.serverTime, sentAt, Date.now());
            if (!answer.workload) return;
            const next = { plan: answer.workload.plan, resourceVersion: Number(answer.workload.resourceVersion) };
            // Answers may cross: an older plan never replaces a newer one.
            update((c) => ({ ...(c ?? NOTHING), plan: c?.plan && c.plan.resourceVersion > next.resourceVersion ? c.plan : next }));
          };
          const results = await Promise.allSettled([loadDetail(), loadPlan()]);
          const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
          if (failed) throw failed.reason;
        },
        follow: (changed) =>
          live.subscribe(WorkloadChangedDocument, vars, ({ workloadChanged: w }) =>
            changed((c) =>
              c?.workload && Number(w.resourceVersion) >= Number(c.workload.resourceVersion) ? { ...c, workload: withLatest(c.workload, w) } : c,
            ),
          ),
      };
    },
    [kind, namespace, name],
  );
  return { workload: data?.workload ?? null, plan: data?.plan?.plan ?? null, missing: data?.missing ?? false, error, reload };
}
