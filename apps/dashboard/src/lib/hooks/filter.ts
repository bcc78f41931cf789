// Filters for lists of pending hooks (the Hooks page and a workload's hook panel): hook point exactly,
// text anywhere in pod, workload, node, zone or IP. The Hooks page keeps them in its URL
// (?namespace=&hook=&q=).
import type { HookPoint } from '../api/types';

export const HOOK_POINTS: readonly HookPoint[] = ['PRE_DELETE', 'PRE_UPDATE', 'POST_UPDATE', 'PRE_NORMAL'];

export interface HookFilter {
  namespace: string;
  hook: HookPoint | '';
  text: string;
}

export const NO_HOOK_FILTER: HookFilter = { namespace: '', hook: '', text: '' };

export interface HookRow {
  namespace: string;
  pod: string;
  hook: HookPoint;
  workload?: string;
  node: string | null;
  zone: string | null;
  podIP: string | null;
}

export function filterHooks<H extends HookRow>(rows: readonly H[], f: HookFilter): H[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((h) => {
    if (f.namespace && h.namespace !== f.namespace) return false;
    if (f.hook && h.hook !== f.hook) return false;
    const haystack = `${h.namespace}/${h.pod} ${h.workload ?? ''} ${h.node ?? ''} ${h.zone ?? ''} ${h.podIP ?? ''}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

export function hookFilterFromQuery(params: { get(name: string): string | null }): HookFilter {
  const hook = (params.get('hook') ?? '').toUpperCase() as HookPoint;
  return { namespace: params.get('namespace') ?? '', hook: HOOK_POINTS.includes(hook) ? hook : '', text: params.get('q') ?? '' };
}

export function hookFilterToQuery(f: HookFilter): string {
  const params = new URLSearchParams();
  if (f.namespace) params.set('namespace', f.namespace);
  if (f.hook) params.set('hook', f.hook.toLowerCase());
  if (f.text) params.set('q', f.text);
  const query = params.toString();
  return query ? `?${query}` : '';
}
