// Workload kinds in URLs (lower-case, as kubectl names them) and in GraphQL (the enum).
import type { WorkloadKind } from './api/types';

const SLUGS: Record<WorkloadKind, string> = { CLONE_SET: 'cloneset', STATEFUL_SET: 'statefulset', UNITED_DEPLOYMENT: 'uniteddeployment' };
const LABELS: Record<WorkloadKind, string> = { CLONE_SET: 'CloneSet', STATEFUL_SET: 'StatefulSet', UNITED_DEPLOYMENT: 'UnitedDeployment' };

export function kindSlug(kind: WorkloadKind): string {
  return SLUGS[kind];
}

export function kindFromSlug(slug: string): WorkloadKind | null {
  return (Object.entries(SLUGS).find(([, s]) => s === slug.toLowerCase())?.[0] as WorkloadKind | undefined) ?? null;
}

export function kindLabel(kind: WorkloadKind): string {
  return LABELS[kind] ?? kind;
}

export function workloadHref(w: { kind: WorkloadKind; namespace: string; name: string }): string {
  return `/workloads/${kindSlug(w.kind)}/${encodeURIComponent(w.namespace)}/${encodeURIComponent(w.name)}`;
}
