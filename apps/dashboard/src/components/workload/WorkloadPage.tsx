'use client';
// One workload: progress, chart, plan, actions, pod grid and list, hooks, revisions, events, all live.
import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WorkloadKind } from '../../lib/api/types';
import { can } from '../../lib/auth/roles';
import { revisionColors } from '../../lib/grid/colors';
import { kindLabel } from '../../lib/kinds';
import { containersOf } from '../../lib/rollout/containers';
import { progressOf } from '../../lib/rollout/progress';
import { badgeOf } from '../../lib/rollout/status-badge';
import { ConfirmDialog, type ConfirmRequest } from '../common/ConfirmDialog';
import { StatusBadge } from '../common/StatusBadge';
import { useSession } from '../session/SessionProvider';
import { RoleNotice } from '../session/RoleNotice';
import { ActionsPanel } from './ActionsPanel';
import { EventsTimeline } from './EventsTimeline';
import { GridLegend } from './GridLegend';
import { HooksPanel } from './HooksPanel';
import { mutationsFor } from './mutations';
import { PlanPanel } from './PlanPanel';
import { PodGrid } from './PodGrid';
import { PodTable } from './PodTable';
import { RevisionsPanel } from './RevisionsPanel';
import { RolloutChart } from './RolloutChart';
import { RolloutProgress } from './RolloutProgress';
import { usePods } from './usePods';
import { useWorkload } from './useWorkload';

export function WorkloadPage(props: { kind: WorkloadKind; namespace: string; name: string }) {
  const { session } = useSession();
  if (session && !can(session, 'read')) return <RoleNotice session={session} what="workloads" />;
  return <Workload {...props} />;
}

function Workload({ kind, namespace, name }: { kind: WorkloadKind; namespace: string; name: string }) {
  const { http, session } = useSession();
  const { workload: w, missing, error, series, reload } = useWorkload(kind, namespace, name);
  const pods = usePods(kind, namespace, name);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const m = useMemo(() => mutationsFor(http, { kind, namespace, name }), [http, kind, namespace, name]);
  const colors = useMemo(() => revisionColors(w?.revisions ?? []), [w?.revisions]);
  const containers = useMemo(() => (w ? containersOf(w.manifest) : []), [w?.manifest]);
  const toggle = useCallback((pod: string) => setSelected((s) => {
    const next = new Set(s);
    if (next.has(pod)) next.delete(pod);
    else next.add(pod);
    return next;
  }), []);
  const showPods = useCallback((list: string[]) => {
    setHighlighted(new Set(list));
    gridRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (list.length === 1) document.getElementById(`pod-${list[0]}`)?.scrollIntoView({ block: 'nearest' });
  }, []);

  useEffect(() => {
    document.title = `${name} · Coxswain`;
  }, [name]);

  if (missing) return <main className="page"><p className="error" role="alert">{kindLabel(kind)} {namespace}/{name} does not exist (any more). <Link href="/">Back to the workloads</Link></p></main>;
  if (!w) return <main className="page">{error ? <p className="error" role="alert">{error}</p> : <p className="muted">Loading {namespace}/{name}…</p>}</main>;

  const progress = progressOf(w);
  const mayRollout = can(session, 'rollout', namespace);
  return (
    <main className="page workload">
      <nav className="crumbs"><Link href="/">Workloads</Link> / {namespace}</nav>
      <h1>
        {kindLabel(w.kind)} <span className="mono">{namespace}/{name}</span> <StatusBadge badge={badgeOf(w)} />
      </h1>
      <p className="muted">
        generation {w.generation} (observed {w.status.observedGeneration}) · images {w.images.join(', ')} · {strategyLine(w.updateStrategy)}
      </p>
      {error && <p className="error" role="alert">{error}</p>}
      <div className="two">
        <RolloutProgress p={progress} currentRevision={w.status.currentRevision} updateRevision={w.status.updateRevision} />
        <RolloutChart series={series} />
      </div>
      <PlanPanel plan={w.plan} replicas={w.replicas} onShowPods={showPods} />
      {mayRollout && (
        <ActionsPanel
          workload={w}
          plan={w.plan}
          containers={containers}
          selected={[...selected]}
          m={m}
          onRequest={setRequest}
          onConflict={reload}
          onDeleted={() => setSelected(new Set())}
        />
      )}
      <section className="card pods" aria-labelledby="pods-title" ref={gridRef}>
        <h2 id="pods-title">Pods <span className="muted">by zone and node</span>{pods.loading && <span className="muted small"> loading…</span>}</h2>
        {pods.error && <p className="error" role="alert">{pods.error}</p>}
        <GridLegend store={pods.store} revisions={w.revisions} colors={colors} />
        {highlighted.size > 0 && (
          <p className="note">Highlighted {highlighted.size} pod{highlighted.size === 1 ? '' : 's'} from the plan. <button type="button" className="link" onClick={() => setHighlighted(new Set())}>Clear</button></p>
        )}
        <PodGrid store={pods.store} colors={colors} selected={selected} highlighted={highlighted} onToggle={toggle} />
        <PodTable store={pods.store} colors={colors} selected={selected} highlighted={highlighted} onToggle={toggle} onSelectAll={(list) => setSelected(new Set(list))} />
      </section>
      <HooksPanel store={pods.store} namespace={namespace} session={session} m={m} onRequest={setRequest} />
      <RevisionsPanel workload={w} revisions={w.revisions} colors={colors} mayRollback={mayRollout} m={m} onRequest={setRequest} />
      <EventsTimeline events={w.events} />
      <ConfirmDialog request={request} onClose={(done) => { setRequest(null); if (done) reload(); }} />
    </main>
  );
}

function strategyLine(s: Parameters<typeof progressOf>[0]['updateStrategy']): string {
  const r = s?.rollingUpdate ?? {};
  return `${s?.type ?? 'RollingUpdate'} ${r.podUpdatePolicy ?? 'ReCreate'}, maxUnavailable ${r.maxUnavailable ?? s?.maxUnavailable ?? '20%'}, maxSurge ${r.maxSurge ?? s?.maxSurge ?? 0}`;
}
