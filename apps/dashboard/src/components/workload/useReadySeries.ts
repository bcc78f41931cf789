'use client';
// Samples ready pods per revision from the live pod store for the "Pods over time" chart: at most
// one sample per store flush (the Batcher already paces those), kept only when a count changed.
import { useEffect, useState } from 'react';
import type { RevisionColor } from '../../lib/grid/colors';
import type { PodStore } from '../../lib/live/pod-store';
import { appendSample, readyByRevision, type Sample } from '../../lib/live/series';

export function useReadySeries(store: PodStore, colors: Map<string, RevisionColor>, desired: number): Sample[] {
  const [series, setSeries] = useState<Sample[]>([]);
  useEffect(() => {
    const sample = () => {
      if (!store.loaded) return;
      const ready = readyByRevision(store.snapshot(), (label) => colors.get(label)?.name ?? label);
      setSeries((s) => appendSample(s, { t: Date.now(), desired, ready }));
    };
    sample();
    return store.subscribe(sample);
  }, [store, colors, desired]);
  return series;
}
