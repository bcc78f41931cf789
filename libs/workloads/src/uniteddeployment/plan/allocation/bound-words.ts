// How the allocation reasons word a subset's bounds: they name minReplicas and maxReplicas only as the
// manifest sets them. An unset minReplicas (or the 0 Kruise's defaulting writes) and an unset
// maxReplicas (unbounded) go unmentioned, and a bound Adaptive derived from a subset's ready pods
// (docs/spec/uniteddeployment.md §4.1) is said to be that, not minReplicas or maxReplicas. Pure.
import { UNBOUNDED } from './types.js';

export interface BoundFacts {
  min: number;
  max: number;
  /** Adaptive: the floor is the subset's ready pods, not its minReplicas. */
  readyFloor?: boolean;
  /** Adaptive: the cap is the subset's ready pods (unschedulable), not its maxReplicas. */
  readyCap?: boolean;
}

/** The floor comes from the manifest's minReplicas. */
export function minFromManifest(b: BoundFacts): boolean {
  return b.min > 0 && !b.readyFloor;
}

/** The cap comes from the manifest's maxReplicas. */
export function maxFromManifest(b: BoundFacts): boolean {
  return b.max < UNBOUNDED && !b.readyCap;
}

/** "minReplicas 2, maxReplicas 5", or only the one the manifest sets, or '' for neither. */
export function manifestBounds(b: BoundFacts): string {
  return [minFromManifest(b) ? `minReplicas ${b.min}` : '', maxFromManifest(b) ? `maxReplicas ${b.max}` : ''].filter(Boolean).join(', ');
}

/** What took every replica in the first round: the subsets' minReplicas, the ready pods Adaptive keeps, or both. */
export function floorsWord(floors: readonly BoundFacts[]): string {
  const fromManifest = floors.some(minFromManifest);
  const fromReady = floors.some((b) => b.min > 0 && b.readyFloor);
  if (fromManifest && fromReady) return 'minReplicas and the ready pods subsets keep';
  return fromReady ? 'the ready pods subsets keep' : 'minReplicas';
}
