// Pods no node has taken yet (Pending), by workload: what the scheduler could not place, or has not
// placed yet.
import type { TopologyWorkloadPods } from '../../lib/api/types';
import { WorkloadPodsName } from './WorkloadPodsName';

export function UnscheduledPanel({ unscheduled }: { unscheduled: TopologyWorkloadPods[] }) {
  const total = unscheduled.reduce((n, w) => n + w.pods, 0);
  return (
    <section className="card unscheduled" aria-labelledby="unscheduled-title" data-testid="unscheduled" data-pods={total}>
      <h2 id="unscheduled-title">
        Unscheduled{' '}
        <span className="muted small">
          {total} Pending pod{total === 1 ? '' : 's'} on no node
        </span>
      </h2>
      {unscheduled.length === 0 ? (
        <p className="muted small">Every pod is on a node.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>WORKLOAD</th>
              <th>SUBSET</th>
              <th className="num">PENDING</th>
            </tr>
          </thead>
          <tbody>
            {unscheduled.map((w) => (
              <tr
                key={`${w.kind}/${w.namespace}/${w.name}/${w.subset ?? ''}`}
                data-workload={`${w.namespace}/${w.name}`}
                data-subset={w.subset ?? undefined}
                data-pods={w.pods}
              >
                <td>
                  <WorkloadPodsName w={w} />
                </td>
                <td>{w.subset ?? '-'}</td>
                <td className="num">{w.pods}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
