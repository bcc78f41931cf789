// One subset of a UnitedDeployment as a row: its workload, the replicas allocated against its bounds,
// ready and updated pods, the partition with a control to step it (while it holds pods back), whether
// it can be scheduled (and when it recovers), and why it got its replicas; below the row, its pods by
// zone and node.
import type { Subset } from '../../lib/api/types';
import type { RevisionColor } from '../../lib/grid/colors';
import type { ZoneGroup } from '../../lib/grid/group';
import { canStep, steppedPartition } from '../../lib/subsets/partition-step';
import { subsetWords } from '../../lib/subsets/subset-words';
import { PodChips } from './PodChips';

interface Props {
  subset: Subset;
  zones: ZoneGroup[];
  podCount: number;
  now: number;
  colors: Map<string, RevisionColor>;
  /** Set when the session may roll out: asks to set the subset's partition. */
  onStep: ((subset: Subset, next: number) => void) | null;
}

export function SubsetRow({ subset: s, zones, podCount, now, colors, onStep }: Props) {
  const words = subsetWords(s, now);
  const next = steppedPartition(s, 1);
  return (
    <>
      <tr
        className={`subset-row${s.schedulable ? '' : ' unschedulable'}`}
        data-subset={s.name}
        data-replicas={s.replicas}
        data-ready={s.readyReplicas}
        data-updated={s.updatedReplicas}
        data-partition={s.partition}
        data-schedulable={String(s.schedulable)}
      >
        <td>
          <b className="mono">{s.name}</b>
          <span className="sub muted" data-field="workload">
            {words.workload}
          </span>
        </td>
        <td className="num" data-field="replicas" title="replicas allocated by the controller, and what bounds them">
          <b>{s.replicas}</b> <span className="sub muted small">{words.bounds}</span>
        </td>
        <td className="num" data-field="ready">
          {words.ready}
        </td>
        <td className="num" data-field="updated">
          {words.updated}
        </td>
        <td className="wrap" data-field="partition">
          <span>{words.partition}</span>
          {onStep && canStep(s) && (
            <button type="button" className="step" onClick={() => onStep(s, next)} aria-label={`Step ${s.name} partition to ${next}`}>
              Step to {next}…
            </button>
          )}
        </td>
        <td className="wrap" data-field="schedulable">
          <span className={s.schedulable ? 'ok' : 'error'}>{words.schedulable}</span>
          {words.reserved && <span className="sub muted">{words.reserved}</span>}
        </td>
        <td className="wrap reason" data-field="reason">
          {s.reason}
        </td>
      </tr>
      <tr className="subset-pods" data-subset={s.name} data-pods={podCount}>
        <td colSpan={7}>
          <PodChips zones={zones} colors={colors} />
        </td>
      </tr>
    </>
  );
}
