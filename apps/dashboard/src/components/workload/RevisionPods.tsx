'use client';
// Revisions and their pods, first on the page (as Argo Rollouts shows a rollout): a card per revision
// that matters now (the update revision, and every revision that still has pods), with its images,
// its pods counted (ready, available) and, for a CloneSet, the pods themselves as cells. An Advanced
// StatefulSet's pods are drawn in ordinal order by the strip above instead.
import { memo, useMemo } from 'react';
import type { Revision } from '../../lib/api/types';
import { colorOf, type RevisionColor } from '../../lib/grid/colors';
import type { PodStore } from '../../lib/live/pod-store';
import { revisionGroups } from '../../lib/rollout/revision-groups';
import { FlatPodCells } from './FlatPodCells';
import { usePodSnapshot } from './usePodSnapshot';

interface Props {
  store: PodStore;
  revisions: Revision[];
  colors: Map<string, RevisionColor>;
  showPods: boolean;
}

function RevisionPodsView({ store, revisions, colors, showPods }: Props) {
  const pods = usePodSnapshot(store);
  const groups = useMemo(() => revisionGroups(revisions, pods), [revisions, pods]);
  return (
    <section className="card revision-pods" aria-labelledby="revision-pods-title" data-testid="revision-pods">
      <h2 id="revision-pods-title">Revisions and their pods</h2>
      <div className="revision-cards">
        {groups.map((g) => {
          const label = colors.get(g.name)?.label ?? 'unknown revision';
          return (
            <article key={g.name} className="revision-card" data-revision={g.name} data-pods={g.pods.length} data-ready={g.ready}>
              <header>
                <span className="swatch" style={{ background: colorOf(colors, g.name) }} />
                <span className="mono">{g.name}</span>
                <span className={`tag${g.revision?.isUpdate ? ' update' : ''}`}>{label}</span>
              </header>
              <p className="small">
                {g.revision ? g.revision.images.join(', ') : 'not among the listed revisions'}
                {' · '}
                <b>{g.pods.length}</b> pod{g.pods.length === 1 ? '' : 's'}, {g.ready} ready, {g.available} available
              </p>
              {showPods && g.pods.length > 0 && <FlatPodCells pods={g.pods} colors={colors} testId="revision-cells" />}
            </article>
          );
        })}
        {groups.length === 0 && <p className="muted">No revisions yet.</p>}
      </div>
    </section>
  );
}

/** Memoised: the page re-renders on every workload status event; this re-renders only when its own inputs change. */
export const RevisionPods = memo(RevisionPodsView);
