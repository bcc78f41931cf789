// Manual update (docs/spec/uniteddeployment.md §5): each subset's partition is its entry in
// updateStrategy.manualUpdate.partitions (0 without one), capped at the replicas allocated to it. Pure.
import type { UnitedDeployment } from '@coxswain/kruise-api';

export function subsetPartitions(ud: UnitedDeployment, allocated: ReadonlyMap<string, number>): Map<string, number> {
  const strategy = ud.spec.updateStrategy;
  const partitions = strategy?.type === 'Manual' ? strategy.manualUpdate?.partitions ?? {} : {};
  const out = new Map<string, number>();
  for (const subset of ud.spec.topology?.subsets ?? []) {
    let partition = partitions[subset.name] ?? 0;
    const replicas = allocated.get(subset.name);
    if (replicas !== undefined && partition > replicas) partition = replicas;
    out.set(subset.name, partition);
  }
  return out;
}
