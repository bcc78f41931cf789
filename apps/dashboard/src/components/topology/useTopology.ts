'use client';
// The cluster's topology, polled every 2 s while the tab is visible (at once again when it shows).
// Polled, not streamed: it is one small answer about every node, and no subscription serves it.
import { useEffect, useState } from 'react';
import { describeError, isMissingField } from '../../lib/api/errors';
import { TopologyDocument } from '../../lib/api/generated';
import type { ClusterTopology } from '../../lib/api/types';
import { usePageVisible } from '../common/usePageVisible';
import { useSession } from '../session/SessionProvider';

const POLL_MS = 2000;

export interface TopologyState {
  topology: ClusterTopology | null;
  error: string | null;
  /** The API has no `topology` query (an older API): the page says so instead of retrying. */
  unsupported: boolean;
  /** When the shown topology was read (ms). */
  at: number | null;
}

export function useTopology(): TopologyState {
  const { http, state } = useSession();
  const visible = usePageVisible();
  const [result, setResult] = useState<TopologyState>({ topology: null, error: null, unsupported: false, at: null });

  useEffect(() => {
    if (state !== 'ready' || !visible) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // One request at a time: the next starts 2 s after the last answer, so a slow API is not piled on.
    const load = async () => {
      try {
        const data = await http.request(TopologyDocument);
        if (stopped) return;
        setResult({ topology: data.topology, error: null, unsupported: false, at: Date.now() });
      } catch (err) {
        if (stopped) return;
        if (isMissingField(err, 'topology')) return setResult((r) => ({ ...r, unsupported: true, error: null }));
        setResult((r) => ({ ...r, error: describeError(err, 'read the cluster topology') }));
      }
      if (!stopped) timer = setTimeout(() => void load(), POLL_MS);
    };
    void load();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [http, state, visible]);

  return result;
}
