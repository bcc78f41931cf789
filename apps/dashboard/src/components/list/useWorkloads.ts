'use client';
// Every workload, live: status changes from workloadChanged are merged at once; plans (badges) and
// additions/deletions come from a full reload at most every 2 s while changes keep arriving.
import { useEffect, useState } from 'react';
import { describeError } from '../../lib/api/errors';
import { WORKLOAD_CHANGED, WORKLOADS } from '../../lib/api/queries';
import type { WorkloadRow, WorkloadSummary } from '../../lib/api/types';
import { ReloadPace } from '../../lib/live/reload-pace';
import { useSession } from '../session/SessionProvider';

const RELOAD_MIN_MS = 2000;

interface Page { workloads: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: WorkloadRow }[] } }

export function useWorkloads(): { rows: WorkloadRow[] | null; error: string | null } {
  const { http, live, state } = useSession();
  const [rows, setRows] = useState<WorkloadRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (state !== 'ready') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const pace = new ReloadPace(RELOAD_MIN_MS);

    async function load() {
      pace.started(Date.now());
      try {
        const all: WorkloadRow[] = [];
        let after: string | null = null;
        do {
          const page: Page = await http.request<Page>(WORKLOADS, { after });
          all.push(...page.workloads.edges.map((e) => e.node));
          after = page.workloads.pageInfo.hasNextPage ? page.workloads.pageInfo.endCursor : null;
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
    const unsubscribe = live.subscribe<{ workloadChanged: WorkloadSummary }>(WORKLOAD_CHANGED, {}, ({ workloadChanged: w }) => {
      setRows((current) => current?.map((r) => (r.uid === w.uid ? { ...r, ...w } : r)) ?? current);
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

  return { rows, error };
}
