// The revisions an SRE looks at first, each with its pods (as Argo Rollouts shows a rollout): the update
// revision, then every other revision that still has pods, newest first. Pods whose revision label no
// known revision matches (a revision just created, or already pruned) get a group of their own.
import type { Pod, Revision } from '../api/types';

export interface RevisionGroup {
  name: string;
  revision: Revision | null;
  pods: Pod[];
  ready: number;
  available: number;
}

export function revisionGroups(revisions: readonly Revision[], pods: Iterable<Pod>): RevisionGroup[] {
  const byLabel = new Map<string, Revision>();
  for (const r of revisions) {
    byLabel.set(r.name, r);
    byLabel.set(r.hash, r);
  }
  const groups = new Map<string, RevisionGroup>();
  const group = (name: string, revision: Revision | null) => {
    let g = groups.get(name);
    if (!g) groups.set(name, (g = { name, revision, pods: [], ready: 0, available: 0 }));
    return g;
  };
  for (const r of revisions) if (r.isUpdate) group(r.name, r);
  for (const pod of pods) {
    const r = byLabel.get(pod.revision) ?? null;
    const g = group(r?.name ?? pod.revision, r);
    g.pods.push(pod);
    if (pod.ready) g.ready++;
    if (pod.available) g.available++;
  }
  const rank = (g: RevisionGroup) => (g.revision?.isUpdate ? Infinity : (g.revision?.revision ?? Number.MAX_SAFE_INTEGER));
  return [...groups.values()].sort((a, b) => rank(b) - rank(a) || (a.name < b.name ? -1 : 1));
}
