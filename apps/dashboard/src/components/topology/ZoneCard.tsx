// One zone: its pods (ready ones) and nodes, and first what an outage of the zone would take down:
// each workload with pods here, against all its pods in the cluster, those with every pod here first.
import type { TopologyZone } from '../../lib/api/types';
import { impactWords, zoneLabel, type ZoneImpact } from '../../lib/topology/zone-impact';
import { NodeCard } from './NodeCard';
import { WorkloadPodsName } from './WorkloadPodsName';

export function ZoneCard({ zone, impact }: { zone: TopologyZone; impact: ZoneImpact | undefined }) {
  const workloads = impact?.workloads ?? [];
  const notReady = zone.nodes.filter((n) => !n.ready || n.unschedulable).length;
  return (
    <section className="card zone" aria-labelledby={`zone-${zone.name}`} data-zone={zone.name} data-pods={zone.pods} data-ready-pods={zone.readyPods}>
      <h2 id={`zone-${zone.name}`}>
        {zoneLabel(zone.name)}{' '}
        <span className="muted small">
          {zone.nodes.length} node{zone.nodes.length === 1 ? '' : 's'}
          {notReady > 0 ? ` (${notReady} not ready or cordoned)` : ''} · {zone.pods} pod{zone.pods === 1 ? '' : 's'}, {zone.readyPods} ready
        </span>
      </h2>
      <div className="impact" data-testid="zone-impact">
        {workloads.length === 0 ? (
          <p className="muted small">No pods here: an outage of {zoneLabel(zone.name)} takes nothing down.</p>
        ) : (
          <>
            <p className="small">
              <b>An outage of {zoneLabel(zone.name)} takes</b>
            </p>
            <ul className="small">
              {workloads.map((w) => (
                <li key={w.key} className={w.all ? 'all' : ''} data-workload={`${w.namespace}/${w.name}`} data-pods={w.pods} data-total={w.total}>
                  {impactWords(w)} of <WorkloadPodsName w={w} />
                  {w.all && <b className="down"> (down)</b>}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="node-cards">
        {zone.nodes.map((n) => (
          <NodeCard key={n.name} node={n} />
        ))}
      </div>
    </section>
  );
}
