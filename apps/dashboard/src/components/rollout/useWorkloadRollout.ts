'use client';
// The Rollout that drives a workload (Workload.rollout), live (useLiveQuery): rolloutChanged events of the
// namespace that name this workload replace the Rollout at once (step, state, analysis), and the paced
// reload that follows brings its history (who approved, jumped or aborted) and a Rollout created or
// deleted since.
import { RolloutChangedDocument, WorkloadRolloutDocument } from '../../lib/api/generated';
import type { RolloutWithHistory, WorkloadKind } from '../../lib/api/types';
import { drives } from '../../lib/kruise-rollout/workload-ref';
import { useLiveQuery } from '../common/useLiveQuery';

const RELOAD_MIN_MS = 1000;
const POLL_MS = 15_000;

export interface WorkloadRolloutState {
  /** Null when no Rollout drives the workload (or before the first answer). */
  rollout: RolloutWithHistory | null;
  error: string | null;
  reload(): void;
}

interface Loaded {
  rollout: RolloutWithHistory | null;
}

export function useWorkloadRollout(kind: WorkloadKind, namespace: string, name: string): WorkloadRolloutState {
  const { data, error, reload } = useLiveQuery<Loaded>(
    ({ http, live }) => ({
      action: `load the Rollout of ${namespace}/${name}`,
      reloadMinMs: RELOAD_MIN_MS,
      pollMs: POLL_MS,
      async load(update) {
        const answer = await http.request(WorkloadRolloutDocument, { kind, namespace, name });
        update(() => ({ rollout: answer.workload?.rollout ?? null }));
      },
      follow: (changed) =>
        live.subscribe(RolloutChangedDocument, { namespace }, ({ rolloutChanged: { type, rollout } }) => {
          if (!drives(rollout, kind, name)) return;
          changed((c) => {
            if (type === 'DELETED') return { rollout: null };
            const current = c?.rollout;
            if (current && current.uid === rollout.uid && Number(rollout.resourceVersion) < Number(current.resourceVersion)) return c;
            return { rollout: { ...rollout, history: current?.uid === rollout.uid ? current.history : [] } };
          });
        }),
    }),
    [kind, namespace, name],
  );
  return { rollout: data?.rollout ?? null, error, reload };
}
