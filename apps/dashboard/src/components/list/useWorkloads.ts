'use client';
// Every workload, live (useLiveQuery): changes from workloadChanged (spec, status, health, columns) are
// merged at once; additions and deletions come from a full reload at most every 2 s while changes keep
// arriving. The kinds this API runs controllers for (workloadKinds) come once: they decide the list's
// tables and the Kind filter. Where a Rollout stands changes without a workload event: rolloutChanged of
// the namespaces with a Rollout-driven workload is laid over the rows (lib/kruise-rollout/summary-overlay.ts).
import { useEffect, useMemo, useState } from 'react';
import { allPages } from '../../lib/api/all-pages';
import { describeError } from '../../lib/api/errors';
import { RolloutSummaryChangedDocument, WorkloadChangedDocument, WorkloadKindsDocument, WorkloadsDocument } from '../../lib/api/generated';
import { latestRollout, rolloutNamespaces, withRolloutEvent, type RolloutOverlay } from '../../lib/kruise-rollout/summary-overlay';
import type { Workload, WorkloadKindInfo } from '../../lib/api/types';
import { useLiveQuery } from '../common/useLiveQuery';
import { useSession } from '../session/SessionProvider';

const RELOAD_MIN_MS = 2000;
const POLL_MS = 30_000;

export interface WorkloadsState {
  rows: Workload[] | null;
  kinds: WorkloadKindInfo[] | null;
  error: string | null;
}

export function useWorkloads(): WorkloadsState {
  const { http, live, state } = useSession();
  const [kinds, setKinds] = useState<WorkloadKindInfo[] | null>(null);
  const [kindsError, setKindsError] = useState<string | null>(null);

  useEffect(() => {
    if (state !== 'ready') return;
    let stopped = false;
    http.request(WorkloadKindsDocument).then(
      (data) => !stopped && setKinds(data.workloadKinds),
      (err: unknown) => !stopped && setKindsError(describeError(err, 'list the workload kinds')),
    );
    return () => {
      stopped = true;
    };
  }, [http, state]);

  const { data: rows, error } = useLiveQuery<Workload[]>(
    ({ http, live }) => ({
      action: 'load the workloads',
      reloadMinMs: RELOAD_MIN_MS,
      pollMs: POLL_MS,
      async load(update) {
        const all = await allPages(async (after) => (await http.request(WorkloadsDocument, { after })).workloads);
        update(() => all);
      },
      follow: (changed) =>
        live.subscribe(WorkloadChangedDocument, {}, ({ workloadChanged: w }) =>
          changed((current) => current?.map((r) => (r.uid === w.uid && Number(w.resourceVersion) >= Number(r.resourceVersion) ? w : r)) ?? current),
        ),
    }),
    [],
  );

  const following = useMemo(() => rolloutNamespaces(rows ?? []).join(','), [rows]);
  const [overlay, setOverlay] = useState<RolloutOverlay>(() => new Map());
  useEffect(() => {
    if (state !== 'ready' || following === '') return;
    const offs = following
      .split(',')
      .map((namespace) =>
        live.subscribe(RolloutSummaryChangedDocument, { namespace }, ({ rolloutChanged: { type, rollout } }) =>
          setOverlay((o) => withRolloutEvent(o, type, rollout)),
        ),
      );
    return () => offs.forEach((off) => off());
  }, [live, state, following]);
  const shown = useMemo(() => rows?.map((w) => (w.rollout ? { ...w, rollout: latestRollout(w.rollout, overlay) } : w)) ?? null, [rows, overlay]);

  // The list's failure first; the kinds' stays shown while the list loads (the tables need both).
  return { rows: shown, kinds, error: error ?? kindsError };
}
