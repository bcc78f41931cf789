'use client';
// Pods waiting on a lifecycle hook, oldest first, with an Acknowledge button for roles that may ack.
// The idempotency key is made when the confirmation opens, so pressing again after a network error
// retries the same acknowledgement instead of making a second one.
import { useSyncExternalStore } from 'react';
import type { HookPoint } from '../../lib/api/types';
import { can, type Session } from '../../lib/auth/roles';
import { age } from '../../lib/format';
import type { PodStore } from '../../lib/live/pod-store';
import { confirmAck } from '../../lib/rollout/confirm-words';
import type { ConfirmRequest } from '../common/ConfirmDialog';
import { useNow } from '../common/useNow';
import type { Mutations } from './mutations';

export function HooksPanel({ store, namespace, session, m, onRequest }: { store: PodStore; namespace: string; session: Session | null; m: Mutations; onRequest(r: ConfirmRequest): void }) {
  useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  const now = useNow(5000);
  const pending = store.snapshot().filter((p) => p.pendingHook)
    .sort((a, b) => (a.pendingSince ?? '').localeCompare(b.pendingSince ?? ''));
  const mayAck = can(session, 'ack', namespace);

  function ask(pod: string, hook: HookPoint) {
    const key = crypto.randomUUID();
    onRequest({
      title: `Acknowledge ${hook}`,
      body: confirmAck(pod, hook),
      confirmLabel: 'Acknowledge',
      action: `acknowledge the ${hook} hook of ${pod}`,
      run: () => m.ackHook(pod, hook, key, 'acknowledged from the dashboard'),
    });
  }

  return (
    <section className="card hooks" aria-labelledby="hooks-title" data-testid="hooks">
      <h2 id="hooks-title">Pending hooks <span className="muted">({pending.length})</span></h2>
      {!mayAck && (
        <p className="muted small">
          {session?.source === 'assumed' ? 'This API has no sign-in yet, so hook acknowledgement is not available.' : 'Your role cannot acknowledge hooks.'}
        </p>
      )}
      {pending.length === 0 ? <p className="muted">No pod waits on a hook.</p> : (
        <table>
          <thead><tr><th>POD</th><th>HOOK</th><th>WAITING</th><th>NODE</th><th>STATE</th><th /></tr></thead>
          <tbody>
            {pending.slice(0, 200).map((p) => (
              <tr key={p.name} data-pod={p.name}>
                <td className="mono">{p.name}</td>
                <td>{p.pendingHook}</td>
                <td>{age(p.pendingSince, now)}</td>
                <td>{p.node ?? '-'}</td>
                <td>{p.lifecycleState}</td>
                <td>{mayAck && <button type="button" onClick={() => ask(p.name, p.pendingHook!)}>Acknowledge…</button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pending.length > 200 && <p className="muted small">and {pending.length - 200} more (filter the pod list by hook name).</p>}
    </section>
  );
}
