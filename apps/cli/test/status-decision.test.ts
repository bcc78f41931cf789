// The exit codes of `coxswain rollout status` (README of apps/cli, "Exit codes"), as one table.
import { describe, expect, it } from '@jest/globals';
import type { HealthState } from '../src/api/generated.js';
import { decide, EXIT } from '../src/rollout/status-decision.js';

const STATES: HealthState[] = ['COMPLETE', 'HELD', 'DEGRADED', 'PROGRESSING', 'WAITING_ON_HOOK'];

describe('rollout status decision', () => {
  // [state, status observed the latest generation, --watch, timed out] -> exit code, or null: keep waiting
  const table: [HealthState, boolean, boolean, boolean, number | null][] = [
    ['COMPLETE', true, false, false, EXIT.COMPLETE],
    ['COMPLETE', true, true, false, EXIT.COMPLETE],
    ['COMPLETE', true, true, true, EXIT.COMPLETE], // a final state seen as the timer fires still counts
    ['HELD', true, false, false, EXIT.HELD],
    ['HELD', true, true, false, EXIT.HELD],
    ['DEGRADED', true, false, false, EXIT.DEGRADED],
    ['DEGRADED', true, true, false, EXIT.DEGRADED],
    ['PROGRESSING', true, false, false, EXIT.IN_PROGRESS],
    ['PROGRESSING', true, true, false, null],
    ['PROGRESSING', true, true, true, EXIT.TIMED_OUT],
    ['WAITING_ON_HOOK', true, false, false, EXIT.IN_PROGRESS],
    ['WAITING_ON_HOOK', true, true, false, null],
    ['WAITING_ON_HOOK', true, true, true, EXIT.TIMED_OUT],
    // The controller has not observed the latest spec: its health may describe the previous one.
    ['COMPLETE', false, false, false, EXIT.IN_PROGRESS],
    ['COMPLETE', false, true, false, null],
    ['HELD', false, true, false, null],
    ['DEGRADED', false, true, false, null],
    ['DEGRADED', false, true, true, EXIT.TIMED_OUT],
  ];

  it.each(table)('%s, observed %s, watch %s, timed out %s -> %s', (state, isObserved, watch, timedOut, expected) => {
    const decision = decide({ generation: 4, observedGeneration: isObserved ? 4 : 3, replicas: 5, updatedReplicas: 5, updatedReadyReplicas: 5, expectedUpdatedReplicas: 5, state }, { watch, timedOut });
    if (expected === null) expect(decision).toEqual({ done: false });
    else expect(decision).toMatchObject({ done: true, exit: expected });
  });

  it('gives every outcome its own exit code', () => {
    const codes = new Set(Object.values(EXIT));
    expect(codes.size).toBe(Object.keys(EXIT).length);
    expect(EXIT.COMPLETE).toBe(0);
  });

  it('never keeps waiting without --watch, whatever the state', () => {
    for (const state of STATES) {
      for (const generation of [3, 4]) {
        expect(decide({ generation, observedGeneration: 3, replicas: 5, updatedReplicas: 0, updatedReadyReplicas: 0, expectedUpdatedReplicas: 5, state }, { watch: false, timedOut: false }).done).toBe(true);
      }
    }
  });

  it('counts a status newer than the spec it read as observed', () => {
    expect(decide({ generation: 4, observedGeneration: 5, replicas: 5, updatedReplicas: 5, updatedReadyReplicas: 5, expectedUpdatedReplicas: 5, state: 'COMPLETE' }, { watch: true, timedOut: false })).toMatchObject({ exit: EXIT.COMPLETE });
  });

  // The health reads the pods; the status counts are the controller's next write. Complete is answered
  // once both agree, so a `get` right after shows the same.
  it.each<[number, number, number, number, boolean, number | null]>([
    [3, 5, 5, 5, true, null],
    [3, 5, 5, 5, false, EXIT.IN_PROGRESS],
    [5, 5, 5, 6, true, null], // a pod of the old revision still counted (being deleted)
    [5, 5, 5, 5, true, EXIT.COMPLETE],
    [6, 5, 6, 6, true, EXIT.COMPLETE],
  ])('complete with %d of %d expected updated pods ready, %d of %d updated in the status, watch %s -> %s', (ready, expected, updated, total, watch, exit) => {
    const decision = decide({ generation: 4, observedGeneration: 4, replicas: total, updatedReplicas: updated, updatedReadyReplicas: ready, expectedUpdatedReplicas: expected, state: 'COMPLETE' }, { watch, timedOut: false });
    if (exit === null) expect(decision).toEqual({ done: false });
    else expect(decision).toMatchObject({ done: true, exit });
  });

  it('answers held and degraded from the health alone (a paused rollout never reaches its expected count)', () => {
    for (const state of ['HELD', 'DEGRADED'] as const) {
      expect(decide({ generation: 4, observedGeneration: 4, replicas: 5, updatedReplicas: 1, updatedReadyReplicas: 1, expectedUpdatedReplicas: 5, state }, { watch: true, timedOut: false })).toMatchObject({ done: true });
    }
  });
});
