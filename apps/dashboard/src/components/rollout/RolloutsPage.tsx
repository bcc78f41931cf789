'use client';
// Every Rollout the token may read (the rollouts query), each as on its workload's page but without its
// pods: phase and message, the steps, the analysis, approve / jump / abort and the history. It is where a
// rollout-approver token acts (such a token cannot read workloads, so it cannot open a workload's page).
// Live: rolloutChanged of the namespaces shown is laid over the loaded Rollouts (the newest wins); their
// history and new or deleted Rollouts come with a reload every 15 s and after each action.
import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { RolloutChangedDocument, RolloutsDocument } from '../../lib/api/generated';
import { allPages } from '../../lib/api/all-pages';
import type { KruiseRollout, RolloutWithHistory } from '../../lib/api/types';
import { latestRollout, withRolloutEvent, type RolloutOverlay } from '../../lib/kruise-rollout/summary-overlay';
import { can } from '../../lib/auth/roles';
import { kindLabel, workloadHref } from '../../lib/kinds';
import { workloadOf } from '../../lib/kruise-rollout/workload-ref';
import { ConfirmDialog, type ConfirmRequest } from '../common/ConfirmDialog';
import { useLiveQuery } from '../common/useLiveQuery';
import { useSession } from '../session/SessionProvider';
import { RolloutCard } from './RolloutPanel';
import { rolloutMutationsFor } from './rollout-mutations';
import { ErrorAlert } from '../common/ErrorAlert';
import { usePageTitle } from '../common/usePageTitle';
import { RoleGate } from '../session/RoleGate';

const POLL_MS = 15_000;

export function RolloutsPage() {
  return (
    <RoleGate what="Rollouts" may={(session) => can(session, 'read') || can(session, 'approve')}>
      <RolloutList />
    </RoleGate>
  );
}

function RolloutList() {
  const { http, live, session, state } = useSession();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const {
    data: loaded,
    error,
    reload,
  } = useLiveQuery<RolloutWithHistory[]>(
    ({ http }) => ({
      action: 'load the Rollouts',
      reloadMinMs: 1000,
      pollMs: POLL_MS,
      async load(update) {
        const all = await allPages(async (after) => (await http.request(RolloutsDocument, { after })).rollouts);
        update(() => all);
      },
      follow: () => () => {},
    }),
    [],
  );

  const namespaces = useMemo(() => [...new Set((loaded ?? []).map((r) => r.namespace))].sort().join(','), [loaded]);
  const [overlay, setOverlay] = useState<RolloutOverlay<KruiseRollout>>(() => new Map());
  useEffect(() => {
    if (state !== 'ready' || namespaces === '') return;
    const offs = namespaces
      .split(',')
      .map((namespace) =>
        live.subscribe(RolloutChangedDocument, { namespace }, ({ rolloutChanged: { type, rollout } }) => setOverlay((o) => withRolloutEvent(o, type, rollout))),
      );
    return () => offs.forEach((off) => off());
  }, [live, state, namespaces]);
  const rollouts = useMemo(
    () =>
      loaded?.flatMap((r) => {
        const latest = latestRollout<KruiseRollout>(r, overlay);
        return latest ? [{ ...latest, history: r.history }] : [];
      }) ?? null,
    [loaded, overlay],
  );

  usePageTitle('Rollouts');

  const mayRead = can(session, 'read');
  return (
    <main className="page">
      <h1>Rollouts</h1>
      <ErrorAlert error={error} />
      {rollouts === null && !error && <p className="muted">Loading the Rollouts…</p>}
      {rollouts?.length === 0 && <p className="muted">No Rollout{session?.namespaces?.length ? ` in ${session.namespaces.join(', ')}` : ''}.</p>}
      {rollouts?.map((r) => {
        const workload = workloadOf(r);
        const words = `${r.workloadRef.kind} ${r.workloadRef.name}`;
        return (
          <RolloutCard
            key={`${r.namespace}/${r.name}`}
            rollout={r}
            workload={words}
            session={session}
            m={rolloutMutationsFor(http, r.namespace, r.name)}
            onRequest={setRequest}
            batch={null}
            title={
              <>
                Rollout {r.namespace}/{r.name} <span className="muted small">releases</span>{' '}
                {workload && mayRead ? (
                  <Link href={workloadHref({ ...workload, namespace: r.namespace })}>
                    {kindLabel(workload.kind)} {workload.name}
                  </Link>
                ) : (
                  words
                )}
              </>
            }
          />
        );
      })}
      <ConfirmDialog
        request={request}
        onClose={(done) => {
          setRequest(null);
          if (done) reload();
        }}
      />
    </main>
  );
}
