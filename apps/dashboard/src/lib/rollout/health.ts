// The workload's status as the API computes it once for everyone (Workload.health, issue 14 item 4):
// the badge word, what it asks of the reader, its form in a URL, and the order of the Status filter
// (what needs a person first).
import type { HealthState } from '../api/types';

export const HEALTH_STATES: readonly HealthState[] = ['DEGRADED', 'WAITING_ON_HOOK', 'HELD', 'PROGRESSING', 'COMPLETE'];

const WORDS: Record<HealthState, string> = {
  COMPLETE: 'complete',
  PROGRESSING: 'progressing',
  HELD: 'held',
  WAITING_ON_HOOK: 'waiting on hook',
  DEGRADED: 'degraded',
};

/** What each state asks of the person reading it (the badge's tooltip and the filter's help). */
const MEANING: Record<HealthState, string> = {
  COMPLETE: 'every pod is at the update revision and available',
  PROGRESSING: 'advancing as the strategy allows; nothing to do',
  HELD: 'a partition or a pause keeps the rest back: a person must step it',
  WAITING_ON_HOOK: 'pods wait for a lifecycle hook to be acknowledged',
  DEGRADED: 'pods fail, cannot be scheduled or pulled, or the rollout missed its deadline',
};

export function healthWord(state: HealthState): string {
  return WORDS[state] ?? state.toLowerCase();
}

export function healthMeaning(state: HealthState): string {
  return MEANING[state] ?? '';
}

/** The state in a URL ("waiting-on-hook"), and back. */
export function healthSlug(state: HealthState): string {
  return state.toLowerCase().replace(/_/g, '-');
}

export function healthFromSlug(slug: string | null | undefined): HealthState | '' {
  const state = (slug ?? '').toUpperCase().replace(/-/g, '_') as HealthState;
  return HEALTH_STATES.includes(state) ? state : '';
}
