// A pod's ordinal as Kubernetes' StatefulSet controller reads it from the pod name
// (getParentNameAndOrdinal). Kind-neutral: the StatefulSet controller and the UnitedDeployment's
// StatefulSet subsets both read it, and neither kind's folder may import the other's. Pure.
import type { Pod } from '@coxswain/kruise-api';

/**
 * Kubernetes' getParentNameAndOrdinal, regex `(.*)-([0-9]+)$`: the parent is everything before the last
 * '-' when only digits follow it; ordinal −1 when the name does not parse. Read by hand (no regex):
 * plans read it for every pod several times.
 */
export function parentNameAndOrdinal(name: string | undefined): { parent: string; ordinal: number } {
  const ordinal = ordinalSuffix(name ?? '');
  return ordinal < 0 ? { parent: '', ordinal: -1 } : { parent: name!.slice(0, name!.lastIndexOf('-')), ordinal };
}

/** The digits after the last '-', −1 when there are none or anything else follows it. */
export function ordinalSuffix(name: string): number {
  const dash = name.lastIndexOf('-');
  if (dash < 0 || dash === name.length - 1) return -1;
  let value = 0;
  for (let i = dash + 1; i < name.length; i++) {
    const d = name.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return Number.isSafeInteger(value) ? value : -1;
}

/** The pod's ordinal, −1 when its name does not end in one. */
export function podOrdinal(pod: Pick<Pod, 'metadata'>): number {
  return ordinalSuffix(pod.metadata.name ?? '');
}
