// Instance ids for new pods (docs/spec/cloneset.md §2.1, §7.2): the suffix of the pod name and the key that
// pairs a pod with its PVCs.
import { LABEL_CLONESET_INSTANCE_ID } from '@coxswain/kruise-api';

/** Kubernetes' random-string alphabet (no vowels, no 0/1/3, so ids never spell words or look alike). */
export const INSTANCE_ID_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
export const INSTANCE_ID_LENGTH = 5;

/**
 * A source of uniform numbers in [0, 1), like Math.random. Injected so that planners stay pure and
 * tests reproducible.
 */
export type RandomSource = () => number;

/** Anything with labels: pods and PVCs. */
export interface LabelledObject {
  readonly metadata: { readonly labels?: Readonly<Record<string, string>> };
}

/**
 * Consecutive colliding draws after which generation gives up. 27^5 ≈ 14.3 million ids exist, so a
 * real random source never gets near this; it turns a broken source (a constant) into an error
 * instead of an endless loop, where Go would spin forever.
 */
const MAX_COLLIDING_DRAWS = 10_000;

/**
 * `n` instance ids for new pods, sorted ascending. Ids of PVCs whose pod is gone are reused first (the
 * pod gets its volumes back); the rest are fresh random ids that collide with no id on any pod or PVC.
 *
 * Deterministic where Go is not: when more reusable ids exist than needed, the smallest ones (string
 * order) are taken (Go pops an arbitrary set member). Fresh ids are also kept distinct from each other,
 * so exactly `n` ids always come back (Go's result set could, in theory, lose a duplicate draw).
 */
export function availableIds(n: number, pods: readonly LabelledObject[], pvcs: readonly LabelledObject[], random: RandomSource): string[] {
  const podIds = new Set(pods.map(instanceIdOf).filter((id) => id !== ''));
  const pvcIds = new Set(pvcs.map(instanceIdOf).filter((id) => id !== ''));
  const taken = new Set([...pvcIds, ...podIds]);
  const free = [...pvcIds].filter((id) => !podIds.has(id)).sort(compareStrings);

  const result: string[] = [];
  for (let k = 0; k < n; k++) {
    const reused = free.shift();
    const id = reused ?? freshInstanceId(taken, random);
    taken.add(id);
    result.push(id);
  }
  return result.sort(compareStrings);
}

/** One random id drawn from INSTANCE_ID_ALPHABET, one draw per character. */
export function randomInstanceId(random: RandomSource): string {
  let id = '';
  for (let c = 0; c < INSTANCE_ID_LENGTH; c++) {
    // Clamp so that a source returning exactly 1 (or anything outside [0, 1)) still yields a valid character.
    const r = random();
    const k = Number.isFinite(r) ? Math.min(INSTANCE_ID_ALPHABET.length - 1, Math.max(0, Math.floor(r * INSTANCE_ID_ALPHABET.length))) : 0;
    id += INSTANCE_ID_ALPHABET[k];
  }
  return id;
}

function freshInstanceId(taken: ReadonlySet<string>, random: RandomSource): string {
  for (let draw = 0; draw < MAX_COLLIDING_DRAWS; draw++) {
    const id = randomInstanceId(random);
    if (!taken.has(id)) return id;
  }
  throw new Error(`availableIds: ${MAX_COLLIDING_DRAWS} random instance ids in a row collided with existing ones; is the random source constant?`);
}

function instanceIdOf(object: LabelledObject): string {
  const labels = object.metadata.labels;
  return labels !== undefined && Object.hasOwn(labels, LABEL_CLONESET_INSTANCE_ID) ? labels[LABEL_CLONESET_INSTANCE_ID]! : '';
}

// Code-unit order, like Go's sort.Strings (localeCompare would use locale rules).
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
