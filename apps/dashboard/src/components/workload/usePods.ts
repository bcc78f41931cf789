'use client';
// All pods of a workload, live: subscribe first (buffering), then list (a small first page so the
// first cells paint at once, then the rest in 5,000-pod pages: two round trips for 5,000 pods), then
// replay what arrived meanwhile, so no change falls between the list and the watch. Live events go
// through a Batcher: a burst of thousands is applied a few times a second, never one render per event.
import { useEffect, useMemo, useState } from 'react';
import { describeError } from '../../lib/api/errors';
import { PodChangedDocument, PodsDocument, type PodsQuery } from '../../lib/api/generated';
import type { Pod, PodEvent, WorkloadKind } from '../../lib/api/types';
import { Batcher, browserScheduler } from '../../lib/live/batcher';
import { pageSize } from '../../lib/live/pod-pages';
import { PodStore } from '../../lib/live/pod-store';
import { useSession } from '../session/SessionProvider';

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
        let pages = 0;
        do {
          const page: PodsQuery = await http.request(PodsDocument, { kind, namespace, name, first: pageSize(pages), after });
          pages++;
          if (stopped) return;
          if (!page.workload) break;
          all.push(...page.workload.pods.edges.map((e) => e.node));
          after = page.workload.pods.pageInfo.hasNextPage ? page.workload.pods.pageInfo.endCursor : null;
          // Show the first page while the rest loads: a 5,000-pod grid fills in, not all at once.
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

    const unsubscribe = live.subscribe(
      PodChangedDocument,
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
