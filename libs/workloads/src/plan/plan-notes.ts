// What a planner notes besides its operations: the plan's blockers and the Kubernetes Events the
// reconcile should record.
import type { Blocker, BlockerCode } from './plan-types.js';

export interface PlannedEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

/** Collects blockers (deduplicated by code and message) and events while a plan is computed, for any kind. */
export class PlanNotes {
  readonly blockers: Blocker[] = [];
  readonly events: PlannedEvent[] = [];

  blocker(code: BlockerCode, message: string, pods: string[]): void {
    if (!this.blockers.some((b) => b.code === code && b.message === message)) this.blockers.push({ code, message, pods });
  }

  event(type: PlannedEvent['type'], reason: string, message: string): void {
    this.events.push({ type, reason, message });
  }
}
