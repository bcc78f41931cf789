// The one-word status of a workload for the list and the page header.
//  complete    : the plan has nothing left to do (every pod updated and available);
//  paused      : updateStrategy.paused, or the current step is done and only the partition holds the rest;
//  blocked     : something other than the partition stops progress and nothing is planned;
//  progressing : otherwise (pods are being created, updated, or becoming ready).
import type { WorkloadRow } from '../api/types';
import { progressOf } from './progress';

export type WorkloadState = 'progressing' | 'paused' | 'blocked' | 'complete';

export interface Badge { state: WorkloadState; detail: string }

export function badgeOf(w: WorkloadRow): Badge {
  const p = progressOf(w);
  const otherBlockers = w.plan.blockers.filter((b) => b.code !== 'PARTITION');
  if (w.plan.complete && p.observed) return { state: 'complete', detail: 'every pod is updated and available' };
  if (p.paused) return { state: 'paused', detail: 'updateStrategy.paused is set: no pod is updated until resumed' };
  if (otherBlockers.length > 0 && w.plan.actions.length === 0) {
    return { state: 'blocked', detail: otherBlockers.map((b) => b.message).join('; ') };
  }
  if (p.stepDone && w.plan.actions.length === 0 && w.plan.blockers.some((b) => b.code === 'PARTITION')) {
    return { state: 'paused', detail: `held by partition ${p.partitionRaw}: ${p.partition} pods stay on the current revision` };
  }
  return { state: 'progressing', detail: `${p.updatedAvailable} of ${p.expectedUpdated} expected updated pods available` };
}
