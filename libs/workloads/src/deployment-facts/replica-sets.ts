// What the Deployment controller reads off and writes onto its ReplicaSets (Kubernetes'
// deployment/util): the pod-template-hash, the revision and replicas annotations, the new ReplicaSet
// (the oldest whose template equals the Deployment's, the hash label aside), and the counts. Pure.
import { jsonEqual, LABEL_POD_TEMPLATE_HASH, type Deployment, type PodTemplateSpec, type ReplicaSet } from '@coxswain/kruise-api';
import { canonicalJson } from '../revision/canonical-json.js';
import { fnv1a_32, safeEncodeString } from '../revision/fnv.js';
import { timestampMillis } from '../pod/time.js';

export const ANNOTATION_DEPLOYMENT_REVISION = 'deployment.kubernetes.io/revision';
export const ANNOTATION_DESIRED_REPLICAS = 'deployment.kubernetes.io/desired-replicas';
export const ANNOTATION_MAX_REPLICAS = 'deployment.kubernetes.io/max-replicas';

/**
 * ComputeHash: FNV-1a over the template (canonical JSON here, Go hashes its printed form) and, once
 * status.collisionCount is set, its 4 little-endian bytes; written in decimal, safe-encoded.
 */
export function podTemplateHash(template: PodTemplateSpec, collisionCount: number | undefined): string {
  let h = fnv1a_32(canonicalJson(template));
  if (collisionCount !== undefined) {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv1a_32(bytes, h);
  }
  return safeEncodeString(String(h));
}

/** EqualIgnoreHash: the templates are equal once the pod-template-hash label is left out of both. */
export function equalIgnoreHash(a: PodTemplateSpec, b: PodTemplateSpec): boolean {
  return jsonEqual(withoutHashLabel(a), withoutHashLabel(b));
}

/** The template without its pod-template-hash label (as a ReplicaSet's template is the Deployment's with it). */
export function withoutHashLabel(template: PodTemplateSpec): PodTemplateSpec {
  const labels = { ...(template.metadata?.labels ?? {}) };
  delete labels[LABEL_POD_TEMPLATE_HASH];
  return { ...template, metadata: { ...template.metadata, labels } };
}

/** ReplicaSetsByCreationTimestamp: oldest first, ties by name. */
export function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  const ta = timestampMillis(a.metadata.creationTimestamp) ?? 0;
  const tb = timestampMillis(b.metadata.creationTimestamp) ?? 0;
  if (ta !== tb) return ta - tb;
  return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
}

/** FindNewReplicaSet: the oldest ReplicaSet whose template equals the Deployment's, the hash label aside. */
export function findNewReplicaSet(d: Deployment, rsList: readonly ReplicaSet[]): ReplicaSet | undefined {
  return [...rsList].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec.template, d.spec.template));
}

/** The revision annotation as a number; 0 when absent or unreadable. */
export function revisionOf(rs: ReplicaSet): number {
  const value = Number(rs.metadata.annotations?.[ANNOTATION_DEPLOYMENT_REVISION] ?? '0');
  return Number.isInteger(value) && value > 0 ? value : 0;
}

export function maxRevision(rsList: readonly ReplicaSet[]): number {
  return rsList.reduce((max, rs) => Math.max(max, revisionOf(rs)), 0);
}

export function desiredReplicasAnnotation(rs: ReplicaSet): number | undefined {
  const text = rs.metadata.annotations?.[ANNOTATION_DESIRED_REPLICAS];
  const value = text === undefined ? NaN : Number(text);
  return Number.isInteger(value) ? value : undefined;
}

export function maxReplicasAnnotation(rs: ReplicaSet): number | undefined {
  const text = rs.metadata.annotations?.[ANNOTATION_MAX_REPLICAS];
  const value = text === undefined ? NaN : Number(text);
  return Number.isInteger(value) ? value : undefined;
}

export const specReplicas = (rs: ReplicaSet): number => rs.spec.replicas ?? 1;

/** GetReplicaCountForReplicaSets: the sum of spec.replicas. */
export function specReplicaSum(rsList: readonly ReplicaSet[]): number {
  return rsList.reduce((sum, rs) => sum + specReplicas(rs), 0);
}

/** FilterActiveReplicaSets: the ones with spec.replicas > 0. */
export function activeReplicaSets(rsList: readonly ReplicaSet[]): ReplicaSet[] {
  return rsList.filter((rs) => specReplicas(rs) > 0);
}
