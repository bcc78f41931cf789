// Which workload a Rollout drives: its spec.workloadRef (docs/spec/kruise-rollout.md §1.1). Pure.
import type { KruiseRollout, WorkloadKind } from '../api/types';
import { kindLabel } from '../kinds';

/** Whether a Rollout's workloadRef names this workload: a Kruise kind (apps.kruise.io) of this name. */
export function drives(r: Pick<KruiseRollout, 'workloadRef'>, kind: WorkloadKind, name: string): boolean {
  return r.workloadRef.apiVersion.startsWith('apps.kruise.io/') && r.workloadRef.kind === kindLabel(kind) && r.workloadRef.name === name;
}

const KINDS: Record<string, WorkloadKind> = { CloneSet: 'CLONE_SET', StatefulSet: 'STATEFUL_SET' };

/** The dashboard's workload a Rollout drives (a Kruise CloneSet or Advanced StatefulSet), or null for another kind. */
export function workloadOf(r: Pick<KruiseRollout, 'workloadRef'>): { kind: WorkloadKind; name: string } | null {
  const kind = KINDS[r.workloadRef.kind];
  return kind && r.workloadRef.apiVersion.startsWith('apps.kruise.io/') ? { kind, name: r.workloadRef.name } : null;
}
