'use client';
// One workload, all live. What an SRE needs first comes first: its health with the reason and the
// pods concerned, an Advanced StatefulSet's pods by ordinal with the partition line, a
// UnitedDeployment's subsets (allocation, partition, schedulability, pods by zone and node), the
// revisions and their pods (as Argo Rollouts shows them), the plan in words and the actions; then
// progress and the chart, every pod by zone and node with the pod list, hooks, revision history and
// events.
import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isStatefulSet, isUnitedDeployment, subsetsOf, type Subset, type WorkloadKind } from '../../lib/api/types';
import { can } from '../../lib/auth/roles';
import { revisionColors, withStatusRevisions } from '../../lib/grid/colors';
import { kindLabel } from '../../lib/kinds';
import { containersOf } from '../../lib/rollout/containers';
import { mayPreDownload, preDownloadJobs } from '../../lib/images/predownload';
import { blockersByPod } from '../../lib/rollout/plan-words';
import { progressOf } from '../../lib/rollout/progress';
import { strategyLine } from '../../lib/rollout/strategy';
import { ConfirmDialog, type ConfirmRequest } from '../common/ConfirmDialog';
import { isReleasing } from '../../lib/kruise-rollout/steps';
import { RolloutPanel } from '../rollout/RolloutPanel';
import { rolloutMutationsFor } from '../rollout/rollout-mutations';
import { useWorkloadRollout } from '../rollout/useWorkloadRollout';
import { useSession } from '../session/SessionProvider';
import { SubsetsPanel } from '../subsets/SubsetsPanel';
import { ActionsPanel } from './actions/ActionsPanel';
import { askSubsetPartition } from './actions/subsetPartitionRequest';
import { EventsTimeline } from './EventsTimeline';
import { GridLegend } from './GridLegend';
import { HealthLine } from './HealthLine';
import { HooksPanel } from './HooksPanel';
import { mutationsFor } from './mutations';
import { OrdinalStrip } from './OrdinalStrip';
import { PlanPanel } from './PlanPanel';
import { PodGrid } from './PodGrid';
import { PodSelectionContext, usePodSelectionState } from './PodSelection';
import { PodTable } from './PodTable';
import { PreDownloadLine } from './PreDownloadLine';
import { RevisionPods } from './RevisionPods';
import { RevisionsPanel } from './RevisionsPanel';
import { RolloutChart } from './RolloutChart';
import { RolloutProgress } from './RolloutProgress';
import { usePreDownloadJobs } from './usePreDownloadJobs';
import { usePods } from './usePods';
import { useWorkload } from './useWorkload';
import { ErrorAlert } from '../common/ErrorAlert';
import { usePageTitle } from '../common/usePageTitle';
import { RoleGate } from '../session/RoleGate';

export function WorkloadPage(props: { kind: WorkloadKind; namespace: string; name: string }) {
  return (
    <RoleGate what="workloads">
      <WorkloadView {...props} />
    </RoleGate>
  );
}

const NO_REVISIONS: never[] = [];

