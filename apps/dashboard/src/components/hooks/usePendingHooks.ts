'use client';
// Pods waiting on a lifecycle hook, from `pendingHooks`. Polled, not streamed: hook-ackers may list
// and acknowledge hooks but not subscribe to pod changes (the API's access policy), and a 2 s poll of
// one small list is cheap.
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../lib/api/errors';
import { PendingHooksDocument } from '../../lib/api/generated';
import type { PendingHook } from '../../lib/api/types';
import { useSession } from '../session/SessionProvider';

const POLL_MS = 2000;

export function usePendingHooks(namespace?: string): { hooks: PendingHook[] | null; error: string | null; reload(): void } {
  const { http, state } = useSession();
  const [hooks, setHooks] = useState<PendingHook[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loadRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (state !== 'ready') return;
    let stopped = false;
    const load = async () => {
      try {
        const data = await http.request(PendingHooksDocument, { namespace: namespace ?? null });
        if (!stopped) {
          setHooks(data.pendingHooks);
          setError(null);
        }
      } catch (err) {
        if (!stopped) setError(describeError(err, 'list the pending hooks'));
      }
    };
    loadRef.current = () => void load();
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [http, state, namespace]);

  const reload = useCallback(() => loadRef.current(), []);
  return { hooks, error, reload };
}
