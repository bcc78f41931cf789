'use client';
// The workload list: one table per kind this API runs (workloadKinds), each with kubectl's columns for
// that kind, plus namespace, images, the health badge with its reason in words (and where the Rollout that
// drives a workload stands), and a small progress bar; filters by namespace, kind, health and text, kept in the URL; live.
import Link from 'next/link';
import { useMemo } from 'react';
import type { WorkloadKindInfo, Workload } from '../../lib/api/types';
import { age } from '../../lib/format';
import { kindLabel, workloadHref } from '../../lib/kinds';
import { filterFromQuery, filterToQuery, filterWorkloads, namespacesOf, type WorkloadFilter } from '../../lib/rollout/filters';
import { rolloutWhere } from '../../lib/kruise-rollout/steps';
import { HEALTH_STATES, healthWord } from '../../lib/rollout/health';
import { progressOf } from '../../lib/rollout/progress';
import { MiniProgress } from '../common/MiniProgress';
import { StatusBadge } from '../common/StatusBadge';
import { useNow } from '../common/useNow';
import { useUrlFilter } from '../common/useUrlFilter';
import { useWorkloads } from './useWorkloads';
import { FilterSelect } from '../common/FilterSelect';
import { ErrorAlert } from '../common/ErrorAlert';
import { SearchField } from '../common/SearchField';
import { usePageTitle } from '../common/usePageTitle';
import { RoleGate } from '../session/RoleGate';

export function WorkloadList() {
  return (
    <RoleGate what="workloads">
      <WorkloadTables />
    </RoleGate>
  );
}

function WorkloadTables() {
  const { rows, kinds, error } = useWorkloads();
  const [filter, set] = useUrlFilter<WorkloadFilter>(filterFromQuery, filterToQuery);
  const now = useNow(5000);
  const namespaces = useMemo(() => namespacesOf(rows ?? []), [rows]);
  const shown = useMemo(() => filterWorkloads(rows ?? [], filter), [rows, filter]);
  // A namespace from the URL that has no workload (yet) stays selectable, so the filter reads true.
  const namespaceOptions = filter.namespace && !namespaces.includes(filter.namespace) ? [...namespaces, filter.namespace].sort() : namespaces;

  usePageTitle('Workloads');

  return (
    <main className="page">
      <h1>Workloads</h1>
      <div className="filters" role="search">
        <FilterSelect label="Namespace" name="namespace" value={filter.namespace} choices={namespaceOptions} onChange={(namespace) => set({ namespace })} />
        <FilterSelect
          label="Kind"
          name="kind"
          value={filter.kind}
          choices={(kinds ?? []).map((k) => ({ value: k.kind, label: k.clusterKind }))}
          onChange={(kind) => set({ kind })}
        />
        <FilterSelect
          label="Status"
          name="status"
          value={filter.state}
          choices={HEALTH_STATES.map((s) => ({ value: s, label: healthWord(s) }))}
          onChange={(state) => set({ state })}
        />
        <SearchField placeholder="name, namespace or image" value={filter.text} onChange={(text) => set({ text })} />
      </div>
      <ErrorAlert error={error} />
      {(rows === null || kinds === null) && !error && <p className="muted">Loading workloads…</p>}
      {rows !== null && kinds !== null && (
        <>
          {rows.length === 0 && (
            <p className="muted" data-testid="no-workloads">
              No workloads yet. Apply one with the applyManifest mutation.
            </p>
          )}
          {rows.length > 0 && shown.length === 0 && (
            <p className="muted" data-testid="no-match">
              No workload matches these filters.
            </p>
          )}
          {kinds.map((k) => {
            const ofKind = shown.filter((w) => w.kind === k.kind);
            return ofKind.length > 0 ? <KindTable key={k.kind} info={k} rows={ofKind} now={now} /> : null;
          })}
        </>
      )}
    </main>
  );
}

function KindTable({ info, rows, now }: { info: WorkloadKindInfo; rows: Workload[]; now: number }) {
  return (
    <section className="kind-table" aria-labelledby={`kind-${info.kind}`}>
      <h2 id={`kind-${info.kind}`}>
        {info.clusterKind}s <span className="muted small">{info.apiVersions[0]}</span>
      </h2>
      <div className="table-wrap">
        <table className="workloads" data-testid="workload-table" data-kind={info.kind}>
          <thead>
            <tr>
              <th>NAME</th>
              <th>KIND</th>
              <th>NAMESPACE</th>
              {info.columns.map((c) => (
                <th key={c} className="num">
                  {c}
                </th>
              ))}
              <th>IMAGES</th>
              <th>STATUS</th>
              <th>PROGRESS</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((w) => (
              <tr key={w.uid} data-workload={`${w.namespace}/${w.name}`} data-state={w.health.state}>
                <td>
                  <Link href={workloadHref(w)}>{w.name}</Link>
                </td>
                <td>{kindLabel(w.kind)}</td>
                <td>{w.namespace}</td>
                {info.columns.map((c) => (
                  <td key={c} className="num">
                    {c === 'AGE' ? age(w.createdAt, now) : (w.columns.find((x) => x.name === c)?.value ?? '')}
                  </td>
                ))}
                <td className="images">{w.images.join(', ')}</td>
                <td className="status">
                  <StatusBadge state={w.health.state} />
                  {w.health.state !== 'COMPLETE' && (
                    <span className="reason" data-testid="health-reason">
                      {w.health.reason}
                    </span>
                  )}
                  {w.rollout && (
                    <span className="rollout-where" data-testid="rollout-where">
                      {rolloutWhere(w.rollout)}
                    </span>
                  )}
                </td>
                <td>
                  <MiniProgress p={progressOf(w)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