function WorkloadView({ kind, namespace, name }: { kind: WorkloadKind; namespace: string; name: string }) {
  const { http, session } = useSession();
  const { workload: w, plan, missing, error, reload } = useWorkload(kind, namespace, name);
  const pods = usePods(kind, namespace, name);
  const { rollout, error: rolloutError, reload: reloadRollout } = useWorkloadRollout(kind, namespace, name);
  const rolloutName = rollout?.name ?? null;
  const rm = useMemo(() => (rolloutName === null ? null : rolloutMutationsFor(http, namespace, rolloutName)), [http, namespace, rolloutName]);
  const batch = rollout && isReleasing(rollout) ? (rollout.canaryStatus?.currentStepIndex ?? null) : null;
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const podsSection = useRef<HTMLElement>(null);
  const m = useMemo(() => mutationsFor(http, { kind, namespace, name }), [http, kind, namespace, name]);
  const revisions = w?.revisions ?? NO_REVISIONS;
  const subsets = useMemo(() => subsetsOf(w), [w]);
  const currentRevision = w?.status.currentRevision;
  const updateRevision = w?.status.updateRevision;
  const colors = useMemo(
    () =>
      revisionColors(
        withStatusRevisions(revisions, currentRevision !== undefined && updateRevision !== undefined ? { currentRevision, updateRevision } : undefined),
      ),
    [revisions, currentRevision, updateRevision],
  );
  const manifest = w?.manifest;
  const containers = useMemo(() => (manifest === undefined ? [] : containersOf(manifest)), [manifest]);
  const rollingOut = mayPreDownload(kind) && currentRevision !== undefined && currentRevision !== updateRevision;
  const namespaceJobs = usePreDownloadJobs(namespace, rollingOut);
  const status = w?.status;
  const predownload = useMemo(
    () => (status ? preDownloadJobs(namespaceJobs, { kind, name, status }, revisions) : []),
    [namespaceJobs, kind, name, status, revisions],
  );
  const blockers = useMemo(() => blockersByPod(plan?.blockers ?? []), [plan?.blockers]);
  const selection = usePodSelectionState(blockers, podsSection);

  usePageTitle(name);

  const mayRollout = can(session, 'rollout', namespace);
  // The latest workload and pods when the operator clicks, not when the rows last rendered.
  const latest = useRef(w);
  useEffect(() => {
    latest.current = w;
  }, [w]);
  const stepSubset = useCallback(
    (subset: Subset, next: number) => {
      if (latest.current)
        askSubsetPartition({ workload: latest.current, m, pods: () => pods.store.snapshot(), onRequest: setRequest, onConflict: reload }, subset, next);
    },
    [m, pods.store, reload],
  );

  if (missing)
    return (
      <main className="page">
        <p className="error" role="alert">
          {kindLabel(kind)} {namespace}/{name} does not exist (any more). <Link href="/">Back to the workloads</Link>
        </p>
      </main>
    );
  if (!w)
    return (
      <main className="page">
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : (
          <p className="muted">
            Loading {namespace}/{name}…
          </p>
        )}
      </main>
    );

  const progress = progressOf(w);
  const ud = isUnitedDeployment(w);
  return (
    <PodSelectionContext value={selection}>
      <main className="page workload">
        <nav className="crumbs">
          <Link href="/">Workloads</Link> / {namespace}
        </nav>
        <HealthLine workload={w} />
        <p className="muted">
          generation {w.generation} (observed {w.status.observedGeneration}) · images {w.images.join(', ')} ·{' '}
          {strategyLine(w.updateStrategy, w.kind, ud ? subsets : null)}
        </p>
        <ErrorAlert error={error} />
        <ErrorAlert error={pods.error} />
        <ErrorAlert error={rolloutError} />
        {rollout && rm && (
          <RolloutPanel rollout={rollout} workload={`${kindLabel(kind)} ${name}`} store={pods.store} session={session} m={rm} onRequest={setRequest} />
        )}
        {isStatefulSet(w) && <OrdinalStrip workload={w} store={pods.store} colors={colors} />}
        {ud && <SubsetsPanel subsets={subsets} store={pods.store} colors={colors} onStep={mayRollout ? stepSubset : null} />}
        <RevisionPods store={pods.store} revisions={revisions} colors={colors} showPods={!isStatefulSet(w) && !ud} />
        <PlanPanel plan={plan} replicas={w.replicas} />
        {mayRollout && batch !== null && rollout && (
          <p className="note" data-testid="rollout-drives">
            Rollout {rollout.name} drives this workload: its BatchRelease sets the partition at each step. Move the release with the Rollout panel (approve,
            jump, abort) rather than with the partition below.
          </p>
        )}
        {mayRollout && (
          <ActionsPanel
            workload={w}
            plan={plan}
            subsets={subsets}
            containers={containers}
            pods={() => pods.store.snapshot()}
            m={m}
            onRequest={setRequest}
            onConflict={reload}
          />
        )}
        <PreDownloadLine jobs={predownload} />
        <div className="two">
          <RolloutProgress p={progress} currentRevision={w.status.currentRevision} updateRevision={w.status.updateRevision} />
          <RolloutChart store={pods.store} desired={w.replicas} revisions={revisions} colors={colors} />
        </div>
        <section className="card pods" aria-labelledby="pods-title" ref={podsSection}>
          <h2 id="pods-title">
            Pods <span className="muted">by zone and node</span>
            {pods.loading && <span className="muted small"> loading…</span>}
          </h2>
          <GridLegend store={pods.store} revisions={revisions} colors={colors} />
          {selection.highlighted.size > 0 && (
            <p className="note">
              Highlighted {selection.highlighted.size} pod{selection.highlighted.size === 1 ? '' : 's'}.{' '}
              <button type="button" className="link" onClick={selection.clearHighlight}>
                Clear
              </button>
            </p>
          )}
          <PodGrid store={pods.store} colors={colors} batch={batch} />
          <PodTable store={pods.store} colors={colors} />
        </section>
        <HooksPanel store={pods.store} namespace={namespace} session={session} m={m} onRequest={setRequest} />
        <RevisionsPanel workload={w} revisions={revisions} colors={colors} mayRollback={mayRollout} m={m} onRequest={setRequest} />
        <EventsTimeline events={w.events} />
        <ConfirmDialog
          request={request}
          onClose={(done) => {
            setRequest(null);
            if (done) {
              reload();
              reloadRollout();
            }
          }}
        />
      </main>
    </PodSelectionContext>
  );
}
