// How a cell shows a pod's lifecycle and health on top of its revision colour. One mark per pod, the
// most urgent one wins, so a glance at the grid answers "what is in the way".
import type { Pod } from '../api/types';

export type Mark = 'deleting' | 'hook' | 'preparing-delete' | 'updating' | 'not-ready' | 'ready-not-available' | 'none';

export function markOf(pod: Pod): Mark {
  if (pod.deleting) return 'deleting';
  if (pod.pendingHook) return 'hook';
  if (pod.lifecycleState === 'PREPARING_DELETE') return 'preparing-delete';
  if (pod.lifecycleState === 'PREPARING_UPDATE' || pod.lifecycleState === 'UPDATING' || pod.lifecycleState === 'UPDATED') return 'updating';
  if (!pod.ready) return 'not-ready';
  if (!pod.available) return 'ready-not-available';
  return 'none';
}

export const MARK_LEGEND: { mark: Mark; label: string }[] = [
  { mark: 'none', label: 'ready and available' },
  { mark: 'ready-not-available', label: 'ready, not yet available (minReadySeconds)' },
  { mark: 'not-ready', label: 'not ready (hollow)' },
  { mark: 'updating', label: 'preparing update / updating (diagonal)' },
  { mark: 'preparing-delete', label: 'preparing delete (cross)' },
  { mark: 'hook', label: 'waiting on a lifecycle hook (red corner)' },
  { mark: 'deleting', label: 'terminating (faded, cross)' },
];
