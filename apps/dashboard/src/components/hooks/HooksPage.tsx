'use client';
// Every pod waiting on a lifecycle hook, for the teams that acknowledge them (hook-ackers see only
// this page) and for anyone following a rollout: filtered by namespace, hook and text (kept in the
// URL); Acknowledge, with a reason, where the token may ack.
import Link from 'next/link';
import { useMemo, useState } from 'react';
import type { HookPoint } from '../../lib/api/types';
import { can } from '../../lib/auth/roles';
import { age } from '../../lib/format';
import { filterHooks, HOOK_POINTS, hookFilterFromQuery, hookFilterToQuery, type HookFilter } from '../../lib/hooks/filter';
import { workloadHref } from '../../lib/kinds';
import { ConfirmDialog, type ConfirmRequest } from '../common/ConfirmDialog';
import { useNow } from '../common/useNow';
import { useUrlFilter } from '../common/useUrlFilter';
import { useSession } from '../session/SessionProvider';
import { ackHook } from '../workload/mutations';
import { ackRequest } from './ackRequest';
import { usePendingHooks } from './usePendingHooks';
import { FilterSelect } from '../common/FilterSelect';
import { ErrorAlert } from '../common/ErrorAlert';
import { SearchField } from '../common/SearchField';
import { usePageTitle } from '../common/usePageTitle';

export function HooksPage() {
  const { http, session } = useSession();
  const { hooks, error, reload } = usePendingHooks();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [filter, set] = useUrlFilter<HookFilter>(hookFilterFromQuery, hookFilterToQuery);
  const now = useNow(5000);
  const rows = useMemo(() => (hooks ?? []).map((h) => ({ ...h, workload: h.workload.name, ref: h.workload })), [hooks]);
  const shown = useMemo(() => filterHooks(rows, filter), [rows, filter]);
  const namespaces = useMemo(
    () => [...new Set([...rows.map((h) => h.namespace), ...(filter.namespace ? [filter.namespace] : [])])].sort(),
    [rows, filter.namespace],
  );

  usePageTitle('Pending hooks');

  function ask(namespace: string, pod: string, hook: HookPoint) {
    setRequest(ackRequest(pod, hook, (key, reason) => ackHook(http, namespace, pod, hook, key, reason)));
  }

  return (
    <main className="page">
      <h1>Pending hooks</h1>
      <p className="muted">Pods waiting for a lifecycle hook to be acknowledged, oldest first. Refreshed every 2 seconds.</p>
      <div className="filters" role="search">
        <FilterSelect label="Namespace" name="namespace" value={filter.namespace} choices={namespaces} onChange={(namespace) => set({ namespace })} />
        <FilterSelect label="Hook" name="hook" value={filter.hook} choices={HOOK_POINTS} onChange={(hook) => set({ hook })} />
        <SearchField placeholder="pod, workload, node, zone or IP" value={filter.text} onChange={(text) => set({ text })} />
      </div>
      <ErrorAlert error={error} />
      {hooks === null && !error && <p className="muted">Loading…</p>}
      {hooks !== null && (
        <div className="table-wrap">
          <table data-testid="pending-hooks">
            <thead>
              <tr>
                <th>NAMESPACE</th>
                <th>POD</th>
                <th>WORKLOAD</th>
                <th>HOOK</th>
                <th>STATE</th>
                <th>WAITING</th>
                <th>NODE</th>
                <th>ZONE</th>
                <th>IP</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {shown.map((h) => (
                <tr key={`${h.namespace}/${h.pod}/${h.hook}`} data-pod={h.pod}>
                  <td>{h.namespace}</td>
                  <td className="mono">{h.pod}</td>
                  <td>
                    {can(session, 'read') ? (
                      <Link href={workloadHref({ kind: h.ref.kind, namespace: h.namespace, name: h.ref.name })}>{h.ref.name}</Link>
                    ) : (
                      h.ref.name
                    )}
                  </td>
                  <td>{h.hook}</td>
                  <td>{h.state}</td>
                  <td>{age(h.since, now)}</td>
                  <td>{h.node ?? '-'}</td>
                  <td>{h.zone ?? '-'}</td>
                  <td>{h.podIP ?? '-'}</td>
                  <td>
                    {can(session, 'ack', h.namespace) && (
                      <button type="button" onClick={() => ask(h.namespace, h.pod, h.hook)}>
                        Acknowledge…
                      </button>
                    )}
                  </td>
                </tr>
              ))}
              {hooks.length === 0 && (
                <tr>
                  <td colSpan={10} className="muted">
                    No pod waits on a hook.
                  </td>
                </tr>
              )}
              {hooks.length > 0 && shown.length === 0 && (
                <tr>
                  <td colSpan={10} className="muted">
                    {hooks.length} pending, none matches these filters.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        request={request}
        onClose={() => {
          setRequest(null);
          reload();
        }}
      />
    </main>
  );
}
