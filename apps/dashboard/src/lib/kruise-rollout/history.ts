// A Rollout's approvals, jumps and aborts in words (Rollout.history, from the audit log): who, what, which
// step, why, and whether the API refused it. Pure.
import type { RolloutHistoryEntry } from '../api/types';

const VERBS: Record<string, { done: string; tried: string }> = {
  APPROVE: { done: 'approved', tried: 'approving' },
  JUMP: { done: 'jumped to', tried: 'jumping to' },
  ABORT: { done: 'aborted the release at', tried: 'aborting the release at' },
};

export function historyWords(e: RolloutHistoryEntry): string {
  const verb = VERBS[e.action] ?? { done: e.action.toLowerCase(), tried: e.action.toLowerCase() };
  const step = e.stepIndex === null ? 'a step' : `step ${e.stepIndex}`;
  const from = e.action === 'JUMP' && e.fromStepIndex !== null ? ` (from step ${e.fromStepIndex})` : '';
  const who = `${e.actorName} (${e.actorRole})`;
  if (e.result !== 'ok') {
    const what =
      e.action === 'JUMP' && e.stepIndex !== null
        ? `${verb.tried} ${step}`
        : e.action === 'APPROVE'
          ? 'approving the step'
          : e.action === 'ABORT'
            ? 'aborting the release'
            : verb.tried;
    return `${who} was refused ${what}: ${e.result}${refusalDetail(e.message)}`;
  }
  const why = e.reason !== null ? ` — “${e.reason}”` : reasonFromMessage(e.message);
  return `${who} ${verb.done} ${step}${from}${why}`;
}

/** The reason as the audit message records it ("reason: …", "no reason given"), when the stored answer is gone. */
function reasonFromMessage(message: string | null): string {
  const m = message?.match(/^(?:replayed; )?reason: (.*)$/s);
  return m ? ` — “${m[1]}”` : '';
}

function refusalDetail(message: string | null): string {
  if (!message) return '';
  const detail = message.replace(/^(?:replayed; )?(?:reason: .*?|no reason given)(?:: |$)/s, '');
  return detail ? ` (${detail})` : '';
}
