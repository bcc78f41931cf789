'use client';
// Every pod waiting on a lifecycle hook, for the teams that acknowledge them (hook-ackers see only
// this page) and for anyone following a rollout. Acknowledge appears where the token may ack.
import { useEffect, useState } from 'react';
import Link from 'next/link';
import type { HookPoint } from '../../lib/api/types';
import { can } from '../../lib/auth/roles';
import { age } from '../../lib/format';
import { workloadHref } from '../../lib/kinds';
import { confirmAck } from '../../lib/rollout/confirm-words';
import { ConfirmDialog, type ConfirmRequest } from '../common/ConfirmDialog';
import { useNow } from '../common/useNow';
import { useSession } from '../session/SessionProvider';
import { ackHook } from '../workload/mutations';
import { usePendingHooks } from './usePendingHooks';

export function HooksPage() {
  const { http, session } = useSession();
  const { hooks, error, reload } = usePendingHooks();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const now = useNow(5000);

  useEffect(() => {
    document.title = 'Pending hooks · Coxswain';
  }, []);

  function ask(namespace: string, pod: string, hook: HookPoint) {
    const key = crypto.randomUUID(); // one key per confirmation: a retry replays, never acks twice
    setRequest({
      title: `Acknowledge ${hook}`,
      body: confirmAck(pod, hook),
      confirmLabel: 'Acknowledge',
      action: `acknowledge the ${hook} hook of ${pod}`,
      run: () => ackHook(http, namespace, pod, hook, key, 'acknowledged from the dashboard'),
    });
  }

  return (
    <main className="page">
      <h1>Pending hooks</h1>
      <p className="muted">Pods waiting for a lifecycle hook to be acknowledged, oldest first. Refreshed every 2 seconds.</p>
      {error && <p className="error" role="alert">{error}</p>}
      {hooks === null && !error && <p className="muted">Loading…</p>}
      {hooks !== null && (
        <div className="table-wrap">
          <table data-testid="pending-hooks">
            <thead><tr><th>NAMESPACE</th><th>POD</th><th>WORKLOAD</th><th>HOOK</th><th>STATE</th><th>WAITING</th><th>NODE</th><th>ZONE</th><th>IP</th><th /></tr></thead>
            <tbody>
              {hooks.map((h) => (
                <tr key={`${h.namespace}/${h.pod}/${h.hook}`} data-pod={h.pod}>
                  <td>{h.namespace}</td>
                  <td className="mono">{h.pod}</td>
                  <td>{can(session, 'read') ? <Link href={workloadHref({ kind: h.workload.kind, namespace: h.namespace, name: h.workload.name })}>{h.workload.name}</Link> : h.workload.name}</td>
                  <td>{h.hook}</td>
                  <td>{h.state}</td>
                  <td>{age(h.since, now)}</td>
                  <td>{h.node ?? '-'}</td>
                  <td>{h.zone ?? '-'}</td>
                  <td>{h.podIP ?? '-'}</td>
                  <td>{can(session, 'ack', h.namespace) && <button type="button" onClick={() => ask(h.namespace, h.pod, h.hook)}>Acknowledge…</button>}</td>
                </tr>
              ))}
              {hooks.length === 0 && <tr><td colSpan={10} className="muted">No pod waits on a hook.</td></tr>}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog request={request} onClose={() => { setRequest(null); reload(); }} />
    </main>
  );
}
