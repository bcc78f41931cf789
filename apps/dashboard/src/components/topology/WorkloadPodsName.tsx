// A workload named on the topology page: a link to its page when it has one (workloadKind set: a
// CloneSet, Advanced StatefulSet or UnitedDeployment), else its Kubernetes kind and name as text.
import Link from 'next/link';
import type { TopologyWorkloadPods } from '../../lib/api/types';
import { workloadHref } from '../../lib/kinds';

export function WorkloadPodsName({ w }: { w: Pick<TopologyWorkloadPods, 'workloadKind' | 'kind' | 'namespace' | 'name'> }) {
  const label = `${w.namespace}/${w.name}`;
  return (
    <>
      <span className="muted small">{w.kind}</span>{' '}
      {w.workloadKind ? (
        <Link href={workloadHref({ kind: w.workloadKind, namespace: w.namespace, name: w.name })} className="mono">
          {label}
        </Link>
      ) : (
        <span className="mono">{label}</span>
      )}
    </>
  );
}
