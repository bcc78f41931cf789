'use client';
// The workload list: kubectl's columns plus kind, namespace, images, a status badge and a small
// progress bar; filters by namespace, kind, status and text; live.
import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { age } from '../../lib/format';
import { KINDS, kindLabel, workloadHref } from '../../lib/kinds';
import { filterWorkloads, namespacesOf, NO_FILTER, type WorkloadFilter } from '../../lib/rollout/filters';
import { progressOf } from '../../lib/rollout/progress';
import { badgeOf } from '../../lib/rollout/status-badge';
import { MiniProgress } from '../common/MiniProgress';
import { StatusBadge } from '../common/StatusBadge';
import { useNow } from '../common/useNow';
import { useSession } from '../session/SessionProvider';
import { RoleNotice } from '../session/RoleNotice';
import { can } from '../../lib/auth/roles';
import { useWorkloads } from './useWorkloads';

const STATES = ['progressing', 'paused', 'blocked', 'complete'] as const;

export function WorkloadList() {
  const { session } = useSession();
  if (session && !can(session, 'read')) return <RoleNotice session={session} what="workloads" />;
  return <WorkloadTable />;
}

function WorkloadTable() {
  const { rows, error } = useWorkloads();
  const [filter, setFilter] = useState<WorkloadFilter>(NO_FILTER);
  const now = useNow(5000);
  const namespaces = useMemo(() => namespacesOf(rows ?? []), [rows]);
  const shown = useMemo(() => filterWorkloads(rows ?? [], filter), [rows, filter]);
  const set = (patch: Partial<WorkloadFilter>) => setFilter((f) => ({ ...f, ...patch }));

  useEffect(() => {
    document.title = 'Workloads · Coxswain';
  }, []);

  return (
    <main className="page">
      <h1>Workloads</h1>
      <div className="filters" role="search">
        <label>Namespace
          <select value={filter.namespace} onChange={(e) => set({ namespace: e.target.value })} name="namespace">
            <option value="">all</option>
            {namespaces.map((ns) => <option key={ns} value={ns}>{ns}</option>)}
          </select>
        </label>
        <label>Kind
          <select value={filter.kind} onChange={(e) => set({ kind: e.target.value as WorkloadFilter['kind'] })} name="kind">
            <option value="">all</option>
            {KINDS.map((k) => <option key={k} value={k}>{kindLabel(k)}</option>)}
          </select>
        </label>
        <label>Status
          <select value={filter.state} onChange={(e) => set({ state: e.target.value as WorkloadFilter['state'] })} name="status">
            <option value="">all</option>
            {STATES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <label className="grow">Search
          <input type="search" placeholder="name, namespace or image" value={filter.text} onChange={(e) => set({ text: e.target.value })} name="text" />
        </label>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {rows === null && !error && <p className="muted">Loading workloads…</p>}
      {rows !== null && (
        <div className="table-wrap">
          <table className="workloads" data-testid="workload-table">
            <thead>
              <tr>
                <th>NAME</th><th>KIND</th><th>NAMESPACE</th>
                <th className="num">DESIRED</th><th className="num">UPDATED</th><th className="num">UPDATED_READY</th>
                <th className="num">UPDATED_AVAILABLE</th><th className="num">READY</th><th className="num">TOTAL</th>
                <th className="num">AGE</th><th>IMAGES</th><th>STATUS</th><th>PROGRESS</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((w) => {
                const p = progressOf(w);
                return (
                  <tr key={w.uid} data-workload={`${w.namespace}/${w.name}`}>
                    <td><Link href={workloadHref(w)}>{w.name}</Link></td>
                    <td>{kindLabel(w.kind)}</td>
                    <td>{w.namespace}</td>
                    <td className="num">{w.replicas}</td>
                    <td className="num">{w.status.updatedReplicas}</td>
                    <td className="num">{w.status.updatedReadyReplicas}</td>
                    <td className="num">{w.status.updatedAvailableReplicas}</td>
                    <td className="num">{w.status.readyReplicas}</td>
                    <td className="num">{w.status.replicas}</td>
                    <td className="num">{age(w.createdAt, now)}</td>
                    <td className="images">{w.images.join(', ')}</td>
                    <td><StatusBadge badge={badgeOf(w)} /></td>
                    <td><MiniProgress p={p} /></td>
                  </tr>
                );
              })}
              {shown.length === 0 && (
                <tr><td colSpan={13} className="muted">{rows.length === 0 ? 'No workloads yet. Apply one with the applyManifest mutation.' : 'No workload matches these filters.'}</td></tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
