'use client';
// The cluster at a glance for an SRE: every zone with its nodes (state, taints, labels) and the pods of
// every workload on them, what an outage of each zone would take down, and the pods no node has taken.
// Polled every 2 s while the tab is visible.
import { useMemo } from 'react';
import { clockTime } from '../../lib/format';
import { zoneImpact } from '../../lib/topology/zone-impact';
import { UnscheduledPanel } from './UnscheduledPanel';
import { useTopology } from './useTopology';
import { ZoneCard } from './ZoneCard';
import { ErrorAlert } from '../common/ErrorAlert';
import { usePageTitle } from '../common/usePageTitle';
import { RoleGate } from '../session/RoleGate';

export function TopologyPage() {
  return (
    <RoleGate what="the cluster topology">
      <Topology />
    </RoleGate>
  );
}

function Topology() {
  const { topology, error, unsupported, at } = useTopology();
  const impact = useMemo(() => (topology ? zoneImpact(topology) : []), [topology]);

  usePageTitle('Topology');

  const nodes = topology?.zones.reduce((n, z) => n + z.nodes.length, 0) ?? 0;
  const pods = topology?.zones.reduce((n, z) => n + z.pods, 0) ?? 0;
  const ready = topology?.zones.reduce((n, z) => n + z.readyPods, 0) ?? 0;
  return (
    <main className="page topology">
      <h1>Topology</h1>
      <p className="muted">
        Every zone and node with the pods of each workload on it, and what an outage of a zone would take down. Refreshed every 2 seconds while this tab is
        visible{at ? ` (last at ${clockTime(new Date(at).toISOString())})` : ''}.
      </p>
      {unsupported && (
        <p className="note" role="alert">
          This API does not serve the cluster topology yet (no <code>topology</code> query).
        </p>
      )}
      <ErrorAlert error={error} />
      {!topology && !error && !unsupported && <p className="muted">Loading the topology…</p>}
      {topology && (
        <>
          <p data-testid="topology-summary">
            <b>{topology.zones.length}</b> zone{topology.zones.length === 1 ? '' : 's'}, <b>{nodes}</b> node{nodes === 1 ? '' : 's'}, <b>{pods}</b> pod
            {pods === 1 ? '' : 's'} on nodes ({ready} ready)
          </p>
          <UnscheduledPanel unscheduled={topology.unscheduled} />
          {topology.zones.map((z) => (
            <ZoneCard key={z.name} zone={z} impact={impact.find((i) => i.zone === z.name)} />
          ))}
        </>
      )}
    </main>
  );
}
