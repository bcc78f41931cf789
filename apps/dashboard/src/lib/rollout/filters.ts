// The workload list's filters: namespace, kind and health state exactly; text anywhere in name,
// namespace or images. They live in the URL (?namespace=&kind=&status=&q=), so a reload, a shared
// link or the back button shows the same list.
import type { HealthState, WorkloadKind, Workload } from '../api/types';
import { kindFromSlug, kindSlug } from '../kinds';
import { healthFromSlug, healthSlug } from './health';

export interface WorkloadFilter {
  namespace: string;
  kind: WorkloadKind | '';
  state: HealthState | '';
  text: string;
}

export const NO_FILTER: WorkloadFilter = { namespace: '', kind: '', state: '', text: '' };

export function filterWorkloads<W extends Workload>(rows: readonly W[], f: WorkloadFilter): W[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((w) => {
    if (f.namespace && w.namespace !== f.namespace) return false;
    if (f.kind && w.kind !== f.kind) return false;
    if (f.state && w.health.state !== f.state) return false;
    const haystack = `${w.namespace}/${w.name} ${w.images.join(' ')}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export function namespacesOf(rows: readonly Pick<Workload, 'namespace'>[]): string[] {
  return [...new Set(rows.map((w) => w.namespace))].sort();
}

/** Reads the filter from a query string; unknown kinds and states are ignored. */
export function filterFromQuery(params: { get(name: string): string | null }): WorkloadFilter {
  const kind = params.get('kind');
  return {
    namespace: params.get('namespace') ?? '',
    kind: (kind && kindFromSlug(kind)) || '',
    state: healthFromSlug(params.get('status')),
    text: params.get('q') ?? '',
  };
}

/** The query string of a filter ("" when nothing is filtered), keys in a fixed order. */
export function filterToQuery(f: WorkloadFilter): string {
  const params = new URLSearchParams();
  if (f.namespace) params.set('namespace', f.namespace);
  if (f.kind) params.set('kind', kindSlug(f.kind));
  if (f.state) params.set('status', healthSlug(f.state));
  if (f.text) params.set('q', f.text);
  const query = params.toString();
  return query ? `?${query}` : '';
}
