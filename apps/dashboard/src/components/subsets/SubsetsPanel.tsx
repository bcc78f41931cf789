'use client';
// A UnitedDeployment's subsets, first on its page: one row per subset in topology order (replicas
// allocated and why, pods ready and updated, partition with a step control, schedulability), each
// with its pods by zone and node. Pods that belong to no listed subset are shown last, so none is
// hidden. Live: rows follow the workload's reloads, chips follow the pod store.
import { memo, useMemo } from 'react';
import type { Subset } from '../../lib/api/types';
import type { RevisionColor } from '../../lib/grid/colors';
import type { PodStore } from '../../lib/live/pod-store';
import { NO_SUBSET, podsBySubset } from '../../lib/subsets/subset-pods';
import { useServerNow } from '../common/useServerNow';
import { usePodSnapshot } from '../workload/usePodSnapshot';
import { PodChips } from './PodChips';
import { SubsetRow } from './SubsetRow';

interface Props {
  subsets: Subset[];
  store: PodStore;
  colors: Map<string, RevisionColor>;
  /** Null when the session may not roll out: no step controls then. */
  onStep: ((subset: Subset, next: number) => void) | null;
}

function SubsetsPanelView({ subsets, store, colors, onStep }: Props) {
  const pods = usePodSnapshot(store);
  const names = useMemo(() => subsets.map((s) => s.name), [subsets]);
  const groups = useMemo(() => podsBySubset(names, pods), [names, pods]);
  // recoversAt counts down while a subset is unschedulable, on the server's clock.
  const now = useServerNow(1000);
  const other = groups.find((g) => g.subset === NO_SUBSET);
  return (
    <section className="card subsets" aria-labelledby="subsets-title" data-testid="subsets">
      <h2 id="subsets-title">
        Subsets <span className="muted small">in topology order; pods by zone and node, coloured by revision</span>
      </h2>
      {subsets.length === 0 ? (
        <p className="muted">No subsets yet: the controller has not allocated this UnitedDeployment.</p>
      ) : (
        <div className="table-wrap">
          <table className="subset-table">
            <thead>
              <tr>
                <th>SUBSET</th>
                <th className="num">REPLICAS</th>
                <th className="num">READY</th>
                <th className="num">UPDATED</th>
                <th>PARTITION</th>
                <th>SCHEDULABLE</th>
                <th>WHY</th>
              </tr>
            </thead>
            <tbody>
              {subsets.map((s) => {
                const g = groups.find((x) => x.subset === s.name);
                return <SubsetRow key={s.name} subset={s} zones={g?.zones ?? []} podCount={g?.count ?? 0} now={now} colors={colors} onStep={onStep} />;
              })}
            </tbody>
          </table>
        </div>
      )}
      {other && (
        <div className="subset-other" data-testid="no-subset-pods" data-pods={other.count}>
          <h3>
            Pods of no listed subset <span className="muted small">({other.count}: a subset removed from the topology, or pods without the subset label)</span>
          </h3>
          <PodChips zones={other.zones} colors={colors} />
        </div>
      )}
    </section>
  );
}

/** Memoised: the page re-renders on every workload status event; this re-renders only when its own inputs change. */
export const SubsetsPanel = memo(SubsetsPanelView);
