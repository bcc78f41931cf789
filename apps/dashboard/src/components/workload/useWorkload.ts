'use client';
// One workload, live. workloadChanged carries spec and status: merged at once (progress, partition,
// badge). Plan, revisions and events are derived data: reloaded at most once a second while changes
// arrive, less often when the API is slow to compute them (ReloadPace). Each status seen becomes a
// sample of the rollout chart.
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../lib/api/errors';
import { WORKLOAD, WORKLOAD_CHANGED } from '../../lib/api/queries';
import type { WorkloadDetail, WorkloadKind, WorkloadSummary } from '../../lib/api/types';
import { ReloadPace } from '../../lib/live/reload-pace';
import { appendSample, sampleOf, type Sample } from '../../lib/live/series';
import { useSession } from '../session/SessionProvider';

const RELOAD_MIN_MS = 1000;

export interface WorkloadState {
  workload: WorkloadDetail | null;
  missing: boolean;
  error: string | null;
  series: Sample[];
  reload(): void;
}

export function useWorkload(kind: WorkloadKind, namespace: string, name: string): WorkloadState {
  const { http, live, state } = useSession();
  const [workload, setWorkload] = useState<WorkloadDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [series, setSeries] = useState<Sample[]>([]);
  const reloadRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (state !== 'ready') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const pace = new ReloadPace(RELOAD_MIN_MS);
    const record = (w: WorkloadSummary) => setSeries((s) => appendSample(s, sampleOf(Date.now(), w.replicas, w.status)));

    async function load() {
      pace.started(Date.now());
      try {
        const data = await http.request<{ workload: WorkloadDetail | null }>(WORKLOAD, { kind, namespace, name });
        if (stopped) return;
        setMissing(data.workload === null);
        // A status newer than this answer may already have arrived over the socket: keep the newer one.
        setWorkload((current) => {
          if (!data.workload) return null;
          if (current && Number(current.resourceVersion) > Number(data.workload.resourceVersion)) {
            return { ...data.workload, ...pickSummary(current) };
          }
          return data.workload;
        });
        if (data.workload) record(data.workload);
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
    const unsubscribe = live.subscribe<{ workloadChanged: WorkloadSummary }>(WORKLOAD_CHANGED, { kind, namespace, name }, ({ workloadChanged: w }) => {
      setWorkload((current) => (current && Number(w.resourceVersion) >= Number(current.resourceVersion) ? { ...current, ...pickSummary(w) } : current));
      record(w);
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
  return { workload, missing, error, series, reload };
}

function pickSummary(w: WorkloadSummary): WorkloadSummary {
  const { kind, namespace, name, uid, generation, resourceVersion, replicas, images, createdAt, updateStrategy, status } = w;
  return { kind, namespace, name, uid, generation, resourceVersion, replicas, images, createdAt, updateStrategy, status };
}
