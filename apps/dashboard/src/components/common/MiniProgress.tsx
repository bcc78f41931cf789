// The list's small progress bar: updated-available, updated-ready and updated pods against desired,
// with a tick where the partition stops the rollout.
import type { Progress } from '../../lib/rollout/progress';

export function MiniProgress({ p }: { p: Progress }) {
  const pct = (f: number) => `${(f * 100).toFixed(1)}%`;
  return (
    <div
      className="mini-progress"
      role="img"
      aria-label={`${p.updatedAvailable} of ${p.desired} updated and available`}
      title={`updated ${p.updated}, updated ready ${p.updatedReady}, updated available ${p.updatedAvailable} of ${p.desired}; expected ${p.expectedUpdated}`}
    >
      <span className="seg updated" style={{ width: pct(p.fraction.updated) }} />
      <span className="seg updated-ready" style={{ width: pct(p.fraction.updatedReady) }} />
      <span className="seg updated-available" style={{ width: pct(p.fraction.updatedAvailable) }} />
      {p.partition > 0 && <span className="mark partition" style={{ left: pct(p.fraction.partitionMark) }} />}
    </div>
  );
}
