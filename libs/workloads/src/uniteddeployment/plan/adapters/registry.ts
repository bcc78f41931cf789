// The subset adapters, one per template kind, and the one a template slot names.
import type { SubsetTemplateKind } from '@coxswain/kruise-api';
import { DEPLOYMENT_SUBSET } from './deployment.js';
import { ADVANCED_STATEFULSET_SUBSET, CLONESET_SUBSET, STATEFULSET_SUBSET } from './partitioned.js';
import type { SubsetAdapter } from './types.js';

/** In the order that wins when several templates are set. */
export const SUBSET_ADAPTERS: readonly SubsetAdapter[] = [STATEFULSET_SUBSET, ADVANCED_STATEFULSET_SUBSET, CLONESET_SUBSET, DEPLOYMENT_SUBSET];

export function subsetAdapter(kind: SubsetTemplateKind): SubsetAdapter {
  return SUBSET_ADAPTERS.find((a) => a.templateKind === kind)!;
}
