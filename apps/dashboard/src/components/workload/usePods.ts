'use client';
// All pods of a workload, live: subscribe first (buffering), then list every page, then replay what
// arrived meanwhile, so no change falls between the list and the watch. Live events go through a
// Batcher: a burst of thousands is applied a few times a second, never one render per event.
import { useEffect, useMemo, useState } from 'react';
import { describeError } from '../../lib/api/errors';
import { POD_CHANGED, PODS } from '../../lib/api/queries';
import type { Pod, PodEvent, WorkloadKind } from '../../lib/api/types';
import { Batcher, browserScheduler } from '../../lib/live/batcher';
import { PodStore } from '../../lib/live/pod-store';
import { useSession } from '../session/SessionProvider';

interface Page { workload: { pods: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: Pod }[] } } | null }

export interface PodsState { store: PodStore; error: string | null; loading: boolean }

export function usePods(kind: WorkloadKind, namespace: string, name: string): PodsState {
  const { http, live, state } = useSession();
  const store = useMemo(() => new PodStore(), []);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (state !== 'ready') return;
    let stopped = false;
    let buffer: Map<string, PodEvent> | null = new Map();
    const batcher = new Batcher<string, PodEvent>((batch) => store.apply(batch), browserScheduler, 100);

    async function load() {
      buffer ??= new Map();
      setLoading(true);
      try {
        const all: Pod[] = [];
        let after: string | null = null;
        do {
          const page: Page = await http.request<Page>(PODS, { kind, namespace, name, after });
          if (stopped) return;
          if (!page.workload) break;
          all.push(...page.workload.pods.edges.map((e) => e.node));
          after = page.workload.pods.pageInfo.hasNextPage ? page.workload.pods.pageInfo.endCursor : null;
          // Show the first pages while the rest load: a 5,000-pod grid fills in, not all at once.
          if (after) store.replaceAll(all);
        } while (after);
        batcher.drain();
        store.replaceAll(all);
        const pending = buffer;
        buffer = null;
        for (const [podName, event] of pending) batcher.push(podName, event);
        setError(null);
      } catch (err) {
        if (!stopped) setError(describeError(err, 'load the pods'));
      } finally {
        if (!stopped) setLoading(false);
      }
    }

    const unsubscribe = live.subscribe<{ podChanged: PodEvent }>(
      POD_CHANGED,
      { namespace, workload: name },
      ({ podChanged }) => {
        if (buffer) buffer.set(podChanged.pod.name, podChanged);
        else batcher.push(podChanged.pod.name, podChanged);
      },
      (err) => setError(describeError(err instanceof Error ? err : new Error(JSON.stringify(err)), 'follow pod changes')),
    );
    // graphql-ws sends the subscription once the socket is open; list after that, so the watch is
    // already running on the server when the list is read.
    void live.whenConnected().then(() => {
      if (!stopped) void load();
    });
    const offReconnect = live.onReconnect(() => void load());
    return () => {
      stopped = true;
      unsubscribe();
      offReconnect();
      batcher.stop();
    };
  }, [http, live, state, store, kind, namespace, name]);

  return { store, error, loading };
}
