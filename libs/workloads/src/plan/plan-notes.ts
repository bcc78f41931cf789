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
  /** code and message of each blocker noted: a plan notes one per pod held by its hook (thousands). */
  private readonly noted = new Set<string>();

  /** `until`: when the blocker lifts by itself (Blocker.until). */
  blocker(code: BlockerCode, message: string, pods: string[], until?: number): void {
    const key = `${code}\n${message}`;
    if (this.noted.has(key)) return;
    this.noted.add(key);
    this.blockers.push(until === undefined ? { code, message, pods } : { code, message, pods, until });
  }

  event(type: PlannedEvent['type'], reason: string, message: string): void {
    this.events.push({ type, reason, message });
  }
}
