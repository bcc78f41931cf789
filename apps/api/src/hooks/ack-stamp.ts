// The mark an acknowledgement leaves on the pod it writes, in the same conditional write: the annotation
// `coxswain.io/<hook>-ack` holding the ack's id (its Idempotency-Key's claim) and time. It is how a retry
// of a key whose process died after writing the pod, but before storing the answer, tells that this
// key's ack was applied: on the pod while it exists, in hook_ack_tombstones once it is deleted
// (ack-tombstones.repository.ts). Kubernetes mode cannot write the pod and the database in one
// transaction, so the evidence has to travel with the pod.
import type { KubeObject, Pod } from '@coxswain/kruise-api';
import type { HookPoint } from '@coxswain/workloads';
import { HOOK_POINT_NAMES } from './hook-points.js';

export interface AckStamp {
  /** The id of the ack's answer (the claim of its Idempotency-Key). */
  id: string;
  /** The answer's `at`: ISO 8601 with milliseconds, as the answer carries it. */
  at: string;
}

/** A stamp found on a deleted pod, as hook_ack_tombstones keeps it. */
export interface AckTombstone extends AckStamp {
  namespace: string;
  pod: string;
  podUid: string;
  hook: HookPoint;
}

const PREFIX = 'coxswain.io/';
const SUFFIX = '-ack';
/** Claim ids are UUIDs; anything else on the annotation was not written by an ack. */
const ID = /^[\x21-\x7e]{1,255}$/;

export function stampAnnotation(hook: HookPoint): string {
  return `${PREFIX}${hook}${SUFFIX}`;
}

export function formatStamp(stamp: AckStamp): string {
  return JSON.stringify({ id: stamp.id, at: stamp.at });
}

/** The stamp of the last ack of `hook` on the pod, if it carries a well-formed one. */
export function readStamp(pod: Pick<KubeObject, 'metadata'>, hook: HookPoint): AckStamp | undefined {
  const text = pod.metadata.annotations?.[stampAnnotation(hook)];
  if (typeof text !== 'string') return undefined;
  try {
    const { id, at } = JSON.parse(text) as Partial<AckStamp>;
    // Written by hand, the annotation could hold anything; only what an ack writes counts (and only
    // that is fit for the tombstone table's columns).
    if (typeof id !== 'string' || !ID.test(id) || typeof at !== 'string') return undefined;
    const time = new Date(at);
    if (Number.isNaN(time.getTime()) || time.toISOString() !== at) return undefined;
    return { id, at };
  } catch {
    return undefined;
  }
}

/** Every ack stamp a deleted pod carried; none for other objects. */
export function tombstonesOf(object: KubeObject): AckTombstone[] {
  if (object.kind !== 'Pod' || object.apiVersion !== 'v1' || !object.metadata.annotations) return [];
  const pod = object as Pod;
  const found: AckTombstone[] = [];
  for (const hook of HOOK_POINT_NAMES) {
    const stamp = readStamp(pod, hook);
    if (stamp) found.push({ ...stamp, hook, namespace: pod.metadata.namespace ?? '', pod: pod.metadata.name ?? '', podUid: pod.metadata.uid ?? '' });
  }
  return found;
}
