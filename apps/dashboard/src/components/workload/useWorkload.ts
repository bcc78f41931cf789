'use client';
// One workload, live. workloadChanged carries spec, status and health: merged at once (progress,
// partition, badge). Plan, revisions and events are derived data: reloaded at most once a second while
// changes arrive, less often when the API is slow to compute them (ReloadPace).
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../lib/api/errors';
import { WorkloadChangedDocument, WorkloadDocument } from '../../lib/api/generated';
import type { WorkloadDetail, WorkloadKind, WorkloadSummary } from '../../lib/api/types';
import { ReloadPace } from '../../lib/live/reload-pace';
import { useSession } from '../session/SessionProvider';

const RELOAD_MIN_MS = 1000;

export interface WorkloadState {
  workload: WorkloadDetail | null;
  missing: boolean;
  error: string | null;
  reload(): void;
}

/** The detail with a newer summary (from the socket) laid over it. */
function withSummary(detail: WorkloadDetail, summary: WorkloadSummary): WorkloadDetail {
  return { ...detail, ...summary } as WorkloadDetail;
}

export function useWorkload(kind: WorkloadKind, namespace: string, name: string): WorkloadState {
  const { http, live, state } = useSession();
  const [workload, setWorkload] = useState<WorkloadDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reloadRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (state !== 'ready') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const pace = new ReloadPace(RELOAD_MIN_MS);

    async function load() {
      pace.started(Date.now());
      try {
        const data = await http.request(WorkloadDocument, { kind, namespace, name });
        if (stopped) return;
        setMissing(data.workload === null);
        // A status newer than this answer may already have arrived over the socket: keep the newer one.
        setWorkload((current) => {
          if (!data.workload) return null;
          if (current && Number(current.resourceVersion) > Number(data.workload.resourceVersion)) return withSummary(data.workload, current);
          return data.workload;
        });
        setError(null);
      } catch (err) {
        if (!stopped) setError(describeError(err, `load ${namespace}/${name}`));
      } finally {
        pace.finished(Date.now());
      }
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
      setWorkload((current) => (current && Number(w.resourceVersion) >= Number(current.resourceVersion) ? withSummary(current, w) : current));
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
  return { workload, missing, error, reload };
}
