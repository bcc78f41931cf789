// What `coxswain rollout status` answers, and with which exit code, from the API's Workload.health (the
// one judgement the dashboard shows too) and whether the controller has seen the latest spec yet:
//
//   exit 0  complete     every pod at the update revision and available, and the status says so too
//                        (observedGeneration >= generation, updatedReadyReplicas >= expectedUpdatedReplicas:
//                        the condition docs/cloneset.md gives automation; and no pod left outside the update
//                        revision, status.updatedReplicas >= status.replicas, kubectl's own check), so a
//                        `get` right after agrees
//   exit 3  held         a partition or a pause keeps the rest back: a person must step or resume it
//   exit 4  degraded     pods fail, cannot be scheduled or pulled, or the progress deadline passed
//   exit 5  timed out    --timeout passed before the rollout reached one of the above
//   exit 6  in progress  without --watch: still progressing, or waiting on a lifecycle hook
//
// With --watch the command waits through "in progress" (progressing, waiting on a hook, or a spec the
// controller has not observed yet) until a final answer or the timeout. Exit 1 is an error (the
// workload is missing, the API refused), exit 2 a usage error, as for every command.
import type { HealthState } from '../api/generated.js';

export const EXIT = {
  COMPLETE: 0,
  ERROR: 1,
  USAGE: 2,
  HELD: 3,
  DEGRADED: 4,
  TIMED_OUT: 5,
  IN_PROGRESS: 6,
} as const;

export type Outcome = 'complete' | 'held' | 'degraded' | 'timed-out' | 'in-progress';

export interface Observation {
  generation: number;
  observedGeneration: number;
  /** status.replicas */
  replicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  expectedUpdatedReplicas: number;
  state: HealthState;
}

export type Decision = { done: true; exit: number; outcome: Outcome } | { done: false };

const FINAL: Partial<Record<HealthState, { exit: number; outcome: Outcome }>> = {
  COMPLETE: { exit: EXIT.COMPLETE, outcome: 'complete' },
  HELD: { exit: EXIT.HELD, outcome: 'held' },
  DEGRADED: { exit: EXIT.DEGRADED, outcome: 'degraded' },
};

/** Whether the status describes the spec as it is now (the controller has observed the latest generation). */
export function observed(o: Observation): boolean {
  return o.observedGeneration >= o.generation;
}

/** Whether the status counts have caught up with a complete rollout (the health reads the pods directly). */
export function statusCaughtUp(o: Observation): boolean {
  return o.updatedReadyReplicas >= o.expectedUpdatedReplicas && o.updatedReplicas >= o.replicas;
}

export function decide(o: Observation, options: { watch: boolean; timedOut: boolean }): Decision {
  const final = observed(o) && (o.state !== 'COMPLETE' || statusCaughtUp(o)) ? FINAL[o.state] : undefined;
  if (final) return { done: true, ...final };
  if (!options.watch) return { done: true, exit: EXIT.IN_PROGRESS, outcome: 'in-progress' };
  if (options.timedOut) return { done: true, exit: EXIT.TIMED_OUT, outcome: 'timed-out' };
  return { done: false };
}
