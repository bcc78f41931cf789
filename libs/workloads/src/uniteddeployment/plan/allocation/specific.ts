// The specific allocator (docs/spec/uniteddeployment.md §2.1): subsets with `replicas` (int or percent of
// spec.replicas) get exactly that; the rest of spec.replicas is shared evenly by the others, the
// remainder going to those that run the most pods now (least churn). Pure.
import { parseSubsetReplicas, type Subset } from '@coxswain/kruise-api';
import type { AllocationResult, SubsetAllocation, SubsetFacts } from './types.js';

/** `udReplicas` is spec.replicas, -1 when unset. `facts` are in topology order, one per subset. */
export function allocateSpecific(udReplicas: number, subsets: readonly Subset[], facts: readonly SubsetFacts[]): AllocationResult {
  const specified = new Map<string, { value: number; text: string }>();
  for (const subset of subsets) {
    if (subset.replicas === undefined || subset.replicas === null) continue;
    // A value that cannot be read makes the subset unspecified (Kruise only logs it).
    const parsed = parseSubsetReplicas(udReplicas, subset.replicas);
    if (parsed.error !== undefined) continue;
    const text = typeof subset.replicas === 'string' ? `replicas ${subset.replicas} of ${udReplicas} = ${parsed.value} (rounded half up)` : `replicas ${parsed.value}`;
    specified.set(subset.name, { value: parsed.value, text });
  }
  const sum = [...specified.values()].reduce((total, s) => total + s.value, 0);
  const everySpecified = subsets.length > 0 && subsets.every((s) => specified.has(s.name));
  if (udReplicas !== -1) {
    if (sum > udReplicas) return { ok: false, error: `specified subsets' replica (${sum}) is greater than UnitedDeployment replica (${udReplicas})` };
    if (sum < udReplicas && everySpecified) return { ok: false, error: `specified subsets' replica (${sum}) is less than UnitedDeployment replica (${udReplicas})` };
  } else if (!everySpecified) {
    return { ok: false, error: 'spec.replicas is unset, so every subset must set replicas' };
  }

  const out = new Map<string, SubsetAllocation>();
  for (const [name, s] of specified) out.set(name, { name, replicas: s.value, reason: s.text });
  const current = new Map(facts.map((f) => [f.name, f.specReplicas]));
  // Ascending by (current replicas, name); walked from the end, so the busiest subsets get the remainder.
  const infos = subsets.map((s) => ({ name: s.name, cur: current.get(s.name) ?? 0 }))
    .sort((a, b) => a.cur - b.cur || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const left = subsets.length - specified.size;
  if (left > 0) {
    const avail = udReplicas - sum;
    const avg = Math.trunc(avail / left);
    const remainder = avail % left;
    let rem = remainder;
    const shared = `the rest (${avail} of ${udReplicas}) shared by ${left} subset${left === 1 ? '' : 's'} without replicas`;
    for (let i = infos.length - 1; i >= 0; i--) {
      const info = infos[i]!;
      if (specified.has(info.name)) continue;
      if (rem > 0) {
        rem--;
        out.set(info.name, { name: info.name, replicas: avg + 1, reason: `${shared}: ${avg} each, +1 of the remainder ${remainder} as it runs ${info.cur} pods now (the remainder goes to the subsets running most; ties to the later name)` });
      } else {
        out.set(info.name, { name: info.name, replicas: avg, reason: left === 1 ? `${shared}: ${avg}` : `${shared}: ${avg} each` });
      }
    }
  }
  return { ok: true, allocation: { allocator: 'specific', subsets: subsets.map((s) => out.get(s.name)!) } };
}
