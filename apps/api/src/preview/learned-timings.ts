// The fork's kubelet timings. Given ones (the embedded cluster's own configuration) are exact; otherwise
// they are learned from the pods' recent starts (PodScheduled to ContainersReady, the median of the
// newest starts), or the simulator's documented defaults when no pod shows a start.
import { DEFAULT_KUBELET_OPTIONS, type KubeletOptions } from '@coxswain/cluster';
import type { Pod } from '@coxswain/kruise-api';
import type { PreviewTimings } from './preview-types.js';

/** How many of the newest pod starts the median is taken over. */
export const LEARNED_SAMPLES = 50;

export function forkTimings(pods: readonly Pod[], configured?: Partial<KubeletOptions>): PreviewTimings {
  const base = { imagePullMs: DEFAULT_KUBELET_OPTIONS.imagePullMs, containerStartMs: DEFAULT_KUBELET_OPTIONS.containerStartMs, terminationMs: DEFAULT_KUBELET_OPTIONS.terminationMs };
  if (configured) return { source: 'CONFIGURED', samples: 0, ...base, ...pick(configured) };
  const starts = startDurations(pods);
  if (starts.length === 0) return { source: 'DEFAULT', samples: 0, ...base };
  const median = starts[Math.floor(starts.length / 2)]!;
  // A start is an image pull then a container start: the container start keeps its default, the pull
  // takes the rest (a start faster than the default container start is all container start).
  const containerStartMs = Math.min(base.containerStartMs, median);
  return { source: 'LEARNED', samples: starts.length, imagePullMs: median - containerStartMs, containerStartMs, terminationMs: base.terminationMs };
}

/** Ms from scheduled to containers ready of the newest LEARNED_SAMPLES pods that show both, ascending. */
export function startDurations(pods: readonly Pod[]): number[] {
  const samples: { at: number; ms: number }[] = [];
  for (const pod of pods) {
    const conditions = pod.status?.conditions ?? [];
    const scheduled = conditions.find((c) => c.type === 'PodScheduled' && c.status === 'True');
    const ready = conditions.find((c) => c.type === 'ContainersReady' && c.status === 'True');
    const from = Date.parse(scheduled?.lastTransitionTime ?? '');
    const to = Date.parse(ready?.lastTransitionTime ?? '');
    if (Number.isFinite(from) && Number.isFinite(to) && to >= from) samples.push({ at: to, ms: to - from });
  }
  return samples.sort((a, b) => b.at - a.at).slice(0, LEARNED_SAMPLES).map((s) => s.ms).sort((a, b) => a - b);
}

function pick(options: Partial<KubeletOptions>): Partial<Pick<KubeletOptions, 'imagePullMs' | 'containerStartMs' | 'terminationMs'>> {
  const out: Partial<Pick<KubeletOptions, 'imagePullMs' | 'containerStartMs' | 'terminationMs'>> = {};
  for (const key of ['imagePullMs', 'containerStartMs', 'terminationMs'] as const) if (options[key] !== undefined) out[key] = options[key];
  return out;
}
