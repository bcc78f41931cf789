'use client';
// Pods of this workload waiting on a lifecycle hook, oldest first, with a filter (hook point, text) and
// an Acknowledge button that asks for the ack's reason, for roles that may ack.
import { memo, useState } from 'react';
import type { HookPoint } from '../../lib/api/types';
import { can, type Session } from '../../lib/auth/roles';
import { age } from '../../lib/format';
import { filterHooks, HOOK_POINTS, NO_HOOK_FILTER, type HookFilter } from '../../lib/hooks/filter';
import type { PodStore } from '../../lib/live/pod-store';
import type { ConfirmRequest } from '../common/ConfirmDialog';
import { useNow } from '../common/useNow';
import { ackRequest } from '../hooks/ackRequest';
import type { Mutations } from './mutations';
import { usePodSnapshot } from './usePodSnapshot';
import { FilterSelect } from '../common/FilterSelect';
import { SearchField } from '../common/SearchField';

const SHOWN = 200;

function HooksPanelView({
  store,
  namespace,
  session,
  m,
  onRequest,
}: {
  store: PodStore;
  namespace: string;
  session: Session | null;
  m: Mutations;
  onRequest(r: ConfirmRequest): void;
}) {
  const pods = usePodSnapshot(store);
  const now = useNow(5000);
  const [filter, setFilter] = useState<HookFilter>(NO_HOOK_FILTER);
  const pending = pods
    .filter((p) => p.pendingHook)
    .sort((a, b) => (a.pendingSince ?? '').localeCompare(b.pendingSince ?? ''))
    .map((p) => ({ ...p, namespace, pod: p.name, hook: p.pendingHook! }));
  const shown = filterHooks(pending, filter);
  const mayAck = can(session, 'ack', namespace);

  function ask(pod: string, hook: HookPoint) {
    onRequest(ackRequest(pod, hook, (key, reason) => m.ackHook(pod, hook, key, reason)));
  }

  return (
    <section className="card hooks" aria-labelledby="hooks-title" data-testid="hooks">
      <h2 id="hooks-title">
        Pending hooks <span className="muted">({pending.length})</span>
      </h2>
      {!mayAck && (
        <p className="muted small">
          {session?.source === 'assumed' ? 'This API has no sign-in yet, so hook acknowledgement is not available.' : 'Your role cannot acknowledge hooks.'}
        </p>
      )}
      {pending.length === 0 ? (
        <p className="muted">No pod waits on a hook.</p>
      ) : (
        <>
          <div className="filters" role="search">
            <FilterSelect label="Hook" name="hook-point" value={filter.hook} choices={HOOK_POINTS} onChange={(hook) => setFilter((f) => ({ ...f, hook }))} />
            <SearchField
              label="Filter"
              name="hook-filter"
              placeholder="pod, node, zone or IP"
              value={filter.text}
              onChange={(text) => setFilter((f) => ({ ...f, text }))}
            />
          </div>
          <table>
            <thead>
              <tr>
                <th>POD</th>
                <th>HOOK</th>
                <th>WAITING</th>
                <th>NODE</th>
                <th>IP</th>
                <th>STATE</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {shown.slice(0, SHOWN).map((p) => (
                <tr key={p.name} data-pod={p.name}>
                  <td className="mono">{p.name}</td>
                  <td>{p.pendingHook}</td>
                  <td>{age(p.pendingSince, now)}</td>
                  <td>{p.node ?? '-'}</td>
                  <td>{p.podIP ?? '-'}</td>
                  <td>{p.lifecycleState}</td>
                  <td>
                    {mayAck && (
                      <button type="button" onClick={() => ask(p.name, p.hook)}>
                        Acknowledge…
                      </button>
                    )}
                  </td>
                </tr>
              ))}
              {shown.length === 0 && (
                <tr>
                  <td colSpan={7} className="muted">
                    None matches this filter.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          {shown.length > SHOWN && <p className="muted small">and {shown.length - SHOWN} more: narrow the filter.</p>}
        </>
      )}
    </section>
  );
}

/** Memoised: the page re-renders on every workload status event; this re-renders only when its own inputs change. */
export const HooksPanel = memo(HooksPanelView);
