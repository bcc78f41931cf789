// Which NodeImages an ImagePullJob pulls on (docs/spec/image-pull.md §3.3): the nodes of the active,
// scheduled pods its podSelector matches in its namespace; else every NodeImage (no selector); else the
// named ones that exist (names, even empty); else those whose labels (the node's) match the label
// selector, an empty one matching all. Sorted by name, as the controller's sorted set keeps them (docs/spec/image-pull.md §3.5).
// Pure.
import { Selector, type ImagePullJob, type NodeImage, type Pod } from '@coxswain/kruise-api';
import { isActive } from '../../pod/pod-state.js';

export function selectJobNodeImages(job: ImagePullJob, nodeImages: readonly NodeImage[], pods: readonly Pod[]): NodeImage[] {
  const byName = new Map(nodeImages.map((n) => [n.metadata.name ?? '', n]));
  const picked = new Set<string>();
  const { podSelector, selector } = job.spec;
  if (podSelector) {
    const matches = selectorOrNothing(podSelector);
    for (const pod of pods) {
      if (pod.metadata.namespace !== job.metadata.namespace || !isActive(pod) || !pod.spec?.nodeName) continue;
      if (matches(pod.metadata.labels ?? {}) && byName.has(pod.spec.nodeName)) picked.add(pod.spec.nodeName);
    }
  } else if (!selector) {
    for (const name of byName.keys()) picked.add(name);
  } else if (selector.names !== undefined) {
    for (const name of selector.names) if (byName.has(name)) picked.add(name);
  } else {
    const matches = selectorOrNothing({ matchLabels: selector.matchLabels, matchExpressions: selector.matchExpressions });
    for (const [name, nodeImage] of byName) if (matches(nodeImage.metadata.labels ?? {})) picked.add(name);
  }
  return [...picked].sort().map((name) => byName.get(name)!);
}

/** A selector admission let through always parses; one that does not (stored before validation) selects nothing. */
function selectorOrNothing(selector: Parameters<typeof Selector.fromLabelSelector>[0]): (labels: Record<string, string>) => boolean {
  try {
    const parsed = Selector.fromLabelSelector(selector);
    return (labels) => parsed.matches(labels);
  } catch {
    return () => false;
  }
}

/** A job still running: not being deleted, not finished (the ones NodeImage and pod events wake, docs/spec/image-pull.md §3.1). */
export function isActiveJob(job: ImagePullJob): boolean {
  return !job.metadata.deletionTimestamp && !job.status?.completionTime;
}

/** Whether the pod is one a job's podSelector picks a node by (docs/spec/image-pull.md §3.3). */
export function jobSelectsPod(job: ImagePullJob, pod: Pod): boolean {
  if (!job.spec.podSelector || pod.metadata.namespace !== job.metadata.namespace || !pod.spec?.nodeName) return false;
  return selectorOrNothing(job.spec.podSelector)(pod.metadata.labels ?? {});
}
