// The min/max allocator (docs/spec/uniteddeployment.md §2.2) and Adaptive's adjustment of its bounds
// (docs/spec/uniteddeployment.md §4.1): first every subset gets its minReplicas, in topology order, then up to its maxReplicas, until
// spec.replicas are allocated; earlier subsets win both rounds, and replicas beyond Σmax stay
// unallocated. Pure.
import { parseSubsetReplicas, type IntOrString, type Subset } from '@coxswain/kruise-api';
import { floorsWord, maxFromManifest, minFromManifest, type BoundFacts } from './bound-words.js';
import { UNBOUNDED, type Allocation, type AllocationResult, type AllocatorName, type SubsetAllocation, type SubsetFacts } from './types.js';

export interface Bounds extends BoundFacts {
  name: string;
  /** Why the bounds are what they are (Adaptive's adjustments), prefixed to the reason. */
  note?: string;
}

/** minReplicas (0 when unset or unreadable) and maxReplicas (unbounded when unset, 0 when unreadable!). */
export function subsetBounds(udReplicas: number, subsets: readonly Subset[]): { ok: true; bounds: Bounds[] } | { ok: false; error: string } {
  const bounds: Bounds[] = [];
  for (const [i, subset] of subsets.entries()) {
    const min = readBound(udReplicas, subset.minReplicas, 0);
    const max = readBound(udReplicas, subset.maxReplicas, UNBOUNDED);
    if (min > max) return { ok: false, error: `subset[${i}].maxReplicas(${max}) must be more than or equal to minReplicas(${min})` };
    bounds.push({ name: subset.name, min, max });
  }
  return { ok: true, bounds };
}

function readBound(udReplicas: number, value: IntOrString | undefined, unset: number): number {
  if (value === undefined || value === null) return unset;
  const parsed = parseSubsetReplicas(udReplicas, value);
  return parsed.error === undefined ? parsed.value : 0;
}

/** allocateByMinMax over `bounds` in topology order; `udReplicas` unset counts as 0. */
export function allocateByMinMax(udReplicas: number, bounds: readonly Bounds[], allocator: AllocatorName = 'minMax'): Allocation {
  const R = Math.max(0, udReplicas);
  const first = new Map<string, number>();
  let allocated = 0;
  for (const b of bounds) {
    const a = Math.max(Math.min(b.min, R - allocated), 0);
    first.set(b.name, a);
    allocated += a;
  }
  const second = new Map<string, { more: number; left: number }>();
  if (allocated < R) {
    for (const b of bounds) {
      const a = Math.max(Math.min(b.max - b.min, R - allocated), 0);
      second.set(b.name, { more: a, left: R - allocated });
      allocated += a;
    }
  }
  const subsets = bounds.map((b): SubsetAllocation => {
    const given = first.get(b.name)!;
    const round2 = second.size === 0 ? undefined : second.get(b.name)!;
    return { name: b.name, replicas: given + (round2?.more ?? 0), reason: minMaxReason(b, R, given, round2, bounds), minReplicas: b.min, maxReplicas: b.max };
  });
  return { allocator, subsets };
}

/**
 * Why a subset got `given` in the first round and `round2.more` of the `round2.left` replicas left in
 * the second (undefined: the first round used every replica), naming only the bounds the manifest sets
 * (bound-words.ts).
 */
function minMaxReason(b: Bounds, R: number, given: number, round2: { more: number; left: number } | undefined, all: readonly Bounds[]): string {
  const parts: string[] = [];
  const short = given < b.min ? `only ${given} left of ${R}` : '';
  if (minFromManifest(b)) parts.push(`minReplicas ${b.min}${short ? ` (${short})` : ''}`);
  else if (short) parts.push(short);
  const upTo = maxFromManifest(b) ? ` up to maxReplicas ${b.max}` : '';
  if (round2 === undefined) parts.push(R === 0 ? 'spec.replicas is 0' : `the ${R} replicas were used up by ${floorsWord(all.filter((o) => o.min > 0))}`);
  else if (round2.more > 0) parts.push(parts.length > 0 || b.note ? `then ${round2.more} more${upTo}` : `${round2.more} of the ${round2.left} left${upTo}`);
  else if (b.max - b.min <= 0) parts.push(maxFromManifest(b) ? `maxReplicas ${b.max} allows no more` : 'no more while unschedulable');
  else parts.push('nothing left for more');
  return `${b.note ? `${b.note}; ` : ''}${parts.join(', ')}: ${given + (round2?.more ?? 0)}`;
}

export function allocateMinMax(udReplicas: number, subsets: readonly Subset[]): AllocationResult {
  const bounds = subsetBounds(udReplicas, subsets);
  if (!bounds.ok) return bounds;
  return { ok: true, allocation: allocateByMinMax(udReplicas, bounds.bounds) };
}

/**
 * The Adaptive allocator (docs/spec/uniteddeployment.md §4.1): an unschedulable subset that exists is held at its ready pods (the
 * surplus flows to later subsets); any other subset never gets fewer than the pods it has ready.
 */
export function allocateAdaptive(udReplicas: number, subsets: readonly Subset[], facts: readonly SubsetFacts[]): AllocationResult {
  const raw = subsetBounds(udReplicas, subsets);
  if (!raw.ok) return raw;
  const byName = new Map(facts.map((f) => [f.name, f]));
  const bounds = raw.bounds.map((b): Bounds => {
    const f = byName.get(b.name);
    const ready = f?.exists ? f.readyReplicas : 0;
    if (f?.unschedulable && f.exists) {
      return { name: b.name, min: Math.max(ready, b.min), max: Math.min(ready, b.max), readyFloor: ready >= b.min, readyCap: ready < b.max, note: `unschedulable: held at its ${ready} ready pods` };
    }
    if (!f?.unschedulable && ready > b.min) {
      // The floor is the ready pods, clipped to maxReplicas (the note says which): never minReplicas.
      const within = maxFromManifest(b) ? ` (within maxReplicas ${b.max})` : '';
      return { name: b.name, min: Math.min(ready, b.max), max: b.max, readyFloor: true, note: `keeps its ${ready} ready pods${within}` };
    }
    return b;
  });
  return { ok: true, allocation: allocateByMinMax(udReplicas, bounds, 'adaptive') };
}
