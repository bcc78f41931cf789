// ApplySubsetTemplate (docs/spec/uniteddeployment.md §3.2): a subset workload rendered from the
// UnitedDeployment's template, onto a fresh object (create) or onto the current one (update; its spec
// is replaced, so manual edits do not survive). The subset's nodeSelectorTerm and tolerations are
// attached to the pod template first, then its patch is merged into the pod template. Pure.
import {
  ANNOTATION_SUBSET_PATCH, isDNS1123Subdomain, LABEL_KRUISE_CONTROLLER_REVISION_HASH, LABEL_SUBSET_NAME,
  type JsonObject, type JsonValue, type NodeSelectorTerm, type OwnerReference, type PodTemplateSpec, type Subset, type UnitedDeployment,
} from '@coxswain/kruise-api';
import { withControllerRef } from '../../ownership/claim.js';
import type { SubsetAdapter, SubsetWorkload, WorkloadSpec } from './adapters/types.js';
import { StrategicMergeError, strategicMerge } from './strategic-merge.js';

export interface RenderInput {
  ud: UnitedDeployment;
  adapter: SubsetAdapter;
  subset: Subset;
  /** The UnitedDeployment's update revision name. */
  revision: string;
  replicas: number;
  partition: number;
  /** The workload as fetched, for an update; absent for a create. */
  current?: SubsetWorkload;
  /** Reservation strategy on an unschedulable subset (update only): the workload's max unavailable. */
  maxUnavailable?: number;
}

export class SubsetRenderError extends Error {}

/** The annotation value a subset's patch is recorded under: its JSON, or "" without one. */
export function subsetPatchText(subset: Subset): string {
  return subset.patch === undefined || subset.patch === null ? '' : JSON.stringify(subset.patch);
}

/** `<ud>-<subset>-` when that is a valid generateName, else `<ud>-`. */
export function subsetGenerateName(udName: string, subsetName: string): string {
  const prefix = `${udName}-${subsetName}-`;
  // A generateName is validated with its trailing '-' masked, as Kubernetes' NameIsDNSSubdomain(prefix=true) does.
  return isDNS1123Subdomain(`${prefix.slice(0, -1)}a`).length === 0 ? prefix : `${udName}-`;
}

export function udControllerRef(ud: UnitedDeployment): OwnerReference {
  return { apiVersion: ud.apiVersion, kind: 'UnitedDeployment', name: ud.metadata.name!, uid: ud.metadata.uid!, controller: true, blockOwnerDeletion: true };
}

export function renderSubsetWorkload({ ud, adapter, subset, revision, replicas, partition, current, maxUnavailable }: RenderInput): SubsetWorkload {
  const template = ud.spec.template[adapter.templateKind] as { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: WorkloadSpec } | undefined;
  if (!template) throw new SubsetRenderError(`spec.template.${adapter.templateKind} is not set`);
  const base: SubsetWorkload = current
    ? structuredClone(current)
    : { apiVersion: adapter.ref.apiVersion, kind: adapter.ref.kind, metadata: { generateName: subsetGenerateName(ud.metadata.name!, subset.name) }, spec: {} };
  base.metadata.namespace = ud.metadata.namespace;
  base.metadata.labels = {
    ...(base.metadata.labels ?? {}),
    ...(template.metadata?.labels ?? {}),
    ...(ud.spec.selector.matchLabels ?? {}),
    [LABEL_KRUISE_CONTROLLER_REVISION_HASH]: revision,
    [LABEL_SUBSET_NAME]: subset.name,
  };
  base.metadata.annotations = { ...(base.metadata.annotations ?? {}), ...(template.metadata?.annotations ?? {}), [ANNOTATION_SUBSET_PATCH]: subsetPatchText(subset) };

  // A template without a spec (Kruise validates no cloneSetTemplate) renders Go's zero-value spec.
  const spec = structuredClone(template.spec ?? {}) as WorkloadSpec;
  spec['selector'] = { ...structuredClone(ud.spec.selector), matchLabels: { ...(ud.spec.selector.matchLabels ?? {}), [LABEL_SUBSET_NAME]: subset.name } };
  spec.replicas = replicas;
  adapter.applyPartition(spec, partition);
  if (maxUnavailable !== undefined) adapter.setMaxUnavailable(spec, maxUnavailable);
  spec['template'] = podTemplate(spec['template'] as PodTemplateSpec | undefined, subset, revision);
  const rendered = withControllerRef({ ...base, spec }, udControllerRef(ud));
  return rendered;
}

function podTemplate(input: PodTemplateSpec | undefined, subset: Subset, revision: string): PodTemplateSpec {
  const template: PodTemplateSpec = structuredClone(input ?? { spec: { containers: [] } });
  template.metadata = {
    ...(template.metadata ?? {}),
    labels: { ...(template.metadata?.labels ?? {}), [LABEL_SUBSET_NAME]: subset.name, [LABEL_KRUISE_CONTROLLER_REVISION_HASH]: revision },
  };
  const spec = (template.spec ??= { containers: [] });
  const expressions = subset.nodeSelectorTerm?.matchExpressions ?? [];
  if (expressions.length > 0) {
    const affinity = (spec.affinity ??= {});
    const nodeAffinity = (affinity.nodeAffinity ??= {});
    const required = (nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution ??= { nodeSelectorTerms: [] });
    if (required.nodeSelectorTerms.length === 0) required.nodeSelectorTerms.push({});
    required.nodeSelectorTerms = required.nodeSelectorTerms.map((term: NodeSelectorTerm) => ({
      ...term, matchExpressions: [...(term.matchExpressions ?? []), ...structuredClone(expressions)],
    }));
  }
  if (subset.tolerations !== undefined && subset.tolerations !== null) spec.tolerations = [...(spec.tolerations ?? []), ...structuredClone(subset.tolerations)];
  if (subset.patch === undefined || subset.patch === null) return template;
  try {
    return strategicMerge(template as unknown as JsonValue, subset.patch as JsonObject) as unknown as PodTemplateSpec;
  } catch (err) {
    const why = err instanceof StrategicMergeError ? err.message : String(err);
    throw new SubsetRenderError(`subset ${subset.name}: patch cannot be applied to the pod template: ${why}`);
  }
}
