// Who approved, jumped to or aborted what and when, from the audit log (Rollout.history), newest first.
import type { RolloutHistoryEntry } from '../../lib/api/types';
import { clockTime } from '../../lib/format';
import { historyWords } from '../../lib/kruise-rollout/history';

export function RolloutHistory({ entries }: { entries: readonly RolloutHistoryEntry[] }) {
  if (entries.length === 0) return <p className="muted small">Nobody has approved, jumped or aborted this Rollout yet.</p>;
  return (
    <ul className="rollout-history" data-testid="rollout-history">
      {entries.map((e, i) => (
        <li key={`${e.at}-${i}`} className={e.result === 'ok' ? '' : 'refused'}>
          <time dateTime={e.at} title={e.at}>
            {clockTime(e.at)}
          </time>{' '}
          {historyWords(e)}
        </li>
      ))}
    </ul>
  );
}
