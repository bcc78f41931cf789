'use client';
// One live query: the loop the workload list and the workload page share. It loads, then follows a
// subscription whose events are merged into the data at once, each followed by a reload of the rest
// (derived data, additions and deletions) paced by ReloadPace: never sooner than `reloadMinMs` after the
// last, nor sooner than five times as long as the last load took, so an open page never takes more than
// a small share of the API's time however busy the rollout. It reloads after every reconnect (changes
// may have been missed while the socket was down) and every `pollMs` (a quiet rollout still moves:
// minReadySeconds, plan blockers). Answers that arrive after the query stopped (another workload, sign
// out) are dropped.
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { describeError } from '../../lib/api/errors';
import type { GraphQLHttp } from '../../lib/api/graphql-client';
import type { LiveClient } from '../../lib/api/ws-client';
import { ReloadPace } from '../../lib/live/reload-pace';
import { useSession } from '../session/SessionProvider';

/** Applies a change to the data (an answer, part of one, or an event); does nothing once the query stopped. */
export type Update<T> = (change: (current: T | null) => T | null) => void;

export interface LiveQuery<T> {
  /**
   * One full load: applies what it reads through `update`, in parts if it asks in parts (so the first
   * answer paints without waiting for a slower one); rejects when any part failed.
   */
  load(update: Update<T>): Promise<void>;
  /** Subscribes: each event is applied through `changed`, which also schedules a paced reload. Returns the unsubscribe. */
  follow(changed: Update<T>): () => void;
  /** The infinitive of the error sentence: "Could not <action>: …". */
  action: string;
  /** The least time between reloads that events cause (ms). */
  reloadMinMs: number;
  /** Reload this often without events (ms). */
  pollMs: number;
}

export interface LiveQueryState<T> {
  /** Null until the first load applied something. */
  data: T | null;
  /** The last load's failure in words; null after a load that succeeded. */
  error: string | null;
  /** Loads again now (after a change this page made, or a CONFLICT). */
  reload(): void;
}

/**
 * Runs `create`'s query while the session is ready; a change of `deps` (what `create` reads, as for
 * useEffect) stops it and starts the new one. The data is kept across that change until the new
 * query's first answer replaces it.
 */
export function useLiveQuery<T>(create: (api: { http: GraphQLHttp; live: LiveClient }) => LiveQuery<T>, deps: DependencyList): LiveQueryState<T> {
  const { http, live, state } = useSession();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reloadRef = useRef<() => void>(() => {});

  useEffect(
    () => {
      if (state !== 'ready') return;
      const query = create({ http, live });
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const pace = new ReloadPace(query.reloadMinMs);
      const update: Update<T> = (change) => {
        if (!stopped) setData(change);
      };

      async function load() {
        pace.started(Date.now());
        let failure: { reason: unknown } | null = null;
        try {
          await query.load(update);
        } catch (reason) {
          failure = { reason };
        }
        pace.finished(Date.now());
        if (stopped) return;
        setError(failure ? describeError(failure.reason, query.action) : null);
      }
      const reloadSoon = () => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = null;
          void load();
        }, pace.delay(Date.now()));
      };
      reloadRef.current = () => void load();

      void load();
      const unsubscribe = query.follow((change) => {
        update(change);
        reloadSoon();
      });
      const offReconnect = live.onReconnect(() => void load());
      const poll = setInterval(() => void load(), query.pollMs);
      return () => {
        stopped = true;
        unsubscribe();
        offReconnect();
        clearInterval(poll);
        if (timer) clearTimeout(timer);
      };
    },
    // `create` is new on every render: what it reads is in `deps`, checked by the lint
    // (react-hooks/exhaustive-deps knows useLiveQuery as a hook with dependencies).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [http, live, state, ...deps],
  );

  const reload = useCallback(() => reloadRef.current(), []);
  return { data, error, reload };
}
