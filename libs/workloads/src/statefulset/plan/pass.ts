// What one planning pass accumulates as its steps run: operations, blockers and events, the error it
// stops on and the soonest it wants to look again. What the steps read is in pass-state.ts.
import { PlanNotes } from '../../plan/plan-notes.js';
import type { PlanError, StatefulSetOperation } from './plan-types.js';

export class Pass {
  readonly ops: StatefulSetOperation[] = [];
  readonly notes = new PlanNotes();
  error: PlanError | undefined;
  requeueAfterMs: number | undefined;

  /** Kruise's durationStore.Push: the smallest positive delay wins. */
  push(ms: number | undefined): void {
    if (ms !== undefined && ms > 0 && (this.requeueAfterMs === undefined || ms < this.requeueAfterMs)) this.requeueAfterMs = ms;
  }

  fail(error: PlanError): void {
    this.error ??= error;
  }
}
