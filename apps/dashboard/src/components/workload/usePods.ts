'use client';
// All pods of a workload, live: list (a small first page so the first cells paint at once, then the
// rest in 5,000-pod pages: two round trips for 5,000 pods), then subscribe from the first page's
// resourceVersion: the API replays every change since, so none falls between the list and the moment
// the subscription exists on the server. A reconnect resubscribes from the same version (graphql-ws
// does it); when the API no longer holds changes that old (CONFLICT), the pods are listed again. Live
// events go through a Batcher: a burst of thousands is applied a few times a second, never one render
// per event.
import { useEffect, useMemo, useState } from 'react';
import { describeError } from '../../lib/api/errors';
import { PodChangedDocument, WorkloadPodsDocument, type WorkloadPodsQuery } from '../../lib/api/generated';
import type { Pod, PodEvent, WorkloadKind } from '../../lib/api/types';
import { serverClock } from '../../lib/clock/server-clock';
import { Batcher, browserScheduler } from '../../lib/live/batcher';
import { pageSize } from '../../lib/live/pod-pages';
import { PodStore } from '../../lib/live/pod-store';
import { useSession } from '../session/SessionProvider';

/** Pause before listing again after the API refused to replay (it may be relisting the cluster itself). */
const RELIST_DELAY_MS = 1000;
/** How late after a pod's availableAt the store marks it available: its moment has surely passed. */
const AVAILABLE_SLACK_MS = 50;

export interface PodsState {
  store: PodStore;
  error: string | null;
  loading: boolean;
}

export function usePods(kind: WorkloadKind, namespace: string, name: string): PodsState {
  const { http, live, state } = useSession();
  const store = useMemo(() => new PodStore(), []);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (state !== 'ready') return;
    let stopped = false;
    let unsubscribe: (() => void) | undefined;
    let relistTimer: ReturnType<typeof setTimeout> | undefined;
    const batcher = new Batcher<string, PodEvent>((batch) => store.apply(batch), browserScheduler, 100);
    // minReadySeconds passing is no event: the store marks those pods available when their moment comes.
    let availableTimer: ReturnType<typeof setTimeout> | undefined;
    const awaitAvailable = () => {
      clearTimeout(availableTimer);
      const at = store.nextAvailableAt();
      if (at === undefined) return;
      // availableAt is an instant of the server's clock: counted down on it, not on this browser's.
      availableTimer = setTimeout(() => store.promoteAvailable(serverClock.now()), Math.max(0, at - serverClock.now()) + AVAILABLE_SLACK_MS);
    };
    const offStore = store.subscribe(awaitAvailable);

    async function load() {
      setLoading(true);
      try {
        const all: Pod[] = [];
        let after: string | null = null;
        let listedAt: string | undefined;
        let pages = 0;
        do {
          const page: WorkloadPodsQuery = await http.request(WorkloadPodsDocument, { kind, namespace, name, first: pageSize(pages), after });
          pages++;
          if (stopped) return;
          if (!page.workload) break;
          listedAt ??= page.workload.pods.resourceVersion;
          all.push(...page.workload.pods.edges.map((e) => e.node));
          after = page.workload.pods.pageInfo.hasNextPage ? page.workload.pods.pageInfo.endCursor : null;
          // Show the first page while the rest loads: a 5,000-pod grid fills in, not all at once.
          if (after) store.replaceAll(all);
        } while (after);
        unsubscribe?.();
        batcher.drain();
        store.replaceAll(all);
        follow(listedAt);
        setError(null);
      } catch (err) {
        if (!stopped) setError(describeError(err, 'load the pods'));
      } finally {
        if (!stopped) setLoading(false);
      }
    }

    function follow(resourceVersion: string | undefined) {
      unsubscribe = live.subscribe(
        PodChangedDocument,
        { namespace, workload: name, resourceVersion },
        ({ podChanged }) => batcher.push(podChanged.pod.name, podChanged),
        (err) => {
          if (err.code === 'CONFLICT') relistTimer = setTimeout(() => void load(), RELIST_DELAY_MS);
          else setError(describeError(err, 'follow pod changes'));
        },
      );
    }

    void load();
    return () => {
      stopped = true;
      unsubscribe?.();
      offStore();
      clearTimeout(availableTimer);
      clearTimeout(relistTimer);
      batcher.stop();
    };
  }, [http, live, state, store, kind, namespace, name]);

  return { store, error, loading };
}
