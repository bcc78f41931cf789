'use client';
// The store's pods sorted by name, re-rendering the component when they change: the same array until
// the next change (PodStore.snapshot), so memos keyed on it recompute only then.
import { useSyncExternalStore } from 'react';
import type { Pod } from '../../lib/api/types';
import type { PodStore } from '../../lib/live/pod-store';

export function usePodSnapshot(store: PodStore): Pod[] {
  return useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}
