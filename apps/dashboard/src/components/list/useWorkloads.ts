'use client';
// Every workload, live: changes from workloadChanged (spec, status, health, columns) are merged at
// once; additions and deletions come from a full reload at most every 2 s while changes keep arriving.
// The kinds this API runs controllers for (workloadKinds) come once: they decide the list's tables and
// the Kind filter.
import { useEffect, useState } from 'react';
import { describeError } from '../../lib/api/errors';
import { WorkloadChangedDocument, WorkloadKindsDocument, WorkloadsDocument, type WorkloadsQuery } from '../../lib/api/generated';
import type { WorkloadKindInfo, Workload } from '../../lib/api/types';
import { ReloadPace } from '../../lib/live/reload-pace';
import { useSession } from '../session/SessionProvider';

const RELOAD_MIN_MS = 2000;

export interface WorkloadsState {
  rows: Workload[] | null;
  kinds: WorkloadKindInfo[] | null;
  error: string | null;
}

export function useWorkloads(): WorkloadsState {
  const { http, live, state } = useSession();
  const [rows, setRows] = useState<Workload[] | null>(null);
  const [kinds, setKinds] = useState<WorkloadKindInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (state !== 'ready') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const pace = new ReloadPace(RELOAD_MIN_MS);

    http.request(WorkloadKindsDocument).then(
      (data) => !stopped && setKinds(data.workloadKinds),
      (err: unknown) => !stopped && setError(describeError(err, 'list the workload kinds')),
    );

    async function load() {
      pace.started(Date.now());
      try {
        const all: Workload[] = [];
        let after: string | null = null;
        do {
          const page: WorkloadsQuery = await http.request(WorkloadsDocument, { after });
          all.push(...page.workloads.edges.map((e) => e.node));
          after = page.workloads.pageInfo.hasNextPage ? (page.workloads.pageInfo.endCursor ?? null) : null;
        } while (after);
        if (!stopped) {
          setRows(all);
          setError(null);
        }
      } catch (err) {
        if (!stopped) setError(describeError(err, 'load the workloads'));
      } finally {
        pace.finished(Date.now());
      }
    }

    function reloadSoon() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void load();
      }, pace.delay(Date.now()));
    }

    void load();
    const unsubscribe = live.subscribe(WorkloadChangedDocument, {}, ({ workloadChanged: w }) => {
      setRows((current) => current?.map((r) => (r.uid === w.uid && Number(w.resourceVersion) >= Number(r.resourceVersion) ? w : r)) ?? current);
      reloadSoon();
    });
    const offReconnect = live.onReconnect(() => void load());
    const poll = setInterval(() => void load(), 30_000);
    return () => {
      stopped = true;
      unsubscribe();
      offReconnect();
      clearInterval(poll);
      if (timer) clearTimeout(timer);
    };
  }, [http, live, state]);

  return { rows, kinds, error };
}
