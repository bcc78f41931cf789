// The reservation allocator (docs/spec/uniteddeployment.md §4.2, Adaptive with reserveUnschedulablePods):
// an unschedulable (or still marked) subset keeps its workload replicas, but only the pods that are not
// reserved count towards spec.replicas, so temporary substitutes are allocated to later subsets; as the
// reserved pods become healthy the substitutes are scaled away. Pure.
import type { Subset } from '@coxswain/kruise-api';
import { manifestBounds } from './bound-words.js';
import { subsetBounds } from './min-max.js';
import { UNBOUNDED, type AllocationResult, type SubsetAllocation, type SubsetFacts } from './types.js';

interface Account {
  allocated: number;
  maxAllocatable: number;
  /** Replicas that counted towards spec.replicas. */
  counted: number;
}

export function allocateReservation(udReplicas: number, subsets: readonly Subset[], facts: readonly SubsetFacts[]): AllocationResult {
  const raw = subsetBounds(udReplicas, subsets);
  if (!raw.ok) return raw;
  const byName = new Map(facts.map((f) => [f.name, f]));
  const healthy = (f: SubsetFacts | undefined) => !f?.exists || (!f.unschedulable && !f.marked);
  const records = new Map<string, Account>(subsets.map((s) => {
    const f = byName.get(s.name);
    return [s.name, { allocated: 0, counted: 0, maxAllocatable: healthy(f) ? UNBOUNDED : f!.specReplicas - f!.reservedPods }];
  }));
  const allocate = (record: Account, to: number, rest: number): number => {
    const add = Math.min(to - record.allocated, rest);
    record.allocated += add;
    record.maxAllocatable -= add;
    const counted = record.maxAllocatable < 0 ? Math.max(0, add + record.maxAllocatable) : add;
    record.counted += counted;
    return counted;
  };

  let remaining = Math.max(0, udReplicas);
  rounds: {
    for (const b of raw.bounds) {
      remaining -= allocate(records.get(b.name)!, b.min, remaining);
      if (remaining <= 0) break rounds;
    }
    for (const b of raw.bounds) {
      const f = byName.get(b.name);
      const target = !f?.exists || !f.unschedulable ? b.max : f.specReplicas;
      remaining -= allocate(records.get(b.name)!, target, remaining);
      if (remaining <= 0) break rounds;
    }
  }

  const out = raw.bounds.map((b): SubsetAllocation => {
    const f = byName.get(b.name);
    const r = records.get(b.name)!;
    const bounds = manifestBounds(b);
    const reason = healthy(f)
      ? `${bounds || 'no minReplicas or maxReplicas'}: ${r.allocated}`
      : `${f!.unschedulable ? 'unschedulable' : 'just recovered'} with ${f!.reservedPods} reserved of its ${f!.specReplicas} pods${bounds ? ` (${bounds})` : ''}: ${r.allocated}, of which ${r.counted} count towards spec.replicas; substitutes go to later subsets`;
    return { name: b.name, replicas: r.allocated, reason, minReplicas: b.min, maxReplicas: b.max };
  });
  return { ok: true, allocation: { allocator: 'reservation', subsets: out } };
}
