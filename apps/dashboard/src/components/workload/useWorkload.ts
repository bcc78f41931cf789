'use client';
// One workload, live. workloadChanged carries spec, status and health: merged at once (progress,
// partition, badge). Revisions, events and the plan are derived data: reloaded at most once a second
// while changes arrive, less often when the API is slow to compute them (ReloadPace). The plan comes in
// a request of its own, so the page (and its first pods) paints without waiting for the planner.
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../lib/api/errors';
import { WorkloadChangedDocument, WorkloadDocument, WorkloadPlanDocument } from '../../lib/api/generated';
import type { RolloutPlan, WorkloadDetail, WorkloadKind, Workload } from '../../lib/api/types';
import { serverClock } from '../../lib/clock/server-clock';
import { ReloadPace } from '../../lib/live/reload-pace';
import { useSession } from '../session/SessionProvider';

const RELOAD_MIN_MS = 1000;

export interface WorkloadState {
  workload: WorkloadDetail | null;
  /** Null until the first plan arrives. */
  plan: RolloutPlan | null;
  missing: boolean;
  error: string | null;
  reload(): void;
}

/** The detail with newer workload fields (from the socket) laid over it. */
function withLatest(detail: WorkloadDetail, latest: Workload): WorkloadDetail {
  return { ...detail, ...latest } as WorkloadDetail;
}

export function useWorkload(kind: WorkloadKind, namespace: string, name: string): WorkloadState {
  const { http, live, state } = useSession();
  const [workload, setWorkload] = useState<WorkloadDetail | null>(null);
  const [plan, setPlan] = useState<{ plan: RolloutPlan; resourceVersion: number } | null>(null);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reloadRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (state !== 'ready') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const pace = new ReloadPace(RELOAD_MIN_MS);

    const vars = { kind, namespace, name };
    async function loadDetail() {
      const data = await http.request(WorkloadDocument, vars);
      if (stopped) return;
      setMissing(data.workload === null);
      // A status newer than this answer may already have arrived over the socket: keep the newer one.
      setWorkload((current) => {
        if (!data.workload) return null;
        if (current && Number(current.resourceVersion) > Number(data.workload.resourceVersion)) return withLatest(data.workload, current);
        return data.workload;
      });
    }
    async function loadPlan() {
      const sentAt = Date.now();
      const data = await http.request(WorkloadPlanDocument, vars);
      serverClock.note(data.serverTime, sentAt, Date.now());
      if (stopped || !data.workload) return;
      const next = { plan: data.workload.plan, resourceVersion: Number(data.workload.resourceVersion) };
      // Answers may cross: an older plan never replaces a newer one.
      setPlan((current) => (current && current.resourceVersion > next.resourceVersion ? current : next));
    }
    async function load() {
      pace.started(Date.now());
      const results = await Promise.allSettled([loadDetail(), loadPlan()]);
      pace.finished(Date.now());
      if (stopped) return;
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      setError(failed ? describeError(failed.reason, `load ${namespace}/${name}`) : null);
    }
    const reloadSoon = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void load();
      }, pace.delay(Date.now()));
    };
    reloadRef.current = () => void load();

    void load();
    const unsubscribe = live.subscribe(WorkloadChangedDocument, { kind, namespace, name }, ({ workloadChanged: w }) => {
      setWorkload((current) => (current && Number(w.resourceVersion) >= Number(current.resourceVersion) ? withLatest(current, w) : current));
      reloadSoon();
    });
    const offReconnect = live.onReconnect(() => void load());
    // A quiet rollout still moves (minReadySeconds, plan blockers): refresh now and then.
    const poll = setInterval(() => void load(), 15_000);
    return () => {
      stopped = true;
      unsubscribe();
      offReconnect();
      clearInterval(poll);
      if (timer) clearTimeout(timer);
    };
  }, [http, live, state, kind, namespace, name]);

  const reload = useCallback(() => reloadRef.current(), []);
  return { workload, plan: plan?.plan ?? null, missing, error, reload };
}
