// The workload list's filters: namespace, kind and status exactly; text anywhere in name, namespace or images.
import type { WorkloadKind, WorkloadRow } from '../api/types';
import { badgeOf, type WorkloadState } from './status-badge';

export interface WorkloadFilter {
  namespace: string | '';
  kind: WorkloadKind | '';
  state: WorkloadState | '';
  text: string;
}

export const NO_FILTER: WorkloadFilter = { namespace: '', kind: '', state: '', text: '' };

export function filterWorkloads(rows: readonly WorkloadRow[], f: WorkloadFilter): WorkloadRow[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((w) => {
    if (f.namespace && w.namespace !== f.namespace) return false;
    if (f.kind && w.kind !== f.kind) return false;
    if (f.state && badgeOf(w).state !== f.state) return false;
    const haystack = `${w.namespace}/${w.name} ${w.images.join(' ')}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export function namespacesOf(rows: readonly WorkloadRow[]): string[] {
  return [...new Set(rows.map((w) => w.namespace))].sort();
}
